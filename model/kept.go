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
	why := make([]string, len(curve))
	chosen := map[string]int{} // configuration → index of its measurement
	for i := range curve {
		p := &curve[i]
		if p.HeldOut() {
			why[i] = "suspect (" + p.Suspicion.Rule + "): " + p.Suspicion.Why + "; --include-suspect brings it in"
			continue
		}
		if p.Prov.ShortRun() {
			why[i] = strconv.FormatFloat(p.Prov.DurationS, 'f', -1, 64) + " s run, not steady state"
			continue
		}
		_, okx := p.Metrics.Get(x.Metric)
		_, oky := p.Metrics.Get(y.Metric)
		switch {
		case !okx && !oky:
			why[i] = fmt.Sprintf("no %s or %s value", x.Name, y.Name)
			continue
		case !okx:
			why[i] = fmt.Sprintf("no %s value", x.Name)
			continue
		case !oky:
			why[i] = fmt.Sprintf("no %s value", y.Name)
			continue
		}
		if p.Knobs.Mode == "" {
			continue
		}
		id := p.Knobs.BaseID()
		if _, seen := chosen[id]; !seen {
			chosen[id] = i
		}
	}
	var kept []Point
	var left []LeftOut
	for i := range curve {
		p := &curve[i]
		if why[i] == "" && p.Knobs.Mode != "" {
			if j, ok := chosen[p.Knobs.BaseID()]; ok && j != i {
				k := &curve[j]
				why[i] = "another measurement of its configuration counts: " + k.ID
				if d := day(k.Prov.Date); d != "" {
					why[i] += " (" + d + ")"
				}
			}
		}
		if why[i] != "" {
			left = append(left, LeftOut{ID: p.ID, Reason: why[i]})
			continue
		}
		kept = append(kept, *p)
	}
	return kept, left
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
