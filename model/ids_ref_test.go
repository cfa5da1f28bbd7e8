package model

import (
	"hash/maphash"
	"math/rand/v2"
	"strconv"
	"testing"
)

// assignIDsRef is AssignIDs as it was with string-keyed maps: the
// reference the integer-keyed one must match ID for ID. What it compares
// is how configurations, tags and taken IDs are found; the suffix counter
// per stem (suffixCounter) did not change, so both call it.
func assignIDsRef(points []Point) {
	n := len(points)
	// Base IDs and curves are interned: lookups with string(buf) do not
	// allocate, so 100,000 points of a few hundred configurations cost a
	// few hundred strings.
	baseOf := make([]int32, n)
	curveOf := make([]int32, n)
	baseIdx := map[string]int32{}
	var bases []string
	curveIdx := map[CurveKey]int32{}
	var keys []CurveKey
	var buf []byte
	for i := range points {
		p := &points[i]
		if p.Knobs.Mode == "" {
			buf = append(buf[:0], idPart(p.Label)...)
		} else {
			buf = p.Knobs.appendBaseID(buf[:0])
		}
		b, ok := baseIdx[string(buf)]
		if !ok {
			b = int32(len(bases))
			bases = append(bases, string(buf))
			baseIdx[bases[b]] = b
		}
		baseOf[i] = b
		ci, ok := curveIdx[p.Curve]
		if !ok {
			ci = int32(len(keys))
			curveIdx[p.Curve] = ci
			keys = append(keys, p.Curve)
		}
		curveOf[i] = ci
	}
	// Which configurations of a curve were measured on more than one date,
	// and which curve used each base ID first.
	type config struct {
		curve, base int32
		source      Source
	}
	type dates struct {
		first string
		multi bool
	}
	seen := map[config]int32{} // → index into cfgDates
	var cfgDates []dates
	cfgOf := make([]int32, n)       // -1 for an undated point
	datedCfg := map[[2]int32]bool{} // (curve, base) some source measured on several dates
	owner := make([]int32, len(bases))
	for b := range owner {
		owner[b] = -1
	}
	for i := range points {
		c := config{curveOf[i], baseOf[i], points[i].Source}
		if owner[c.base] < 0 {
			owner[c.base] = c.curve
		}
		cfgOf[i] = -1
		d := points[i].Prov.Date
		if d == "" {
			continue
		}
		e, ok := seen[c]
		if !ok {
			e = int32(len(cfgDates))
			seen[c] = e
			cfgDates = append(cfgDates, dates{first: d})
		} else if s := &cfgDates[e]; !s.multi && s.first != d {
			s.multi = true
			datedCfg[[2]int32{c.curve, c.base}] = true
		}
		cfgOf[i] = e
	}
	tags := map[[2]int32]string{}
	taken := make(map[string]bool, n)
	next := make(map[string]*int) // next suffix number to try per "<id>@<source>"
	for i := range points {
		p := &points[i]
		base := bases[baseOf[i]]
		buf = append(buf[:0], base...)
		if o := owner[baseOf[i]]; o != curveOf[i] {
			k := [2]int32{o, curveOf[i]}
			tag, ok := tags[k]
			if !ok {
				tag = curveTag(keys[o], keys[curveOf[i]])
				tags[k] = tag
			}
			buf = append(append(buf, '@'), tag...)
		}
		dateTagged := false
		if p.Prov.Date != "" && cfgDates[cfgOf[i]].multi {
			buf = append(append(buf, '@'), p.Prov.Date...)
			dateTagged = true
		}
		// Beside dated runs of another source, a run carries its source: the
		// bare ID never names one measurement among several.
		if taken[string(buf)] || (!dateTagged && datedCfg[[2]int32{curveOf[i], baseOf[i]}]) {
			buf = append(append(buf, '@'), p.Source...)
			if taken[string(buf)] {
				stem := len(buf)
				nx := suffixCounter(next, buf)
				n := max(*nx, 2)
				for buf = strconv.AppendInt(append(buf[:stem], '-'), int64(n), 10); taken[string(buf)]; buf = strconv.AppendInt(append(buf[:stem], '-'), int64(n), 10) {
					n++
				}
				*nx = n + 1
			}
		}
		id := base // the bare ID shares the interned string
		if string(buf) != base {
			id = string(buf)
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

// TestAssignIDsMatchesReference compares IDs with the string-keyed
// reference over random collisions, and again with every ID hash equal
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
