package points

import (
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
)

// A in the points pane accepts the selection on the shown x axis: on the
// demo at p90 interactivity agg TP2/EP2 c16 and 9P BS160 (placed by its mean
// interactivity) are marked for removal, and the earlier 8P mark stays.
func TestAcceptSelectionKey(t *testing.T) {
	m, st := newPane(testkit.Plain(), 120, 34)
	st.SetX(model.AxisP90Intvty)
	st.TakeChanges()
	m.Update(testkit.Key("A"))
	if !st.Marks["agg-tep2-c16"] || !st.Marks["8p1d-dep2-dep16-c4096"] || !st.Marks["9p1d-dep2-dep16-b160-c7480"] || len(st.Marks) != 3 {
		t.Fatalf("marks after A: %v", st.MarkedIDs())
	}
	if _, ok := st.Undo(); !ok || st.Marks["agg-tep2-c16"] {
		t.Errorf("u did not take the selection back: %v", st.MarkedIDs())
	}
}
