// Package review is the removal review pane: the verdict for every point
// marked for removal, kept points under the hull, coverage, and gains
// against the competitor.
package review

import (
	"sort"

	"github.com/sweeptune/sweeptune/model"
)

// Report is the review of the whole state on one axis pair.
type Report struct {
	X, Y   model.Axis
	Curves []CurveReport
}

// CurveReport is one curve's review.
type CurveReport struct {
	Key        model.CurveKey
	Kept       int
	Verdicts   []model.RemovalVerdict
	Labels     map[string]string
	UnderHull  []HullRow
	Coverage   model.CoverageResult
	Gains      []GainRow
	Competitor int // competitor points compared against
}

// HullRow is a kept point that is not a hull vertex.
type HullRow struct {
	ID     string
	GapPct float64
}

// GainRow is a kept frontier point against the competitor's frontier.
type GainRow struct {
	ID       string
	X, Y     float64
	Other    float64
	HasOther bool
	GainPct  float64
}

// Compute reviews every curve that has own (non-competitor) points: kept =
// its points (planned included) minus the marked ones.
func Compute(all []model.Point, marks map[string]bool, x, y model.Axis) Report {
	r := Report{X: x, Y: y}
	var own, comp []model.Point
	for _, p := range all {
		if p.Source == model.SourceCompetitor {
			comp = append(comp, p)
		} else {
			own = append(own, p)
		}
	}
	for _, c := range model.GroupCurves(own) {
		cr := CurveReport{Key: c.Key, Labels: map[string]string{}}
		var removed []model.Point
		for _, p := range c.Points {
			cr.Labels[p.ID] = p.DisplayLabel()
			if marks[p.ID] {
				removed = append(removed, p)
			}
		}
		kept := model.KeptCurve(c.Points, marks, x, y)
		var rest []model.Point // coverage counts every own point that stays
		for _, p := range c.Points {
			if !marks[p.ID] {
				rest = append(rest, p)
			}
		}
		cr.Kept = len(kept)
		cr.Verdicts = model.ReviewRemovals(kept, removed, x, y)
		for _, g := range model.HullGaps(kept, x, y) {
			if !g.Vertex && g.GapPct > 0.005 {
				cr.UnderHull = append(cr.UnderHull, HullRow{ID: kept[g.Index].ID, GapPct: g.GapPct})
			}
		}
		sort.SliceStable(cr.UnderHull, func(i, j int) bool { return cr.UnderHull[i].GapPct > cr.UnderHull[j].GapPct })
		cr.Coverage = model.Coverage(rest, y)
		rival := rivals(comp, c.Key)
		cr.Competitor = len(rival)
		if len(rival) > 0 {
			front := model.Frontier(kept, x, y)
			onFront := make(map[int]bool, len(front))
			for _, i := range front {
				onFront[i] = true
			}
			for _, g := range model.Gains(kept, rival, x, y) {
				if onFront[g.Index] {
					cr.Gains = append(cr.Gains, GainRow{ID: kept[g.Index].ID, X: g.X, Y: g.Y, Other: g.Other, HasOther: g.HasOther, GainPct: g.GainPct})
				}
			}
		}
		r.Curves = append(r.Curves, cr)
	}
	return r
}

// rivals are the competitor points on the same model, hardware and
// scenario (a competitor differs in framework by definition).
func rivals(comp []model.Point, k model.CurveKey) []model.Point {
	var out []model.Point
	for _, p := range comp {
		if p.Curve.Model == k.Model && p.Curve.Hardware == k.Hardware && p.Curve.Scenario == k.Scenario {
			out = append(out, p)
		}
	}
	return out
}
