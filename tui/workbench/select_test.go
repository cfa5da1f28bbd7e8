package workbench_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/internal/fixtures"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/tui/workbench"
)

// The workbench's accepted selection is the export's set: on the margin
// fixture at p90, agg TP2/EP2 c16, 9P BS160 (placed by its mean
// interactivity, replaced by 9P BS192) and 8P c4096 (under the line of 7P
// and 5P: its band merged into 7P's) marked, c700 and the 5P/7P/9P runs
// added; u takes it back.
func TestAcceptSelection(t *testing.T) {
	st := workbench.New()
	st.SetPoints(fixtures.Margin(t))
	st.SetX(model.AxisP90Intvty)
	msg := st.AcceptSelection()
	if !strings.HasPrefix(msg, "selection accepted: 3 removals marked, 4 points added (5 bands on p90-intvty, margin ±2.0 %)") {
		t.Fatalf("status %q", msg)
	}
	if got := st.MarkedIDs(); !slices.Equal(got, []string{"8p1d-dep2-dep16-c4096", "9p1d-dep2-dep16-b160-c7480", "agg-tep2-c16"}) {
		t.Errorf("marks %v", got)
	}
	for _, id := range []string{"3p1d-dep2-dep16-b18-c700", "5p1d-dep2-dep16-b40-c2884", "7p1d-dep2-dep16-b96-c5540", "9p1d-dep2-dep16-b192-c7480"} {
		if !st.IsAdded(id) {
			t.Errorf("%s not added: %v", id, st.Added)
		}
	}
	if st.IsAdded("3p1d-dep2-dep16-b18-c800") || st.IsAdded("3p1d-dep2-dep16-b18-c900") {
		t.Errorf("inside-noise runs added: %v", st.Added)
	}
	if _, ok := st.Undo(); !ok || len(st.MarkedIDs()) != 0 || len(st.Added) != 0 {
		t.Errorf("undo left marks %v, added %v", st.MarkedIDs(), st.Added)
	}
}
