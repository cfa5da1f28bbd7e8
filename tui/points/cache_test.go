package points

import (
	"testing"

	"github.com/sweeptune/sweeptune/internal/fixtures"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
	"github.com/sweeptune/sweeptune/tui/keys"
	"github.com/sweeptune/sweeptune/workbench"
)

// The table drawn from what it kept (statuses, orders, widths by view and
// axes) is the table a new pane draws on the same state, after every kind
// of change: curves shown again, y and x and back, sorts, a mark, a
// reload with other values, an as-of date, a filter, a prefetch adopted.
func TestKeptTableIsTheTable(t *testing.T) {
	st := workbench.New()
	st.SetPoints(fixtures.SyntheticCurves(2400, 4))
	st.TakeChanges()
	m := New(st, keys.Default().Points, testkit.Plain())
	m.SetSize(140, 30)
	check := func(what string) {
		t.Helper()
		m.Refresh(st.TakeChanges())
		f := New(st, keys.Default().Points, testkit.Plain())
		f.sortCol, f.desc = m.sortCol, m.desc
		f.filter.SetValue(m.filter.Value())
		f.SetSize(m.w, m.h)
		f.rebuild()
		f.table.offset, f.table.cursor = m.table.offset, m.table.cursor
		f.redraw()
		if m.View() != f.View() {
			t.Fatalf("%s: kept\n%s\nnew\n%s", what, m.View(), f.View())
		}
	}
	first := st.Curve
	st.StepCurve(1)
	check("next curve")
	st.StepCurve(-1)
	check("back on the first")
	st.CycleY(1)
	check("next y")
	st.CycleY(-1)
	check("y back")
	st.CycleX(1)
	check("next x")
	st.CycleX(-1)
	check("x back")
	for i := 0; i < numCols; i++ {
		m.Update(testkit.Key("s"))
		check("sorted")
	}
	m.Update(testkit.Key("S"))
	check("reversed")
	m.Update(testkit.Key("down"))
	m.Update(testkit.Key("m"))
	check("marked")
	pts := fixtures.SyntheticCurves(2400, 4)
	for i := range pts {
		v, _ := pts[i].Metrics.Get(model.TputPerGPU)
		pts[i].Metrics.Set(model.TputPerGPU, v*3+1)
	}
	st.SetPoints(pts)
	check("reloaded")
	st.SetAsOf("2026-01-10", false)
	check("as of a date")
	st.SetAsOf("", false)
	check("latest again")

	// A prefetch for the next curve, adopted, then shown.
	next := st.Neighbours()[0]
	job, _ := st.ViewJob(next)
	made := job.Run()
	serial, _ := st.Adopt(made)
	m.Adopt(serial, st.X, st.Y, m.Prefetch(0, st.X, st.Y)(made.Points(), made.Projections(), next))
	st.SetCurve(next)
	check("a prefetched curve")
	st.SetCurve(first)
	m.filter.SetValue("c:>100")
	m.rebuild()
	check("filtered")
}
