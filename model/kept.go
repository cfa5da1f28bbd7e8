package model

import (
	"fmt"
	"strconv"
)

// KeptCurve is the curve a removal is reviewed against when no kept set is
// given: the curve's own points (competitors never count) minus the removed
// ones, with one measurement per configuration and steady-state runs only,
// among the points that have both metrics of the review's axes.
//   - A configuration measured more than once (same shape and concurrency)
//     is represented by its first measurement on these axes, in load order: a curve has one
//     point per configuration, and mixing two runs of one config would let a
//     re-measurement stand in as its own neighbour.
//   - Short runs (under 3600 s) are not steady state; like the planner's
//     calibration, the review does not lean on them.
//
// Planned points count: they will be on the curve.
func KeptCurve(curve []Point, removed map[string]bool, x, y Axis) []Point {
	var rest []Point
	for _, p := range curve {
		if !removed[p.ID] && p.Source != SourceCompetitor {
			rest = append(rest, p)
		}
	}
	kept, _ := KeptCurveWhy(rest, x, y)
	return kept
}

// LeftOut is a point of the reviewed curve that the kept curve leaves out,
// and why ("a 1200 s run: not steady state, …", "measured after
// 2026-11-05"): a Skip.
type LeftOut = Skip

// KeptCurveWhy is KeptCurve of points already without the removed ones and
// the competitors, with the reason for every point it leaves out, in
// load order.
func KeptCurveWhy(curve []Point, x, y Axis) ([]Point, []LeftOut) {
	at, left := keptCurveAt(len(curve), sliceAt(curve), x, y, true)
	var kept []Point
	if len(at) > 0 {
		kept = make([]Point, len(at))
		for k, i := range at {
			kept[k] = curve[i]
		}
	}
	return kept, left
}

// keptCurveAt is KeptCurveWhy of the n points at reads, as the indices of
// the kept ones; the reasons for the points left out only when asked.
func keptCurveAt(n int, at pointAt, x, y Axis, withWhy bool) ([]int, []LeftOut) {
	const out = "\x00" // left out, the reason not asked for
	why := make([]string, n)
	chosen := map[string]int{} // configuration → index of its measurement
	var buf []byte
	for i := range n {
		p := at(i)
		if p.HeldOut() {
			why[i] = out
			if withWhy {
				why[i] = "suspect (" + p.Suspicion.Rule + "): " + p.Suspicion.Why + "; --include-suspect brings it in"
			}
			continue
		}
		if p.Prov.ShortRun() {
			why[i] = out
			if withWhy {
				why[i] = strconv.FormatFloat(p.Prov.DurationS, 'f', -1, 64) + " s run, not steady state"
			}
			continue
		}
		_, okx := p.Metrics.Get(x.Metric)
		_, oky := p.Metrics.Get(y.Metric)
		if !okx || !oky {
			why[i] = out
			if withWhy {
				why[i] = missingWhy(okx, oky, x, y)
			}
			continue
		}
		if p.Knobs.Mode == "" {
			continue
		}
		buf = p.Knobs.appendBaseID(buf[:0])
		if _, seen := chosen[string(buf)]; !seen { // no allocation for the lookup
			chosen[string(buf)] = i
		}
	}
	var kept []int
	var left []LeftOut
	for i := range n {
		p := at(i)
		if why[i] == "" && p.Knobs.Mode != "" {
			buf = p.Knobs.appendBaseID(buf[:0])
			if j, ok := chosen[string(buf)]; ok && j != i {
				why[i] = out
				if withWhy {
					k := at(j)
					why[i] = "another measurement of its configuration counts: " + k.ID
					if d := day(k.Prov.Date); d != "" {
						why[i] += " (" + d + ")"
					}
				}
			}
		}
		if why[i] != "" {
			if withWhy {
				left = append(left, LeftOut{ID: p.ID, Reason: why[i]})
			}
			continue
		}
		kept = append(kept, i)
	}
	return kept, left
}

// missingWhy names the review's axes a point has no value on.
func missingWhy(okx, oky bool, x, y Axis) string {
	switch {
	case !okx && !oky:
		return fmt.Sprintf("no %s or %s value", x.Name, y.Name)
	case !okx:
		return fmt.Sprintf("no %s value", x.Name)
	}
	return fmt.Sprintf("no %s value", y.Name)
}

// ViewLeftOut says why each point of the curve that the view as of asOf
// does not show is left out of a review: dated after asOf, or replaced by
// a later run of its configuration from the same source. removed IDs (and
// the competitors) are not listed.
func ViewLeftOut(all, shown []Point, curve CurveKey, removed []string, asOf string) []LeftOut {
	in := idSet(shown)
	gone := map[string]bool{}
	for _, id := range removed {
		gone[id] = true
	}
	latest := map[string]*Point{} // config and source → the shown run
	key := func(p *Point) string { return p.Knobs.BaseID() + "\x00" + string(p.Source) }
	for i := range shown {
		if p := &shown[i]; p.Curve == curve && p.Knobs.Mode != "" {
			latest[key(p)] = p
		}
	}
	var out []LeftOut
	for i := range all {
		p := &all[i]
		if p.Curve != curve || in[p.ID] || gone[p.ID] || p.Source == SourceCompetitor {
			continue
		}
		switch {
		case asOf != "" && p.Prov.Date != "" && day(p.Prov.Date) > asOf:
			out = append(out, LeftOut{ID: p.ID, Reason: "measured after " + asOf})
		case p.Knobs.Mode != "" && latest[key(p)] != nil:
			q := latest[key(p)]
			r := "a later run of its configuration replaces it: " + q.ID
			if d := day(q.Prov.Date); d != "" {
				r += " (" + d + ")"
			}
			out = append(out, LeftOut{ID: p.ID, Reason: r})
		}
	}
	return out
}
