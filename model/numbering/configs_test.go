package numbering

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// The latest runs picked by configurations numbered once are
// the rule's (model.LatestIndexRule), on random dates (with times, after the as-of date),
// sources, curves, points without knobs or dates, and subsets.
func TestConfigsPickLatestIndexOf(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 7))
	dates := []string{"", "2026-11-01", "2026-11-02", "2026-11-02T09:00", "2026-11-03", "2026-11-03T23:00"}
	for trial := range 300 {
		n := 1 + r.IntN(200)
		if trial < 3 {
			n = 5000
		}
		pts := idTrialPoints(r, n)
		for i := range pts {
			pts[i].Prov.Date = dates[r.IntN(len(dates))]
			if trial%4 == 3 { // more days than are looked up in a line
				d := 1 + r.IntN(30)
				pts[i].Prov.Date = "2026-11-" + string([]byte{'0' + byte(d/10), '0' + byte(d%10)})
			}
		}
		idx := []int{}
		for i := range pts {
			if trial%2 == 0 || r.IntN(2) == 0 {
				idx = append(idx, i)
			}
		}
		c := NumberConfigs(pts, idx)
		for _, asOf := range []string{"", "2026-10-31", "2026-11-01", "2026-11-02", "2026-11-02T12:00", "2026-11-03", "2026-11", "2026-12-01"} {
			got, want := at(idx, c.Latest(asOf)), model.LatestIndexRule(pts, idx, asOf)
			if !slices.Equal(got, want) {
				t.Fatalf("trial %d as of %q over %v: %v, rule %v", trial, asOf, idx, got, want)
			}
			if got, want := at(idx, c.OnOrBefore(asOf)), onOrBefore(pts, idx, asOf); !slices.Equal(got, want) {
				t.Fatalf("trial %d on or before %q over %v: %v, want %v", trial, asOf, idx, got, want)
			}
		}
	}
}

// at is the indices at the places of idx.
func at(idx []int, places []int32) []int {
	out := []int{}
	for _, k := range places {
		out = append(out, idx[k])
	}
	return out
}

// onOrBefore is Configs.OnOrBefore read from the points' dates: every
// run as of a date shows the undated points and those whose day is not
// after it.
func onOrBefore(pts []model.Point, idx []int, asOf string) []int {
	out := []int{}
	for _, i := range idx {
		if d := pts[i].Prov.Date; asOf == "" || d == "" || d[:min(len(d), 10)] <= asOf {
			out = append(out, i)
		}
	}
	return out
}
