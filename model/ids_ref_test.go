package model

import (
	"hash/maphash"
	"math/rand/v2"
	"strconv"
	"testing"
)

// idTrialPoints draws points that collide in every way IDs tell apart:
// shared base IDs across curves, dates, sources, labels without knobs,
// repeated runs, a curve field that looks like a date.
func idTrialPoints(r *rand.Rand, n int) []Point {
	hws := []string{"b200", "h200", "2026-11-01", ""}
	fws := []string{"sglang", "vllm"}
	scen := []string{"8k1k", "1k1k", ""}
	dates := []string{"", "2026-11-01", "2026-11-02", "2026-11-01T10:00"}
	srcs := []Source{SourcePublished, SourceLocal, SourceCompetitor}
	labels := []string{"", "My run", "my-run", "x@y"}
	out := make([]Point, n)
	for i := range out {
		p := &out[i]
		p.Curve = CurveKey{Model: "m", Scenario: scen[r.IntN(len(scen))], Hardware: hws[r.IntN(len(hws))], Framework: fws[r.IntN(len(fws))], Precision: "fp4"}
		p.Source = srcs[r.IntN(len(srcs))]
		p.Prov.Date = dates[r.IntN(len(dates))]
		p.Label = labels[r.IntN(len(labels))]
		if r.IntN(5) > 0 {
			p.Knobs = Knobs{Mode: ModeDisagg, Prefill: Role{Workers: 1 + r.IntN(2), TP: 2, EP: 2, DPAttn: true},
				Decode: Role{Workers: 1, TP: 16, EP: 16, DPAttn: true}, Concurrency: []int{4, 16}[r.IntN(2)]}
			if r.IntN(4) == 0 {
				p.Knobs.Mode = ModeAgg
			}
		}
		p.Prov.RunURL = strconv.Itoa(i)
	}
	return out
}

// TestAssignIDsMatchesReference holds the load's ID pass (AssignIDsNumbered) to the rule (AssignIDs) over random collisions, and again with every ID hash equal
// (the collision path of the ID set).
func TestAssignIDsMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for trial := range 300 {
		n := 1 + r.IntN(200)
		if trial < 3 {
			n = 5000 // past the curve table's threshold
		}
		a := idTrialPoints(r, n)
		b := append([]Point(nil), a...)
		AssignIDsNumbered(a, NumberCurves(a))
		AssignIDs(b)
		for i := range a {
			if a[i].ID != b[i].ID {
				t.Fatalf("trial %d point %d: ID %q, reference %q", trial, i, a[i].ID, b[i].ID)
			}
		}
		if trial%3 == 0 {
			idHash = func(maphash.Seed, []byte) uint64 { return 7 }
			arenaBytes = 40 // an arena string every few IDs
			c := append([]Point(nil), b...)
			AssignIDsNumbered(c, NumberCurves(c))
			idHash, arenaBytes = maphash.Bytes, 8<<20
			for i := range c {
				if c[i].ID != b[i].ID {
					t.Fatalf("trial %d point %d, hashes colliding: ID %q, reference %q", trial, i, c[i].ID, b[i].ID)
				}
			}
		}
	}
}
