package guard

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// syncBuffer is an output the renderer writes from its own goroutine.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// crashModel panics in a command, or starts a goroutine of ours that does.
type crashModel struct{ inCmd bool }

func (c crashModel) Init() tea.Cmd {
	if c.inCmd {
		return func() tea.Msg { panic("boom in a command") }
	}
	Go(func() {
		time.Sleep(20 * time.Millisecond)
		panic("boom in the watcher")
	})
	return nil
}

func (c crashModel) Update(tea.Msg) (tea.Model, tea.Cmd) { return c, nil }
func (c crashModel) View() string                        { return "working" }

// A panic off the program's goroutine (a command, the --watch goroutine)
// used to end the process in the alternate screen with the panic printed
// into it, or not at all. The program stops, the terminal is restored (the
// alternate screen left, the cursor shown), and then the panic is raised
// again with its message and stack.
func TestPanicRestoresTheTerminal(t *testing.T) {
	for _, c := range []struct {
		m    crashModel
		want string
	}{{crashModel{inCmd: true}, "boom in a command"}, {crashModel{}, "boom in the watcher"}} {
		out := &syncBuffer{}
		var raised any
		func() {
			defer func() { raised = recover() }()
			Run(c.m, tea.WithAltScreen(), tea.WithInput(strings.NewReader("")), tea.WithOutput(out), tea.WithoutSignalHandler())
		}()
		msg := fmt.Sprint(raised)
		if !strings.Contains(msg, c.want) || !strings.Contains(msg, "panicked at:") {
			t.Errorf("%s: raised %q", c.want, msg)
		}
		o := out.String()
		enter, leave := strings.Index(o, "\x1b[?1049h"), strings.LastIndex(o, "\x1b[?1049l")
		if enter < 0 || leave < enter || !strings.Contains(o[leave:]+o, "\x1b[?25h") {
			t.Errorf("%s: the terminal was not restored: %q", c.want, o)
		}
	}
}
