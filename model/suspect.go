package model

import (
	"cmp"
	"fmt"
	"github.com/sweeptune/sweeptune/internal/radix"
	"math/bits"
	"slices"

	"github.com/sweeptune/sweeptune/internal/intern"
	"github.com/sweeptune/sweeptune/internal/mem"
)

// The validity gate (docs/review.md, "Suspect points"): a point whose own
// run says it measured nothing real, or whose per-GPU throughput cannot be
// right against its own curve, is suspect. It is shown and marked, but it
// has no coordinates for the geometry (Coords leaves it out), so frontiers,
// hulls, reviews, gains and fits never stand on it unless the view admits
// it (--include-suspect).

// Suspect rules, by name.
const (
	RuleZeroOutput   = "zero-output"   // the run generated no output tokens
	RuleErrors       = "errors"        // more failed requests than MaxErrorFraction
	RuleNotConverged = "not-converged" // the file says the run did not converge
	RuleImplausible  = "implausible"   // per-GPU throughput impossible against its curve
)

// MaxErrorFraction is the share of failed requests above which a run is suspect.
const MaxErrorFraction = 0.05

// ImplausibleRatio is how many times its same-concurrency siblings' per-GPU
// throughput a point of another GPU count may reach before it is suspect;
// TotalTwinRatio is the lower ratio that suffices when its total throughput
// also equals a sibling's within TotalTwinTolerance (the sibling's total
// divided by too few GPUs: the GPU count is wrong, not the engine fast).
const (
	ImplausibleRatio   = 4.0
	TotalTwinRatio     = 3.0
	TotalTwinTolerance = 0.02
)

// Suspicion says why a point is suspect: the rule and what the file or the
// curve showed. The zero value is a point nothing is wrong with.
type Suspicion struct {
	Rule string `json:"rule"`
	Why  string `json:"reason"`
	// Admitted is set by the view when suspect points are brought in
	// (--include-suspect): the point then takes part in the geometry.
	Admitted bool `json:"admitted,omitempty"`
}

// Suspect reports whether anything marks the point.
func (p *Point) Suspect() bool { return p.Suspicion != nil }

// SuspectRule is the rule that marks the point, "" when none does.
func (p *Point) SuspectRule() string {
	if p.Suspicion == nil {
		return ""
	}
	return p.Suspicion.Rule
}

// HeldOut reports a suspect point the view has not admitted: it is shown
// but left out of frontiers, hulls, reviews and fits.
func (p *Point) HeldOut() bool { return p.Suspicion != nil && !p.Suspicion.Admitted }

// MarkSuspect marks p with rule unless it is marked already (the first
// reason found stays).
func (p *Point) MarkSuspect(rule, format string, args ...any) {
	if p.Suspicion == nil {
		p.Suspicion = &Suspicion{Rule: rule, Why: fmt.Sprintf(format, args...)}
	}
}

// RunHealth is what a results file says about its own run, for the gate.
// Negative fields are unknown.
type RunHealth struct {
	Requests, Failed int     // requests sent and requests that failed
	OutputTokens     float64 // output tokens generated over the run
	NotConverged     bool    // the file says so
}

// UnknownHealth is a RunHealth that says nothing.
func UnknownHealth() RunHealth { return RunHealth{Requests: -1, Failed: -1, OutputTokens: -1} }

// Judge marks p by what its run reports: 0 output tokens, errors above
// MaxErrorFraction, or not converged.
func (h RunHealth) Judge(p *Point) {
	switch {
	case h.OutputTokens == 0:
		p.MarkSuspect(RuleZeroOutput, "the run reports 0 output tokens: it measured nothing")
	case h.Requests > 0 && h.Failed >= 0 && float64(h.Failed) > MaxErrorFraction*float64(h.Requests):
		p.MarkSuspect(RuleErrors, "%d of %d requests failed (%.0f%%, more than %.0f%%)",
			h.Failed, h.Requests, 100*float64(h.Failed)/float64(h.Requests), 100*MaxErrorFraction)
	case h.Requests == 0:
		p.MarkSuspect(RuleZeroOutput, "the run completed 0 requests")
	case h.NotConverged:
		p.MarkSuspect(RuleNotConverged, "the file says the run did not converge")
	}
}

// MarkImplausible applies the curve rule: within one curve and one source,
// a point whose per-GPU throughput is at least ImplausibleRatio times the
// median of its same-concurrency siblings of another GPU count (or
// TotalTwinRatio times, when its total equals one of theirs within
// TotalTwinTolerance) is suspect. Points already suspect by their run's
// health are not siblings. O(n log n): a group's points are bucketed by GPU
// count, and each bucket is compared with the other buckets sorted once.
func MarkImplausible(points []Point) { MarkImplausibleNumbered(points, NumberCurves(points)) }

// MarkImplausibleNumbered is MarkImplausible with the points' curves
// numbered already.
func MarkImplausibleNumbered(points []Point, curves *CurveNumbering) {
	// Group the points by (curve, source, concurrency): the three packed
	// in one integer, numbered by a radix sort (no map as large as the
	// input). What the groups compare (per-GPU throughput, GPU count,
	// health) is read once, in load order, into an array of its own, put
	// in group order by a counting sort: no slice per group.
	curveOf := curves.of
	srcs := intern.NewValues[Source]() // the last source asked again: no hash
	keys := mem.Take[uint64](len(points))[:0]
	facts := mem.Take[implausibleFact](len(points))[:0]
	warm := 0 // each block of points read once it is on its way (WarmPoints)
	for i := range points {
		if i%WarmBlock == 0 {
			warm += WarmPoints(points[i:min(i+WarmBlock, len(points))])
		}
		p := &points[i]
		if p.Knobs.Concurrency <= 0 || p.Knobs.Concurrency > 1<<31-1 || !p.Metrics.Has(TputPerGPU) || p.GPUs() <= 0 {
			continue
		}
		c := uint64(curveOf[i])
		sid := uint64(srcs.Of(p.Source))
		v, _ := p.Metrics.Get(TputPerGPU)
		keys = append(keys, c<<36|(sid&0xf)<<32|uint64(uint32(p.Knobs.Concurrency)))
		facts = append(facts, implausibleFact{p.GPUs(), v, !p.Suspect(), int32(i)})
	}
	warmSink.Add(int64(warm))
	// The three packed as tight as the data allows, so a key and its index
	// fit in one word for radix.GroupIDs' faster sort; the order is the same.
	var maxConc uint64
	for _, k := range keys {
		maxConc = max(maxConc, k&0xffffffff)
	}
	cb := uint(bits.Len64(maxConc))
	for j, k := range keys {
		keys[j] = k>>36<<(4+cb) | (k>>32&0xf)<<cb | k&0xffffffff
	}
	groupOf, ngroups := radix.GroupIDs(keys)
	mem.Give(keys)
	keys = nil
	counts := mem.Take[int32](ngroups)
	for _, g := range groupOf {
		counts[g]++
	}
	start := mem.Take[int32](len(counts) + 1)
	for g, n := range counts {
		start[g+1] = start[g] + n
	}
	// The facts are put in group order once, each read in load order and
	// written to its group's place: gathered group by group instead, each
	// read was a cache miss to wait on (a million points: 50 ms).
	pos := mem.Take[int32](len(counts))
	copy(pos, start)
	byGroup := mem.Take[implausibleFact](len(facts))
	for k := range facts {
		byGroup[pos[groupOf[k]]] = facts[k]
		pos[groupOf[k]]++
	}
	mem.Give(facts)
	mem.Give(groupOf)
	mem.Give(pos)
	facts, groupOf, pos = nil, nil, nil
	// Marks are decided on the run-health marks alone and applied after,
	// so the result does not depend on the order groups are visited in.
	type mark struct {
		i   int32
		why string
	}
	var marks []mark
	type ent struct {
		i             int32
		gpus          int
		perGPU, total float64
		healthy       bool
	}
	largest := int32(0)
	for _, n := range counts {
		largest = max(largest, n)
	}
	// One group's points; its healthy ones by per-GPU and by total.
	ents, byV, byTotal := make([]ent, 0, largest), make([]ent, 0, largest), make([]ent, 0, largest)
	for g := range counts {
		group := byGroup[start[g]:start[g+1]]
		if len(group) < 2 {
			continue
		}
		ents = ents[:0]
		for k := range group {
			f := &group[k]
			ents = append(ents, ent{f.i, f.gpus, f.perGPU, f.perGPU * float64(f.gpus), f.healthy})
		}
		slices.SortFunc(ents, func(a, b ent) int { return cmp.Compare(a.gpus, b.gpus) })
		if ents[0].gpus == ents[len(ents)-1].gpus {
			continue // one GPU count: no sibling of another
		}
		byV, byTotal = byV[:0], byTotal[:0]
		for _, e := range ents {
			if e.healthy {
				byV = append(byV, e)
			}
		}
		sortedV := false
		for lo := 0; lo < len(ents); {
			gpus := ents[lo].gpus
			hi := lo
			for hi < len(ents) && ents[hi].gpus == gpus {
				hi++
			}
			members := ents[lo:hi]
			lo = hi
			// No member reaches TotalTwinRatio × the others' median unless
			// half the others are at most the best member's value over it:
			// counted without sorting, and the usual case.
			best := 0.0
			for _, e := range members {
				best = max(best, e.perGPU)
			}
			bound, n, under := best/TotalTwinRatio, 0, 0
			for _, e := range byV {
				if e.gpus != gpus {
					n++
					if e.perGPU <= bound {
						under++
					}
				}
			}
			if n == 0 || under < (n-1)/2+1 {
				continue
			}
			if !sortedV {
				slices.SortFunc(byV, func(a, b ent) int { return cmp.Compare(a.perGPU, b.perGPU) })
				byTotal = append(byTotal[:0], byV...)
				slices.SortFunc(byTotal, func(a, b ent) int { return cmp.Compare(a.total, b.total) })
				sortedV = true
			}
			// The others' median: ranks (n-1)/2 and n/2 of byV without
			// this bucket's points.
			var m1, m2 float64
			for k, r := 0, 0; k < len(byV) && r <= n/2; k++ {
				if byV[k].gpus == gpus {
					continue
				}
				if r == (n-1)/2 {
					m1 = byV[k].perGPU
				}
				if r == n/2 {
					m2 = byV[k].perGPU
				}
				r++
			}
			med := (m1 + m2) / 2
			if med <= 0 {
				continue
			}
			for _, e := range members {
				ratio := e.perGPU / med
				if ratio < TotalTwinRatio {
					continue
				}
				p := &points[e.i]
				// A sibling of another GPU count whose total is this one's
				// within the tolerance.
				tlo, thi := e.total/(1+TotalTwinTolerance), e.total/(1-TotalTwinTolerance)
				j, _ := slices.BinarySearchFunc(byTotal, tlo, func(a ent, t float64) int { return cmp.Compare(a.total, t) })
				twin := -1
				for ; j < len(byTotal) && byTotal[j].total <= thi; j++ {
					if byTotal[j].gpus != gpus {
						twin = j
						break
					}
				}
				switch {
				case twin >= 0:
					q := byTotal[twin]
					marks = append(marks, mark{e.i, fmt.Sprintf("%s tok/s/GPU on %s is %.1f× its c%d siblings of another GPU count, and its total (%s tok/s) equals the %d-GPU point's (%s tok/s) within %.0f%%: its GPU count looks wrong",
						Thousands(e.perGPU, 0), gpuWord(gpus), ratio, p.Knobs.Concurrency, Thousands(e.total, 0), q.gpus, Thousands(q.total, 0), 100*TotalTwinTolerance)})
				case ratio >= ImplausibleRatio:
					marks = append(marks, mark{e.i, fmt.Sprintf("%s tok/s/GPU on %s is %.1f× its c%d siblings of another GPU count (more than %.0f×)",
						Thousands(e.perGPU, 0), gpuWord(gpus), ratio, p.Knobs.Concurrency, ImplausibleRatio)})
				}
			}
		}
	}
	mem.Give(byGroup)
	mem.Give(counts)
	mem.Give(start)
	for _, m := range marks {
		points[m.i].MarkSuspect(RuleImplausible, "%s", m.why)
	}
}

// implausibleFact is what MarkImplausibleNumbered compares of a point:
// its GPU count, per-GPU throughput and run health.
type implausibleFact struct {
	gpus    int
	perGPU  float64
	healthy bool
	i       int32 // the point's index
}

// AdmitSuspect brings suspect points into the geometry (or keeps them out
// when admit is false). The view calls it once on the points it shows.
func AdmitSuspect(points []Point, admit bool) {
	for i := range points {
		if s := points[i].Suspicion; s != nil && s.Admitted != admit {
			c := *s // copies of the point share it: the dataset's stays as it was
			c.Admitted = admit
			points[i].Suspicion = &c
		}
	}
}

// SuspectSummary counts the suspect points by rule, in rule order, for the
// view's warning ("2 suspect points kept out (implausible 1, zero-output 1)").
func SuspectSummary(points []Point) (n int, byRule []RuleCount) {
	counts := map[string]int{}
	for i := range points {
		if r := points[i].SuspectRule(); r != "" {
			counts[r]++
			n++
		}
	}
	for _, r := range []string{RuleZeroOutput, RuleErrors, RuleNotConverged, RuleImplausible} {
		if counts[r] > 0 {
			byRule = append(byRule, RuleCount{r, counts[r]})
		}
	}
	return n, byRule
}

// RuleCount is how many points one rule marked.
type RuleCount struct {
	Rule string
	N    int
}

// Admitted is points without the held-out ones (a suspect point the view
// has not admitted); points itself when none is held out.
func Admitted(points []Point) []Point {
	n := 0
	for i := range points {
		if points[i].HeldOut() {
			n++
		}
	}
	if n == 0 {
		return points
	}
	out := make([]Point, 0, len(points)-n)
	for i := range points {
		if !points[i].HeldOut() {
			out = append(out, points[i])
		}
	}
	return out
}

func gpuWord(n int) string {
	if n == 1 {
		return "1 GPU"
	}
	return fmt.Sprintf("%d GPUs", n)
}
