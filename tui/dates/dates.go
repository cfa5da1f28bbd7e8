// Package dates is the workbench's "compare two dates" view (H): one
// curve's history between two run dates, worded by render.History and
// scrolled; esc closes it. Building it reads and git-dates the changelogs,
// so it runs in a command and a stale result (an older comparison) is
// dropped.
package dates

import (
	"fmt"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/render"
	"github.com/sweeptune/sweeptune/render/termsafe"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/sources/srt"
	"github.com/sweeptune/sweeptune/themes"
	"github.com/sweeptune/sweeptune/tui/keys"
	"github.com/sweeptune/sweeptune/tui/paint"
	"github.com/sweeptune/sweeptune/tui/scroll"
)

// View is an open comparison.
type View struct {
	Title string
	view  scroll.View
	gen   int
	hist  sources.History // the comparison, once ready
	ready bool            // false while comparing
	width int
	st    themes.Styles
}

// comparedMsg is a finished comparison; gen drops stale ones.
type comparedMsg struct {
	gen  int
	hist sources.History
}

// Request is what a comparison takes, captured by value.
type Request struct {
	Points   []model.Point // the shown curve's, every date
	From, To string
	X, Y     model.Axis
	Logs     []srt.ChangelogFile // the changelogs among the inputs
	Extra    string              // a changelog to read as well (--changelog), "" none
}

// Open opens the view on req (gen tells it from earlier ones) and returns
// the command that compares.
func Open(req Request, gen int, km keys.Scroll) (*View, tea.Cmd) {
	v := &View{Title: "curve as of " + req.From + " → " + req.To + " (esc closes)", view: scroll.New(km), gen: gen}
	v.view.SetContent("comparing…")
	logs := append([]srt.ChangelogFile(nil), req.Logs...)
	return v, func() tea.Msg {
		var readErr string
		if req.Extra != "" {
			if l, err := sources.ReadChangelog(req.Extra); err == nil {
				logs = append(logs, l)
			} else {
				readErr = fmt.Sprintf("%s: %v", req.Extra, err)
			}
		}
		r := sources.BuildHistory(req.Points, req.From, req.To, req.X, req.Y, logs)
		if readErr != "" && len(logs) == 0 {
			r.LogError = readErr
		}
		return comparedMsg{gen: gen, hist: r}
	}
}

// escaped is d with every control character of its text shown escaped
// (\x1b): changelog descriptions, config keys and file names come from
// data, and the frame's last guard would strip what it should show.
func escaped(d render.Doc) render.Doc {
	out := render.Doc{Lines: make([]render.Line, len(d.Lines))}
	for i, l := range d.Lines {
		out.Lines[i] = make(render.Line, len(l))
		for j, sp := range l {
			out.Lines[i][j] = render.Span{Text: termsafe.String(sp.Text), Class: sp.Class}
		}
	}
	return out
}

// Handle takes the view's comparison result; handled is false for any
// other message.
func (v *View) Handle(msg tea.Msg, st themes.Styles) bool {
	r, ok := msg.(comparedMsg)
	if !ok {
		return false
	}
	if v != nil && r.gen == v.gen {
		v.hist, v.ready = r.hist, true
		v.SetStyles(st)
	}
	return true
}

// SetStyles paints the comparison in the theme.
func (v *View) SetStyles(st themes.Styles) {
	v.st = st
	if v.ready {
		// laid out for the view's width: a table wider than it becomes blocks
		v.view.SetContent(paint.Doc(escaped(render.HistoryIn(v.hist, v.width)), st))
	}
}

// SetSize sets the inner size.
func (v *View) SetSize(w, h int) {
	redo := w != v.width
	v.width = w
	v.view.SetSize(w, h)
	if redo {
		v.SetStyles(v.st)
	}
}

// Update scrolls.
func (v *View) Update(msg tea.KeyMsg) { v.view.Update(msg) }

// String is the view's text, exactly its size.
func (v *View) String() string { return v.view.String() }
