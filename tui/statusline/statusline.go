// Package statusline is the workbench's status line: the last message (an
// error or a note), a note held until the next key so a load or a save
// cannot hide it, and the short key help on the right, dropped piece by
// piece when space is short. A message longer than the screen wraps
// rather than being cut.
package statusline

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/x/ansi"
	"github.com/sweeptune/sweeptune/render/termsafe"
	"github.com/sweeptune/sweeptune/themes"
	"github.com/sweeptune/sweeptune/tui/frame"
)

// MaxLines bounds the status line's growth for a long message.
const MaxLines = 3

// Line is the message shown; messages carry file names and data, so they
// are escaped on the way in.
type Line struct {
	Text string
	Err  bool
	held string // a note kept in front until a key (see Hold)
	// Shown is the message on screen when the last key arrived (the help
	// opened by that key shows it whole when the screen cut it).
	Shown string
}

// Set is the status line's one way in; a held note stays in front.
func (l *Line) Set(s string, isErr bool) {
	s = termsafe.String(s)
	if l.held != "" && s != l.held {
		s, isErr = l.held+" · "+s, true
	}
	l.Text, l.Err = s, isErr
}

// Hold shows a note that must be seen (a session kept aside, a directory
// that cannot be watched) until the next key.
func (l *Line) Hold(s string) {
	s = termsafe.String(s)
	if l.held != "" && !strings.Contains(l.held, s) {
		s = l.held + " · " + s
	}
	l.held = s
	l.Text, l.Err = s, true
}

// Seen drops the held note: a key was pressed, the next message replaces it.
func (l *Line) Seen() { l.Shown, l.held = l.Text, "" }

// Left is the left side: a question asked, the loading spinner, or the
// message in its style.
func (l Line) Left(st themes.Styles, question string, loading bool, spin string) string {
	switch {
	case question != "":
		return st.Warn.Render("? " + question)
	case loading:
		return spin + " " + st.StatusDesc.Render("loading…")
	case l.Text != "" && l.Err:
		return st.StatusErr.Render(l.Text)
	case l.Text != "":
		return st.StatusInfo.Render(l.Text)
	}
	return ""
}

// Lines lays left and the short help out w cells wide: one line, or up to
// maxRows when left alone is wider than the screen (the help then waits).
// right(true) is the full short help, right(false) the one without the
// pane's keys.
func Lines(left string, w, maxRows int, right func(full bool) string) []string {
	lw := frame.Width(left)
	if lw > w {
		lines := frame.Wrap(left, w)
		if n := max(min(MaxLines, maxRows), 1); len(lines) > n {
			lines = lines[:n]
			lines[n-1] = ansi.Truncate(lines[n-1], w-1, "") + "…"
		}
		for i := range lines {
			lines[i] = frame.FitLine(lines[i], w)
		}
		return lines
	}
	r := right(true)
	if lw+frame.Width(r)+2 > w {
		r = right(false)
	}
	if lw+frame.Width(r)+2 > w {
		r = ""
	}
	rw := frame.Width(r)
	return []string{frame.FitLine(left+strings.Repeat(" ", max(w-lw-rw, 0))+r, w)}
}

// Cut says Lines cuts a message of text w cells wide (it ends in …).
func Cut(text string, w, maxRows int) bool {
	return w > 0 && frame.Width(text) > w && len(frame.Wrap(text, w)) > max(min(MaxLines, maxRows), 1)
}

// Keys is "key desc · key desc" in the status line's styles.
func Keys(st themes.Styles, bs []key.Binding) string {
	parts := make([]string, 0, len(bs))
	for _, b := range bs {
		parts = append(parts, st.StatusKey.Render(b.Help().Key)+" "+st.StatusDesc.Render(b.Help().Desc))
	}
	return strings.Join(parts, st.StatusDesc.Render(" · "))
}
