// Package clip puts text on the terminal's clipboard with OSC 52 (C copies
// the selected point's ID or the export's selectors, P the export's diff):
// the sequence goes to the terminal, wrapped to pass through tmux or
// screen, and the terminal must allow it.
package clip

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/aymanbagabas/go-osc52/v2"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/sweeptune/sweeptune/tui/msgs"
)

// Copier is a pane that names something worth copying: the selected
// point's ID, the export's selectors.
type Copier interface {
	// Copy is what C puts on the clipboard; ok is false when there is
	// nothing (no selection, nothing exported yet).
	Copy() (c msgs.Copy, ok bool)
}

// Copy is the command that writes c's OSC 52 sequence to w, and the
// status line saying what it copied; a failed write comes back as a
// msgs.Status.
func Copy(w io.Writer, c msgs.Copy) (cmd tea.Cmd, say string) {
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
	return func() tea.Msg {
		if _, err := seq.WriteTo(w); err != nil {
			return msgs.Status{Text: "copy failed: " + err.Error(), Err: true}
		}
		return nil
	}, "copied " + what + " to the clipboard (OSC 52: the terminal must allow it)"
}

// Writer is where OSC 52 goes: w when a test captures it, else the
// terminal.
func Writer(w io.Writer) io.Writer {
	if w != nil {
		return w
	}
	return os.Stdout
}
