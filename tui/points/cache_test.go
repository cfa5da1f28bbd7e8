package points

import (
	"testing"

	"github.com/sweeptune/sweeptune/tui/internal/testkit"
	"github.com/sweeptune/sweeptune/tui/keys"
)

// The table drawn from what it kept (statuses, orders, widths by view and
// axes) is the table a new pane draws on the same state, after every kind
// of change: curves shown again, y and x and back, sorts, a mark, a
// reload with other values, an as-of date, a filter, a prefetch adopted.
func TestKeptTableIsTheTable(t *testing.T) {
	st := testkit.KeptState()
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
	testkit.StepCurveAndY(st, check)
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
	testkit.ReloadAndAsOf(st, check)

	// A prefetch for the next curve, adopted, then shown.
	testkit.AdoptNext(st, m, check)
	st.SetCurve(first)
	m.filter.SetValue("c:>100")
	m.rebuild()
	check("filtered")
}
