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
//     is represented by its latest measurement on these axes (by run date;
//     undated or same-day runs: the first loaded): a curve has one point per
//     configuration, and mixing two runs of one config would let a
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
// and why ("1200 s run, not steady state", "measured after 2026-11-05").
type LeftOut struct {
	ID     string `json:"id"`
	Reason string `json:"reason"`
}

// KeptCurveWhy is KeptCurve of points already without the removed ones and
// the competitors, with the reason for every point it leaves out, in
// load order.
func KeptCurveWhy(curve []Point, x, y Axis) ([]Point, []LeftOut) {
	why := make([]string, len(curve))
	chosen := map[string]int{} // configuration → index of its measurement
	for i := range curve {
		p := &curve[i]
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
		j, seen := chosen[id]
		if !seen {
			chosen[id] = i
			continue
		}
		if dateAfter(p.Prov.Date, curve[j].Prov.Date) {
			chosen[id] = i
			why[j] = "" // decided below
		}
	}
	var kept []Point
	var left []LeftOut
	for i := range curve {
		p := &curve[i]
		if why[i] == "" && p.Knobs.Mode != "" {
			if j, ok := chosen[p.Knobs.BaseID()]; ok && j != i {
				k := &curve[j]
				why[i] = "another run of its configuration counts: " + k.ID
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
