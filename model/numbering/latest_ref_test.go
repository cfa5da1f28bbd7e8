package numbering

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// datedTrialPoints are idTrialPoints with random dates (some with a time):
// up to 200 of them, big for the first three trials.
func datedTrialPoints(r *rand.Rand, trial, big int) []model.Point {
	dates := []string{"", "2026-11-01", "2026-11-02", "2026-11-02T09:00", "2026-11-03"}
	n := 1 + r.IntN(200)
	if trial < 3 {
		n = big
	}
	pts := idTrialPoints(r, n)
	for i := range pts {
		pts[i].Prov.Date = dates[r.IntN(len(dates))]
	}
	return pts
}

// TestLatestIndexMatchesReference compares the shown points with the
// reference over random dates (some with a time, some after
// the as-of date), sources, curves and points without knobs or dates.
func TestLatestIndexMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for trial := range 300 {
		pts := datedTrialPoints(r, trial, 5000) // past the curve table's threshold
		for _, asOf := range []string{"", "2026-11-02"} {
			got, want := latestIndex(pts, nil, asOf, nil), model.LatestIndexRule(pts, nil, asOf)
			if !slices.Equal(got, want) {
				t.Fatalf("trial %d as of %q: %v, reference %v", trial, asOf, got, want)
			}
			idx := []int{}
			for i := range pts {
				if r.IntN(2) == 0 {
					idx = append(idx, i)
				}
			}
			got, want = latestIndex(pts, idx, asOf, nil), model.LatestIndexRule(pts, idx, asOf)
			if !slices.Equal(got, want) {
				t.Fatalf("trial %d as of %q over %v: %v, reference %v", trial, asOf, idx, got, want)
			}
		}
	}
}
