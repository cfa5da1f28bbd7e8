package model

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// latestIndexRef is latestIndex as it was with a map of configurations:
// the reference the radix-sorted one must match. What it compares is how
// configurations are numbered and their latest dates found; which points
// are then kept (shownLatest) did not change, so both call it.
func latestIndexRef(points []Point, idx []int, asOf string) []int {
	n := len(points)
	if idx != nil {
		n = len(idx)
	}
	at := func(k int) int {
		if idx != nil {
			return idx[k]
		}
		return k
	}
	// A configuration is its base ID, source and curve, each interned to
	// an integer: a lookup builds no string, and only a new base ID keeps
	// one.
	type config struct{ base, source, curve int32 }
	curves := interner[CurveKey]{index: map[CurveKey]int32{}}
	sources := interner[Source]{index: map[Source]int32{}}
	bases := map[string]int32{}
	entry := map[config]int32{} // → index into latest
	var latest []string         // per config: latest date on or before asOf
	of := make([]int32, n)
	var buf []byte
	for k := 0; k < n; k++ {
		p := &points[at(k)]
		of[k] = -1
		d := p.Prov.Date
		if d == "" || p.Knobs.Mode == "" || (asOf != "" && dateAfter(d, asOf)) {
			continue
		}
		buf = p.Knobs.appendBaseID(buf[:0])
		b, ok := bases[string(buf)] // no allocation for the lookup
		if !ok {
			b = int32(len(bases))
			bases[string(buf)] = b
		}
		c := config{b, sources.of(p.Source), curves.of(p.Curve)}
		e, ok := entry[c]
		if !ok {
			e = int32(len(latest))
			entry[c] = e
			latest = append(latest, d)
		} else if dateAfter(d, latest[e]) {
			latest[e] = d
		}
		of[k] = e
	}
	return shownLatest(points, idx, of, latest) // what is kept of the configurations: not what changed
}

// TestLatestIndexMatchesReference compares the shown points with the
// map-keyed reference over random dates (some with a time, some after
// the as-of date), sources, curves and points without knobs or dates.
func TestLatestIndexMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	dates := []string{"", "2026-11-01", "2026-11-02", "2026-11-02T09:00", "2026-11-03"}
	for trial := range 300 {
		n := 1 + r.IntN(200)
		if trial < 3 {
			n = 5000 // past the curve table's threshold
		}
		pts := idTrialPoints(r, n)
		for i := range pts {
			pts[i].Prov.Date = dates[r.IntN(len(dates))]
		}
		for _, asOf := range []string{"", "2026-11-02"} {
			got, want := latestIndex(pts, nil, asOf), latestIndexRef(pts, nil, asOf)
			if !slices.Equal(got, want) {
				t.Fatalf("trial %d as of %q: %v, reference %v", trial, asOf, got, want)
			}
			idx := []int{}
			for i := range pts {
				if r.IntN(2) == 0 {
					idx = append(idx, i)
				}
			}
			got, want = latestIndex(pts, idx, asOf), latestIndexRef(pts, idx, asOf)
			if !slices.Equal(got, want) {
				t.Fatalf("trial %d as of %q over %v: %v, reference %v", trial, asOf, idx, got, want)
			}
		}
	}
}
