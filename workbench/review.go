package workbench

import "github.com/sweeptune/sweeptune/model"

// Review is the review of the shown curve on one axis pair: the verdict
// for every point marked for removal, kept points under the hull,
// coverage, and gains against the overlaid curves — model.Review, the
// review the CLI and the export run too.
type Review struct {
	X, Y        model.Axis
	WithPlanned bool
	Curves      []model.CurveReview // the shown curve's, when it has points
	// Orphans are marks whose points are not in the data: no verdict.
	Orphans []string
}

// ReviewShown reviews the shown curve with its marked points removed: view is
// its points (as of the workbench's date), others the overlaid curves'
// points, whose frontier the kept points' gains are measured against (for
// the ones comparable with it, as compare does). Planned points stand in
// the kept curve only when withPlanned.
func ReviewShown(curve model.CurveKey, view, others []model.Point, marks map[string]bool, x, y model.Axis, withPlanned bool) Review {
	r := Review{X: x, Y: y, WithPlanned: withPlanned}
	if len(view) == 0 {
		return r
	}
	pts := make([]model.Point, 0, len(view)+len(others))
	pts = append(append(pts, view...), others...)
	var remove []string
	for i := range view {
		if marks[view[i].ID] {
			remove = append(remove, view[i].ID)
		}
	}
	rival := func(p *model.Point) bool { return p.Curve != curve }
	rev, err := model.Review(model.ReviewRequest{Points: pts, Curve: &curve, Remove: remove, X: x, Y: y,
		WithPlanned: withPlanned, IsRival: rival})
	if err == nil {
		r.Curves = []model.CurveReview{rev}
	}
	return r
}
