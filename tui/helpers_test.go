package tui

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
	"github.com/sweeptune/sweeptune/tui/layout"
)

func TestMain(m *testing.M) { testkit.Main(m) }

// newLoaded is a workbench of w×h that has loaded pts (no session file).
func newLoaded(t testing.TB, w, h int, pts []model.Point) *Model {
	return start(Options{}, w, h, pts, 1)
}

// start opens the workbench with opts (theme none, colour off) at w×h and
// runs its first load: pts, read from the given number of files.
func start(opts Options, w, h int, pts []model.Point, files int) *Model {
	opts.Theme, opts.Renderer = "none", testkit.Renderer()
	m := New(opts)
	resize(m, w, h)
	reload(m, pts, files)
	return m
}

// loadedAs opens the workbench at w×h on pts, the load prepared as the
// load command prepares it (prepared: aheadOfLoad) or made by the load's
// Update alone.
func loadedAs(w, h int, pts []model.Point, prepared bool) *Model {
	m := New(Options{Theme: "none", Renderer: testkit.Renderer()})
	resize(m, w, h)
	m.load()
	msg := loadedMsg{gen: m.gen, ds: &sources.Dataset{Points: pts, Files: 1}}
	if prepared {
		msg.prep = m.loadAhead().run(pts)
	}
	m.Update(msg)
	calibrate(m)
	return m
}

// resize is the terminal taking w×h cells.
func resize(m *Model, w, h int) { m.Update(tea.WindowSizeMsg{Width: w, Height: h}) }

// reload runs a new load whose result is pts, read from files files.
func reload(m *Model, pts []model.Point, files int) {
	reloadData(m, &sources.Dataset{Points: pts, Files: files})
}

func reloadData(m *Model, ds *sources.Dataset) {
	m.load()
	m.Update(loadedMsg{gen: m.gen, ds: ds})
	calibrate(m)
}

// calibrate delivers the planner's calibration on the shown curve now, as
// the runtime does a moment after the change; its backtest stays pending.
func calibrate(m *Model) {
	if p, ok := m.panes[layout.Planner].(interface{ Calibrate() }); ok {
		p.Calibrate()
		m.compose()
	}
}

// click is a left click at x, y.
func click(m *Model, x, y int) {
	m.Update(tea.MouseMsg{X: x, Y: y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
}

func demoModel(t testing.TB, w, h int) *Model { return newLoaded(t, w, h, testkit.Demo()) }

// press sends keys one by one, as a terminal would.
func press(m *Model, ks ...string) tea.Cmd {
	var last tea.Cmd
	for _, k := range ks {
		_, last = m.Update(testkit.Key(k))
		calibrate(m)
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

// term drives the workbench in teatest's virtual terminal as a user
// types: keys and text, and waits for what the screen must show.
type term struct {
	t  *testing.T
	tm *teatest.TestModel
}

func newTerm(t *testing.T, m *Model, w, h int) *term {
	return &term{t: t, tm: teatest.NewTestModel(t, m, teatest.WithInitialTermSize(w, h))}
}

// wait blocks until the output shows what, failing after 5 s.
func (r *term) wait(what string) { r.waitWithin(what, 5*time.Second) }

func (r *term) waitWithin(what string, d time.Duration) {
	r.t.Helper()
	teatest.WaitFor(r.t, r.tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte(what)) },
		teatest.WithDuration(d), teatest.WithCheckInterval(10*time.Millisecond))
}

// keys sends keys (testkit.Key names); text types runes.
func (r *term) keys(ks ...string) {
	for _, k := range ks {
		r.tm.Send(testkit.Key(k))
	}
}

func (r *term) text(s string) { r.tm.Type(s) }

// final is the model once the program has quit (q, ctrl+c …).
func (r *term) final() *Model {
	return r.tm.FinalModel(r.t, teatest.WithFinalTimeout(5*time.Second)).(*Model)
}

// quit ends the program without a key and returns the final model.
func (r *term) quit() *Model {
	r.tm.Send(tea.Quit())
	return r.final()
}
