package tui

import (
	"slices"
	"testing"

	"github.com/sweeptune/sweeptune/model"

	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
)

// loadedAs opens the workbench on pts, the load prepared as the load
// command prepares it (prepared) or made by the load's Update alone.
func loadedAs(pts []model.Point, prepared bool) *Model {
	m := New(Options{Theme: "none", Renderer: testkit.Renderer()})
	resize(m, 160, 48)
	m.load()
	msg := loadedMsg{gen: m.gen, ds: &sources.Dataset{Points: pts, Files: 1}}
	if prepared {
		msg.prep = m.loadAhead().run(pts)
	}
	m.Update(msg)
	calibrate(m)
	return m
}

// The load makes the views of the curves around the first one (and the
// panes' derivations of them) ahead, each on its own core, copied in
// halves; the frames that follow are those of a load that made none.
func TestLoadMakesTheCurvesAroundAhead(t *testing.T) {
	pts := testkit.SyntheticCurves(100000, 5) // views of 10,000 points: copied in halves
	ahead, plain := loadedAs(pts, true), loadedAs(slices.Clone(pts), false)
	st := ahead.State()
	at := st.CurveIndex()
	for _, d := range []int{1, -1, 2, -2} {
		k := st.Curves[(at+d+len(st.Curves))%len(st.Curves)].Key
		if st.Serial(k) == 0 {
			t.Fatalf("curve %+v (%+d from the first) has no view made at load", k, d)
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
