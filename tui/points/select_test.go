package points

import (
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
)

// A in the points pane accepts the selection on the shown x axis: on the
// demo at p90 interactivity agg TP2/EP2 c16 is marked for removal, and the
// earlier 8P mark (8P has no p90 value, so the selection leaves it be) stays.
func TestAcceptSelectionKey(t *testing.T) {
	m, st := newPane(testkit.Plain(), 120, 34)
	st.SetX(model.AxisP90Intvty)
	st.TakeChanges()
	m.Update(testkit.Key("A"))
	if !st.Marks["agg-tep2-c16"] || !st.Marks["8p1d-dep2-dep16-c4096"] || len(st.Marks) != 2 {
		t.Fatalf("marks after A: %v", st.MarkedIDs())
	}
	if _, ok := st.Undo(); !ok || st.Marks["agg-tep2-c16"] {
		t.Errorf("u did not take the selection back: %v", st.MarkedIDs())
	}
}
