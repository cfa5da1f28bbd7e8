package tui

import (
	"slices"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
	"github.com/sweeptune/sweeptune/tui/layout"
	"github.com/sweeptune/sweeptune/tui/points"
)

// The load makes the views of the curves within aroundFirstFrame of the
// first one (and the panes' derivations of them) ahead, and no further
// ones: those are the work ahead's, after the first frame. The frames
// that follow are those of a load that made none.
func TestLoadMakesTheCurvesAroundAhead(t *testing.T) {
	pts := testkit.SyntheticCurves(100000, 5) // views of 10,000 points: copied in halves
	ahead, plain := loadedAs(160, 48, pts, true), loadedAs(160, 48, slices.Clone(pts), false)
	st := ahead.State()
	at := st.CurveIndex()
	for _, d := range []int{1, -1, 2, -2} {
		k := st.Curves[(at+d+len(st.Curves))%len(st.Curves)].Key
		if made := st.Serial(k) != 0; made != (max(d, -d) <= aroundFirstFrame) {
			t.Fatalf("curve %+v (%+d from the first): view made at load %v", k, d, made)
		}
		if plain.State().Serial(k) != 0 {
			t.Fatalf("the plain load made curve %+v's view", k)
		}
	}
	if a, p := ahead.View(), plain.View(); a != p {
		t.Fatalf("first frames differ:\n%s\n---\n%s", a, p)
	}
	for _, k := range []string{"]", "]", "[", "[", "[", "y", "x", "2", "down", "1", "@", "down", "enter", "]", "m"} {
		press(ahead, k)
		press(plain, k)
		if a, p := ahead.View(), plain.View(); a != p {
			t.Fatalf("after %q the frames differ:\n%s\n---\n%s", k, a, p)
		}
	}
}

// The load makes the facts of the curves it makes views of (the first
// one and those around it) and no others, and measures no ID: commands
// after its first frame make the rest and measure them, and the frames
// after it are those of a load that made nothing ahead.
func TestLoadMakesTheOtherCurvesFactsAfterTheFirstFrame(t *testing.T) {
	pts := testkit.SyntheticCurves(60000, 6)
	m := New(Options{Theme: "none", Renderer: testkit.Renderer()})
	resize(m, 160, 48)
	m.load()
	msg := loadedMsg{gen: m.gen, ds: &sources.Dataset{Points: pts, Files: 1}, prep: m.loadAhead().run(pts)}
	_, cmd := m.Update(msg)
	if _, ok := m.st.FactsJob(func() {}); !ok {
		t.Fatal("the load made every curve's facts before its first frame")
	}
	before := m.View()
	if m.panes[layout.Points].(*points.Model).MeasuredIDs() {
		t.Fatal("the load measured the IDs before its first frame")
	}
	made := runAfterLoad(m, cmd)
	if _, ok := m.st.FactsJob(func() {}); ok || made != 2 {
		t.Fatalf("after the load's commands some curve has no facts (%d of its two commands ran)", made)
	}
	if !m.panes[layout.Points].(*points.Model).MeasuredIDs() {
		t.Fatal("no IDs measured after the load's commands")
	}
	if after := m.View(); after != before {
		t.Fatalf("the facts changed the frame:\n%s\n---\n%s", before, after)
	}
	plain := loadedAs(160, 48, slices.Clone(pts), false)
	calibrate(m)
	for _, k := range []string{"]", "]", "]", "[", "y", "@", "down", "enter", "]"} {
		press(m, k)
		press(plain, k)
		if a, p := m.View(), plain.View(); a != p {
			t.Fatalf("after %q the frames differ:\n%s\n---\n%s", k, a, p)
		}
	}
}

// runAfterLoad runs the facts and data commands among cmd's (batches
// opened, the load settled first), feeding their messages to Update, and
// counts them.
func runAfterLoad(m *Model, cmd tea.Cmd) int {
	if cmd == nil {
		return 0
	}
	switch msg := cmd().(type) {
	case tea.BatchMsg:
		n := 0
		for _, c := range msg {
			n += runAfterLoad(m, c)
		}
		return n
	case settledMsg:
		_, next := m.Update(msg)
		return runAfterLoad(m, next)
	case factsMadeMsg, dataPreparedMsg:
		m.Update(msg)
		return 1
	}
	return 0
}
