// Package review is the removal review pane: the verdict for every point
// marked for removal, kept points under the hull, coverage, and gains
// against the competitor — model.ReviewCurves, the review the CLI and the
// export use too.
package review

import "github.com/sweeptune/sweeptune/model"

// Report is the review of the whole state on one axis pair.
type Report struct {
	X, Y        model.Axis
	WithPlanned bool
	Curves      []model.CurveReview
	// Orphans are marks whose points are not in the data: no verdict.
	Orphans []string
}

// Compute reviews every curve that has own (non-competitor) points with the
// marked points removed; planned points stand in the kept curve only when
// withPlanned.
func Compute(all []model.Point, marks map[string]bool, x, y model.Axis, withPlanned bool) Report {
	req := model.ReviewRequest{Points: all, X: x, Y: y, WithPlanned: withPlanned}
	return Report{X: x, Y: y, WithPlanned: withPlanned, Curves: model.ReviewCurves(req, marks)}
}
