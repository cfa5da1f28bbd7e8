package tui

import (
	"reflect"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
)

func TestMain(m *testing.M) { testkit.Main(m) }

// newLoaded is a workbench of w×h that has loaded pts (no session file).
func newLoaded(t testing.TB, w, h int, pts []model.Point) *Model {
	t.Helper()
	m := New(Options{Theme: "none", Renderer: testkit.Renderer()})
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	m.load()
	m.Update(loadedMsg{gen: m.gen, ds: &sources.Dataset{Points: pts, Files: 1}})
	return m
}

func demoModel(t testing.TB, w, h int) *Model { return newLoaded(t, w, h, testkit.Demo()) }

// press sends keys one by one, as a terminal would.
func press(m *Model, ks ...string) tea.Cmd {
	var last tea.Cmd
	for _, k := range ks {
		_, last = m.Update(testkit.Key(k))
	}
	return last
}

// typeText presses each rune of s.
func typeText(m *Model, s string) {
	for _, r := range s {
		m.Update(testkit.Key(string(r)))
	}
}

// settle runs the panes' background work (review, export build) inline,
// as the runtime would run their commands.
func settle(m *Model) {
	for _, p := range m.panes {
		if s, ok := p.(interface{ Sync() }); ok {
			s.Sync()
		}
	}
	m.compose()
}

// run executes a command as the runtime would, feeding its messages back
// through Update, a few levels deep (status lines, reviews, builds).
// Timers (spinner ticks) are never started here: no load is in flight.
func run(m *Model, cmd tea.Cmd) {
	runDepth(m, cmd, 0)
}

func runDepth(m *Model, cmd tea.Cmd, depth int) {
	if cmd == nil || depth > 6 {
		return
	}
	msg := cmd()
	if msg == nil {
		return
	}
	if b, ok := msg.(tea.BatchMsg); ok {
		for _, c := range b {
			runDepth(m, c, depth+1)
		}
		return
	}
	// tea.Sequence's message is an unexported []tea.Cmd.
	if v := reflect.ValueOf(msg); v.Kind() == reflect.Slice && v.Type().Elem() == reflect.TypeOf(tea.Cmd(nil)) {
		for i := 0; i < v.Len(); i++ {
			runDepth(m, v.Index(i).Interface().(tea.Cmd), depth+1)
		}
		return
	}
	if _, quit := msg.(tea.QuitMsg); quit {
		return
	}
	_, next := m.Update(msg)
	runDepth(m, next, depth+1)
}

// do presses keys one by one and runs what each starts.
func do(m *Model, ks ...string) {
	for _, k := range ks {
		_, cmd := m.Update(testkit.Key(k))
		run(m, cmd)
	}
}

// status is the status line's text.
func status(m *Model) string { return strings.TrimSpace(lastLine(m.View())) }
