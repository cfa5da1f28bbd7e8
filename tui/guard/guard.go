// Package guard keeps the terminal usable when the workbench panics. Bubble
// Tea restores the terminal when Update or View panics; a panic in a
// command or in a goroutine of ours (the --watch watcher) is caught where it
// happens, the program is stopped (which restores the terminal), and the
// panic is raised again once Run is back, so its message and stack print on
// a usable terminal rather than into the alternate screen.
package guard

import (
	"fmt"
	rdebug "runtime/debug"

	tea "github.com/charmbracelet/bubbletea"
)

// crash is a panic caught off the program's goroutine.
type crash struct {
	value any
	stack []byte
}

func (c crash) String() string {
	return fmt.Sprintf("%v\n\npanicked at:\n%s", c.value, c.stack)
}

// crashes carries the first such panic to the running program.
var crashes = make(chan crash, 1)

// catch records a panic of the calling goroutine (use: defer catch()).
func catch() {
	if r := recover(); r != nil {
		select {
		case crashes <- crash{value: r, stack: rdebug.Stack()}:
		default: // one is on its way already
		}
	}
}

// Go runs f on a goroutine whose panic stops the program cleanly.
func Go(f func()) {
	go func() {
		defer catch()
		f()
	}()
}

// guardCmd wraps a command (and the commands of a batch it returns) so
// that its panic is caught the same way.
func guardCmd(c tea.Cmd) tea.Cmd {
	if c == nil {
		return nil
	}
	return func() (msg tea.Msg) {
		defer catch()
		msg = c()
		if b, ok := msg.(tea.BatchMsg); ok {
			for i := range b {
				b[i] = guardCmd(b[i])
			}
		}
		return msg
	}
}

// guarded is the model as the program runs it: every command guarded.
type guarded struct{ m tea.Model }

func (g guarded) Init() tea.Cmd { return guardCmd(g.m.Init()) }

func (g guarded) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	m, cmd := g.m.Update(msg)
	return guarded{m}, guardCmd(cmd)
}

func (g guarded) View() string { return g.m.View() }

// Run runs m until it quits; a caught panic stops it and is raised
// again after the terminal is restored.
func Run(m tea.Model, popts ...tea.ProgramOption) error {
	for len(crashes) > 0 {
		<-crashes // a crash of an earlier program (tests run several)
	}
	p := tea.NewProgram(guarded{m}, popts...)
	stop := make(chan struct{})
	caught := make(chan crash, 1)
	go func() {
		select {
		case c := <-crashes:
			caught <- c
			p.Kill()
		case <-stop:
		}
	}()
	_, err := p.Run()
	close(stop)
	select {
	case c := <-caught:
		panic(c.String())
	default:
	}
	return err
}
