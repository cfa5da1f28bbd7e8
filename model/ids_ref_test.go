package model

import (
	"hash/maphash"
	"math/rand/v2"
	"strconv"
	"testing"
)

// assignIDsRef is AssignIDs' rules spelled out with plain string-keyed
// maps (no interning, no integer keys, no hashing): the reference the
// production one must match ID for ID. The suffix counter per stem
// (suffixCounter) is shared, as it is the same rule either way.
func assignIDsRef(points []Point) {
	type config struct {
		curve  CurveKey
		base   string
		source Source
	}
	type curveBase struct {
		curve CurveKey
		base  string
	}
	base := make([]string, len(points))
	owner := map[string]CurveKey{}   // the curve that used each base ID first
	firstDate := map[config]string{} // a configuration's first run date
	multi := map[config]bool{}       // … measured on more than one date
	datedCfg := map[curveBase]bool{} // some source measured it on several dates
	for i := range points {
		p := &points[i]
		if p.Knobs.Mode == "" {
			base[i] = idPart(p.Label)
		} else {
			base[i] = p.Knobs.BaseID()
		}
		if _, ok := owner[base[i]]; !ok {
			owner[base[i]] = p.Curve
		}
		d := p.Prov.Date
		if d == "" {
			continue
		}
		c := config{p.Curve, base[i], p.Source}
		if first, ok := firstDate[c]; !ok {
			firstDate[c] = d
		} else if first != d {
			multi[c] = true
			datedCfg[curveBase{p.Curve, base[i]}] = true
		}
	}
	taken := map[string]bool{}
	next := map[string]*int{} // next suffix number to try per "<id>@<source>"
	for i := range points {
		p := &points[i]
		id := base[i]
		if o := owner[base[i]]; o != p.Curve {
			id += "@" + curveTag(o, p.Curve)
		}
		dateTagged := p.Prov.Date != "" && multi[config{p.Curve, base[i], p.Source}]
		if dateTagged {
			id += "@" + p.Prov.Date
		}
		// Beside dated runs of another source, a run carries its source: the
		// bare ID never names one measurement among several.
		if taken[id] || (!dateTagged && datedCfg[curveBase{p.Curve, base[i]}]) {
			id += "@" + string(p.Source)
			if taken[id] {
				nx := suffixCounter(next, []byte(id))
				n := max(*nx, 2)
				for taken[id+"-"+strconv.Itoa(n)] {
					n++
				}
				id += "-" + strconv.Itoa(n)
				*nx = n + 1
			}
		}
		taken[id] = true
		p.ID = id
	}
}

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

// TestAssignIDsMatchesReference compares IDs with the plain reference over random collisions, and again with every ID hash equal
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
		AssignIDs(a)
		assignIDsRef(b)
		for i := range a {
			if a[i].ID != b[i].ID {
				t.Fatalf("trial %d point %d: ID %q, reference %q", trial, i, a[i].ID, b[i].ID)
			}
		}
		if trial%3 == 0 {
			idHash = func(maphash.Seed, []byte) uint64 { return 7 }
			arenaBytes = 40 // an arena string every few IDs
			c := append([]Point(nil), b...)
			AssignIDs(c)
			idHash, arenaBytes = maphash.Bytes, 8<<20
			for i := range c {
				if c[i].ID != b[i].ID {
					t.Fatalf("trial %d point %d, hashes colliding: ID %q, reference %q", trial, i, c[i].ID, b[i].ID)
				}
			}
		}
	}
}
