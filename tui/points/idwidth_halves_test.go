package points

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// neededWidth measured in halves is the width of every ID measured one by
// one, with no ID skipped and no early stop: around the size where the
// halves start, with the widest shape or the widest ID in either half
// only, IDs past the 30-cell cap, and IDs of other characters.
func TestNeededWidthInHalvesIsEveryID(t *testing.T) {
	r := rand.New(rand.NewSource(24))
	slugs := []string{"gb200-dynamo-sglang"}
	shape := func() string {
		return fmt.Sprintf("%dp%dd-dep%d-dep%d-b%d-c%d", 1+r.Intn(9), 1+r.Intn(4), 1<<r.Intn(5), 1<<r.Intn(6), 16*(1+r.Intn(12)), 1+r.Intn(9000))
	}
	for _, n := range []int{1, 8191, 8192, 8193, 20001} {
		for _, where := range []string{"first half", "second half", "nowhere", "everywhere past the cap"} {
			pts := make([]model.Point, n)
			for i := range pts {
				pts[i].ID = fmt.Sprintf("agg-tp%d-c%d", 1<<r.Intn(4), r.Intn(100))
			}
			wide := shape() + "@gb200-dynamo-sglang@2025-12-05"
			switch where {
			case "first half":
				pts[r.Intn(max(n/2, 1))].ID = wide
				pts[r.Intn(max(n/2, 1))].ID = "agg-tp8-é-c8@" + fmt.Sprint(r.Intn(1e6))
			case "second half":
				pts[n/2+r.Intn(n-n/2)].ID = wide
			case "everywhere past the cap":
				for i := range pts {
					if r.Intn(3) == 0 {
						pts[i].ID = shape() + "@2025-12-05@2026-01-0" + fmt.Sprint(1+r.Intn(9))
					}
				}
			}
			need, widest := 0, 0
			for i := range pts {
				nd, w := idNeeds(pts[i].ID, slugs)
				need, widest = max(need, nd), max(widest, w)
			}
			if got, want := neededWidth(model.RefsTo(pts), slugs), columnWidth(need, widest); got != want {
				t.Fatalf("%d IDs, the widest %s: %d cells, want %d", n, where, got, want)
			}
		}
	}
}
