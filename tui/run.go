package tui

import (
	"fmt"
	"io"
	"log"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/sweeptune/sweeptune/sources/watch"
	"github.com/sweeptune/sweeptune/tui/guard"
	"github.com/sweeptune/sweeptune/tui/layout"
	"github.com/sweeptune/sweeptune/tui/quiet"
)

// debug is the --debug log: keys at the root, loads; silent without it.
var debug = log.New(io.Discard, "", 0)

// Run starts the workbench on the terminal and blocks until it quits.
// debugFile, when set, receives the log (never stdout while the TUI runs).
func Run(opts Options, debugFile string) error {
	if debugFile != "" {
		f, err := tea.LogToFile(debugFile, "sweeptune")
		if err != nil {
			return fmt.Errorf("--debug: %w", err)
		}
		defer f.Close()
		log.SetFlags(log.LstdFlags | log.Lmicroseconds) // a key's start, to the microsecond
		debug = log.Default()                           // tea.LogToFile pointed it at the file
	}
	m := New(opts)
	m.yieldTo = keyQuiet // the work ahead makes way for typing
	m.holdWhileTyping()
	if len(opts.Watch) > 0 {
		w, err := watch.StartWith(opts.Watch, guard.Go) // a panic in it stops the program cleanly
		if err != nil {
			m.hold("--watch: " + err.Error())
		} else {
			m.watch = w
			defer w.Close()
			if p := w.TakeProblems(); len(p) > 0 {
				m.hold("--watch: " + strings.Join(p, "; ") + "; the rest is watched")
			}
		}
	}
	// The renderer draws on a ticker: at bubbletea's default 60 a key's
	// frame (and the first one) waits up to 16.7 ms for it, as long as
	// the work of the slowest key; at its maximum, 120, half that.
	popts := []tea.ProgramOption{tea.WithAltScreen(), tea.WithFPS(rendererFPS)}
	if opts.Mouse {
		popts = append(popts, tea.WithMouseCellMotion())
	}
	return guard.Run(m, popts...)
}

// rendererFPS is the renderer's frame rate: bubbletea's highest.
const rendererFPS = 120

// holdWhileTyping makes the review and the planner's calibration of a
// changed curve wait until keys stop coming (tui/quiet): typed fast
// through a million points' curves, only the curve stopped on is worked
// out.
func (m *Model) holdWhileTyping() {
	if r, ok := m.panes[layout.Review].(interface{ SetGate(*quiet.Gate) }); ok {
		r.SetGate(quiet.New(m.lastKey, m.yieldTo))
	}
	if p, ok := m.panes[layout.Planner].(interface{ SetGate(*quiet.Gate) }); ok {
		p.SetGate(quiet.New(m.lastKey, m.yieldTo))
	}
}
