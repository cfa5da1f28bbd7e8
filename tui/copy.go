package tui

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/aymanbagabas/go-osc52/v2"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/sweeptune/sweeptune/tui/layout"
	"github.com/sweeptune/sweeptune/tui/msgs"
)

// copier is a pane that names something worth copying: the selected
// point's ID, the export's selectors.
type copier interface {
	// Copy is what C puts on the clipboard; ok is false when there is
	// nothing (no selection, nothing exported yet).
	Copy() (c msgs.Copy, ok bool)
}

// copyFocused copies what the focused pane names.
func (m *Model) copyFocused() tea.Cmd {
	if c, ok := m.panes[m.focus].(copier); ok {
		if cp, ok := c.Copy(); ok {
			return m.copyCmd(cp)
		}
	}
	m.info("nothing to copy in the " + layout.Names[m.focus] + " pane (C copies the selected point's ID, or the export's selectors)")
	return nil
}

// copyCmd writes the OSC 52 sequence that asks the terminal to set its
// clipboard (inside tmux or screen, wrapped so it passes through) and says
// what it copied.
func (m *Model) copyCmd(c msgs.Copy) tea.Cmd {
	seq := osc52.New(c.Text)
	switch {
	case os.Getenv("TMUX") != "":
		seq = seq.Tmux()
	case strings.HasPrefix(os.Getenv("TERM"), "screen"):
		seq = seq.Screen()
	}
	what := c.What
	if n := strings.Count(strings.TrimRight(c.Text, "\n"), "\n") + 1; n > 1 {
		what += fmt.Sprintf(" (%d lines)", n)
	} else {
		what += " " + c.Text
	}
	m.info("copied " + what + " to the clipboard (OSC 52: the terminal must allow it)")
	w := m.clip
	return func() tea.Msg {
		if _, err := seq.WriteTo(w); err != nil {
			return msgs.Status{Text: "copy failed: " + err.Error(), Err: true}
		}
		return nil
	}
}

// clipboardWriter is where OSC 52 goes: the terminal, unless a test
// captures it.
func clipboardWriter(w io.Writer) io.Writer {
	if w != nil {
		return w
	}
	return os.Stdout
}
