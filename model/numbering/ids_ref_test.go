package numbering

import (
	"hash/maphash"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// idTrialPoints draws points that collide in every way IDs tell apart:
// shared base IDs across curves, dates, sources, labels without knobs,
// repeated runs, a curve field that looks like a date.
func idTrialPoints(r *rand.Rand, n int) []model.Point {
	hws := []string{"b200", "h200", "2026-11-01", ""}
	fws := []string{"sglang", "vllm"}
	scen := []string{"8k1k", "1k1k", ""}
	dates := []string{"", "2026-11-01", "2026-11-02", "2026-11-01T10:00"}
	srcs := []model.Source{model.SourcePublished, model.SourceLocal, model.SourceCompetitor}
	labels := []string{"", "My run", "my-run", "x@y"}
	out := make([]model.Point, n)
	for i := range out {
		p := &out[i]
		p.Curve = model.CurveKey{Model: "m", Scenario: scen[r.IntN(len(scen))], Hardware: hws[r.IntN(len(hws))], Framework: fws[r.IntN(len(fws))], Precision: "fp4"}
		p.Source = srcs[r.IntN(len(srcs))]
		p.Prov.Date = dates[r.IntN(len(dates))]
		p.Label = labels[r.IntN(len(labels))]
		if r.IntN(5) > 0 {
			p.Knobs = model.Knobs{Mode: model.ModeDisagg, Prefill: model.Role{Workers: 1 + r.IntN(2), TP: 2, EP: 2, DPAttn: true},
				Decode: model.Role{Workers: 1, TP: 16, EP: 16, DPAttn: true}, Concurrency: []int{4, 16}[r.IntN(2)]}
			if r.IntN(4) == 0 {
				p.Knobs.Mode = model.ModeAgg
			}
		}
		p.Prov.RunURL = strconv.Itoa(i)
	}
	return out
}

// TestAssignIDsMatchesReference holds the load's ID pass (numbering.AssignIDs) to the rule (AssignIDs) over random collisions, and again with every ID hash equal
// (the collision path of the ID set).
func TestAssignIDsMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for trial := range 300 {
		n := 1 + r.IntN(200)
		if trial < 3 {
			n = 5000 // past the curve table's threshold
		}
		a := idTrialPoints(r, n)
		b := append([]model.Point(nil), a...)
		AssignIDs(a, model.NumberCurves(a))
		model.AssignIDs(b)
		for i := range a {
			if a[i].ID != b[i].ID {
				t.Fatalf("trial %d point %d: ID %q, reference %q", trial, i, a[i].ID, b[i].ID)
			}
		}
		if trial%3 == 0 {
			idHash = func(maphash.Seed, []byte) uint64 { return 7 }
			arenaBytes = 40 // an arena string every few IDs
			c := append([]model.Point(nil), b...)
			AssignIDs(c, model.NumberCurves(c))
			idHash, arenaBytes = maphash.Bytes, 8<<20
			for i := range c {
				if c[i].ID != b[i].ID {
					t.Fatalf("trial %d point %d, hashes colliding: ID %q, reference %q", trial, i, c[i].ID, b[i].ID)
				}
			}
		}
	}
}
