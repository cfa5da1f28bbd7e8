package model

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
	seen := make(map[string]bool, len(curve))
	var kept []Point
	for _, p := range curve {
		if removed[p.ID] || p.Source == SourceCompetitor || p.Prov.ShortRun() || p.HeldOut() {
			continue
		}
		if _, _, ok := p.XY(x, y); !ok {
			continue
		}
		if p.Knobs.Mode != "" {
			id := p.Knobs.BaseID()
			if seen[id] {
				continue
			}
			seen[id] = true
		}
		kept = append(kept, p)
	}
	return kept
}
