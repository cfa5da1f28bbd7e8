package curve

import (
	"reflect"
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/render/plot"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
	"github.com/sweeptune/sweeptune/tui/keys"
)

// The plot drawn from what the pane kept (series, x order, legend by view
// and axes; the plot binned to its cells) is the plot a new pane draws on
// the same state, after every kind of change, and a click finds the same
// point.
//
// Derived, each change's series is made as a key makes it beside the
// table (Derive, binned ahead for the canvas drawn last) before Refresh.
func TestKeptPlotIsThePlot(t *testing.T) {
	t.Run("refreshed", func(t *testing.T) { keptPlotIsThePlot(t, false) })
	t.Run("derived", func(t *testing.T) { keptPlotIsThePlot(t, true) })
}

func keptPlotIsThePlot(t *testing.T, derived bool) {
	st := testkit.KeptState()
	m := New(st, keys.Default().Curve, testkit.Plain())
	m.SetSize(120, 40)
	check := func(what string) {
		t.Helper()
		c := st.TakeChanges()
		if work, keep := m.Derive(c); derived && work != nil {
			keep(work())
		}
		m.Refresh(c)
		f := New(st, keys.Default().Curve, testkit.Plain())
		f.SetSize(m.w, m.h)
		if m.View() != f.View() {
			t.Fatalf("%s: kept\n%s\nnew\n%s", what, m.View(), f.View())
		}
		// The series are plot.CurveSet's, made from nothing.
		if want := plot.CurveSet(st.ShownCurve(), st.OverlayCurves(), st.X, st.Y, st.OptimalOnly, m.marks); !reflect.DeepEqual(m.series, want) {
			t.Fatalf("%s: the kept series are not plot.CurveSet's", what)
		}
		for y := 0; y < m.h; y += 3 {
			for x := 0; x < m.w; x += 2 {
				sel := st.Selected
				m.Click(x, y)
				got := st.Selected
				st.Select(sel)
				f.Click(x, y)
				if want := st.Selected; got != want {
					t.Fatalf("%s: a click at %d,%d selects %s, want %s", what, x, y, got, want)
				}
				st.Select(sel)
			}
		}
		// ← and → walk the points by x as a pane made from nothing walks
		// them (the x order kept, or made when first walked).
		for _, d := range []int{1, -1} {
			sel := st.Selected
			m.step(d)
			got := st.Selected
			st.Select(sel)
			f.step(d)
			if want := st.Selected; got != want {
				t.Fatalf("%s: a step %d from %s selects %s, want %s", what, d, sel, got, want)
			}
			st.Select(sel)
		}
		if want := xOrder(model.RefsTo(st.View()), st.X, st.Y, nil); !reflect.DeepEqual(m.xOrder(), want) {
			t.Fatalf("%s: the kept x order is not the view's", what)
		}
		st.TakeChanges()
	}
	first := st.Curve
	testkit.StepCurveAndY(st, check)
	st.CycleX(1)
	check("next x")
	st.ToggleLogX()
	check("log x")
	st.CycleX(-1)
	check("x back")
	st.ToggleLogX()
	m.step(1)
	m.step(1)
	check("selection moved")
	marked := st.Selected
	st.ToggleMark(marked)
	check("marked")
	m.step(1) // the marked point shows ×, not the selection's ◆
	st.StepCurve(1)
	st.StepCurve(-1)
	st.Select(st.View()[0].ID)
	if st.Selected == marked {
		st.Select(st.View()[1].ID)
	}
	check("marked, the curve shown again")
	st.ToggleOptimalOnly()
	check("frontier only")
	st.ToggleOptimalOnly()
	st.ToggleMark(marked)
	check("unmarked")
	st.SetOverlays([]model.CurveKey{st.Neighbours()[0]})
	check("overlaid")
	testkit.ReloadAndAsOf(st, check)
	p := st.View()[0]
	p.ID = "preview"
	st.SetPreview(&p)
	check("a preview")
	st.SetPreview(nil)

	testkit.AdoptNext(st, m, check)
	st.SetCurve(first)
	check("the first again")
	if derived && m.binnedAhead != nil || derived && m.takenAhead == 0 {
		t.Fatalf("the draws took %d bins made ahead (%v left)", m.takenAhead, m.binnedAhead != nil)
	}
}

// A series made beside the table is binned ahead for the last canvas and
// drawn from those bins; with a point marked, whose marker the bins would
// have weighed as unmarked, it is binned at the draw.
func TestBinnedAheadIsThePlot(t *testing.T) {
	st := testkit.KeptState()
	m := New(st, keys.Default().Curve, testkit.Plain())
	m.SetSize(120, 40)
	step := func(what string, wantTaken int) {
		t.Helper()
		c := st.TakeChanges()
		if work, keep := m.Derive(c); work != nil {
			keep(work())
		}
		before := m.takenAhead
		m.Refresh(c)
		f := New(st, keys.Default().Curve, testkit.Plain())
		f.SetSize(m.w, m.h)
		if m.View() != f.View() {
			t.Fatalf("%s: drawn\n%s\nnew\n%s", what, m.View(), f.View())
		}
		if got := m.takenAhead - before; got != wantTaken {
			t.Fatalf("%s: %d draws took bins made ahead, want %d", what, got, wantTaken)
		}
	}
	st.CycleY(1)
	step("another y", 1)
	st.ToggleMark(st.View()[3].ID) // not the selected point
	step("marked", 0)
	st.CycleY(1)
	step("marked, another y", 0)
}
