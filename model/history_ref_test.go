package model

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// latestIndexRef is LatestIndexOf's doc comment spelled out: a map from
// each configuration (its base ID as a string, source and curve) to its
// latest day on or before asOf, then every point in order that is undated,
// has no knobs, or was measured on its configuration's latest day. It
// shares nothing with latestIndex but the date helpers, so the interning,
// the radix numbering and shownLatest are all checked against it.
func latestIndexRef(points []Point, idx []int, asOf string) []int {
	if idx == nil {
		idx = make([]int, len(points))
		for i := range idx {
			idx[i] = i
		}
	}
	type config struct {
		base   string
		source Source
		curve  CurveKey
	}
	dated := func(p *Point) bool { return p.Prov.Date != "" && p.Knobs.Mode != "" }
	configOf := func(p *Point) config { return config{p.Knobs.BaseID(), p.Source, p.Curve} }
	latest := map[config]string{}
	for _, i := range idx {
		if p := &points[i]; dated(p) && (asOf == "" || !dateAfter(p.Prov.Date, asOf)) {
			if c := configOf(p); dateAfter(p.Prov.Date, latest[c]) {
				latest[c] = day(p.Prov.Date)
			}
		}
	}
	var out []int
	for _, i := range idx {
		if p := &points[i]; !dated(p) || day(p.Prov.Date) == latest[configOf(p)] {
			out = append(out, i)
		}
	}
	return out
}

// datedTrialPoints are idTrialPoints with random dates (some with a time):
// up to 200 of them, big for the first three trials.
func datedTrialPoints(r *rand.Rand, trial, big int) []Point {
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
			got, want := latestIndex(pts, nil, asOf, nil), latestIndexRef(pts, nil, asOf)
			if !slices.Equal(got, want) {
				t.Fatalf("trial %d as of %q: %v, reference %v", trial, asOf, got, want)
			}
			idx := []int{}
			for i := range pts {
				if r.IntN(2) == 0 {
					idx = append(idx, i)
				}
			}
			got, want = latestIndex(pts, idx, asOf, nil), latestIndexRef(pts, idx, asOf)
			if !slices.Equal(got, want) {
				t.Fatalf("trial %d as of %q over %v: %v, reference %v", trial, asOf, idx, got, want)
			}
		}
	}
}
