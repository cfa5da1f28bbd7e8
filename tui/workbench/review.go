package workbench

import "github.com/sweeptune/sweeptune/model"

// RuleX and RuleY are the axes the removal rule (rule 18(g)) and so the
// export judge on, whatever the view shows (docs/review.md).
var RuleX, RuleY = model.AxisMeanIntvty, model.AxisTputPerGPU

// Review is the review of the shown curve: the verdict for every point
// marked for removal, kept points under the hull and coverage on the
// rule's axes (as the export judges), gains against the overlaid curves on
// the view's — model.Review, the review the CLI and the export run too.
type Review struct {
	X, Y        model.Axis // the rule's axes: what the verdicts are judged on
	ViewX       model.Axis // the view's x axis (the gains are measured on it)
	WithPlanned bool
	Curves      []model.CurveReview // the shown curve's, when it has points
	// Gains is the review on the view's axes, for the gains; nil when the
	// view's axes are the rule's (Curves carries them).
	Gains *model.CurveReview
	// Keep is the kept curve the flips made (nil: the default), as the
	// export is given it.
	Keep []string
	// Orphans are marks whose points are not in the data: no verdict.
	Orphans []string
}

// ReviewInput is what a review of the shown curve is computed from.
type ReviewInput struct {
	Curve       model.CurveKey
	View        []model.Point // the shown curve's points, as of AsOf
	All         []model.Point // the shown curve's loaded points, every run (why the view leaves some out; the noise)
	Others      []model.Point // the overlaid curves' points
	Marks       map[string]bool
	Flips       map[string]bool // kept-curve toggles (K)
	X, Y        model.Axis      // the view's axes
	WithPlanned bool
	AsOf        string
}

// ReviewShown reviews the shown curve with its marked points removed: view is
// its points (as of the workbench's date), others the overlaid curves'
// points, whose frontier the kept points' gains are measured against (for
// the ones comparable with it, as compare does). Planned points stand in
// the kept curve only when withPlanned. The verdicts are judged on the
// rule's axes, as the export judges them.
func ReviewShown(curve model.CurveKey, view, others []model.Point, marks map[string]bool, x, y model.Axis, withPlanned bool) Review {
	return ReviewOf(ReviewInput{Curve: curve, View: view, Others: others, Marks: marks, X: x, Y: y, WithPlanned: withPlanned})
}

// ReviewOf is ReviewShown with the date, the kept-curve flips and every
// loaded point.
func ReviewOf(in ReviewInput) Review {
	r := Review{X: RuleX, Y: RuleY, ViewX: in.X, WithPlanned: in.WithPlanned}
	if len(in.View) == 0 {
		return r
	}
	pts := in.View[:len(in.View):len(in.View)] // read only (an overlay appended copies)
	if len(in.Others) > 0 {
		pts = append(pts, in.Others...)
	}
	var remove []string
	for i := range in.View {
		if in.Marks[in.View[i].ID] {
			remove = append(remove, in.View[i].ID)
		}
	}
	curve := in.Curve
	rival := func(p *model.Point) bool { return p.Curve != curve }
	req := model.ReviewRequest{Points: pts, Curve: &curve, Remove: remove, X: RuleX, Y: RuleY,
		WithPlanned: in.WithPlanned, IsRival: rival, AsOf: in.AsOf}
	if in.All != nil {
		req.Runs = in.All // the noise comes from every run, as the CLI's does
	}
	rev, keep, err := model.ReviewWithFlips(req, in.Flips)
	if err != nil {
		return r
	}
	if in.All != nil {
		rev.LeftOut = append(model.ViewLeftOut(in.All, in.View, curve, remove, in.AsOf), rev.LeftOut...)
	}
	r.Curves, r.Keep = []model.CurveReview{rev}, keep
	if in.X.Name != RuleX.Name || in.Y.Name != RuleY.Name {
		req.X, req.Y = in.X, in.Y
		if g, _, err := model.ReviewWithFlips(req, in.Flips); err == nil {
			r.Gains = &g
		}
	}
	return r
}
