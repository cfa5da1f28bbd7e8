package points

import (
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/internal/fixtures"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
	"github.com/sweeptune/sweeptune/tui/keys"
	"github.com/sweeptune/sweeptune/tui/workbench"
)

// The run-length fixture (three configurations at 1200 s and 3600 s, 7P
// c5540 at 1200 s only): the pane shows the lone short run projected
// (272,000 × 3.8005 = 1,033,726.25 tok/s/GPU), marked ≈, on the frontier,
// the factors in the footer; its details keep the measured numbers.
func TestPointsPaneShowsTheLoneShortRunProjected(t *testing.T) {
	pts := fixtures.RunLength(t)
	if len(pts) != 7 {
		t.Fatalf("%d points loaded", len(pts))
	}
	st := workbench.New()
	st.SetPoints(pts)
	st.Select("7p1d-dep2-dep16-b96-c5540")
	st.TakeChanges()
	m := New(st, keys.Default().Points, testkit.Plain())
	m.SetSize(160, 14)
	out := m.View()
	var row string
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, "7p1d-dep2-dep16-b96-c5540") {
			row = l
		}
	}
	testkit.Contains(t, "7P row", row, "≈ 1,033,726.25", "≈ 151.54", "hull")
	testkit.Contains(t, "footer", out, "≈ projected from a 1200 s run × 3.80 (3 pairs, ±0.04 %); mean-intvty × 1.01 (3 pairs, ±1.19 %)")
	p := st.View()[len(st.View())-1]
	for _, q := range st.View() {
		if q.ID == "7p1d-dep2-dep16-b96-c5540" {
			p = q
		}
	}
	d := Details(&p, false, testkit.Plain())
	testkit.Contains(t, "details", d, "tput-per-gpu           ≈ 1,033,726 tok/s/GPU", "3600 s projected from a 1200 s run",
		"measured tput-per-gpu  272,000 tok/s/GPU", "measured mean-intvty   150.7")
}
