package render

import (
	"fmt"
	"sort"
	"strings"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/planner"
	"github.com/sweeptune/sweeptune/sources/export"
)

// The PR body's "what binds" paragraph: the planner calibrated on the
// curve's steady-state disaggregated points as of the date predicts each
// kept disaggregated point of the change set, and says its regime (what
// sets the rate), whether the decode cap binds (and what a free cap would
// give), and whether prefill's saturation is known (docs/export.md).

// PointRegime is the planner's reading of one kept point.
type PointRegime struct {
	Point *model.Point
	Pred  planner.Prediction
}

// PRRegimes are the planner's readings of the change set's kept
// disaggregated points, and the calibration's points (nil, nil when the
// curve has too few to calibrate on).
type PRRegimes struct {
	Fit       []*model.Point
	TauPKnown bool
	Points    []PointRegime
}

// regimesOf calibrates on the curve's steady-state disaggregated points as
// of asOf (every usable one, planner.ChooseFit) and predicts each kept
// disaggregated point at its own knobs.
func regimesOf(points []model.Point, curve model.CurveKey, kept []*model.Point, asOf string) *PRRegimes {
	var own []model.Point
	for _, p := range model.Latest(points, asOf) {
		if p.Curve == curve {
			own = append(own, p)
		}
	}
	fc, err := planner.ChooseFit(own, nil)
	if err != nil || len(fc.Points) < 3 {
		return nil
	}
	cal, err := planner.Calibrate(fc.Points)
	if err != nil {
		return nil
	}
	r := &PRRegimes{TauPKnown: cal.Params.TauP > 0}
	for i := range fc.Points {
		r.Fit = append(r.Fit, &fc.Points[i])
	}
	for _, p := range kept {
		if p.Knobs.Mode != model.ModeDisagg || p.Knobs.Concurrency <= 0 || p.Knobs.DecodeBS <= 0 {
			continue
		}
		pred, err := cal.Predict(planner.ConfigFromKnobs(p.Knobs))
		if err != nil {
			continue
		}
		r.Points = append(r.Points, PointRegime{Point: p, Pred: pred})
	}
	if len(r.Points) == 0 {
		return nil
	}
	return r
}

// prRegimes writes what binds at each kept disaggregated point.
func prRegimes(b *strings.Builder, in PRBodyInput) {
	r := in.Regimes
	if r == nil {
		return
	}
	var fit []string
	for _, p := range r.Fit {
		fit = append(fit, prCell(pointName(p)))
	}
	fmt.Fprintf(b, "\nWhat binds, as the planner reads it (calibrated on the curve's steady-state disaggregated points%s: %s; a prediction, not a measurement):\n\n",
		prCell(asOfWords(in.AsOf)), andWords(fit))
	for _, pr := range r.Points {
		fmt.Fprintf(b, "- %s: %s\n", prCell(pointName(pr.Point)), regimeWords(pr.Point.Knobs.DecodeBS, pr.Pred))
	}
	if !r.TauPKnown {
		b.WriteString("- Prefill: no point saturated it (its per-worker rate is known only from below), so whether prefill saturates at these points is not known; a saturation sweep (fixed prefill workers, rising concurrency, free cap) would say.\n")
	}
}

// nearCap is the share of its cap past which a free cap is said to be close
// to binding.
const nearCap = 0.95

// regimeWords says what sets the rate at one point, and what its decode
// cap does there.
func regimeWords(bs int, pr planner.Prediction) string {
	var s string
	switch pr.Regime {
	case planner.RegimeDecodeCap:
		s = fmt.Sprintf("binding decode cap. BS %d holds the busiest rank, so the extra requests wait for admission (%s predicted); ", bs, model.Thousands(pr.Queue, 0))
		if pr.FreeCapTputPerGPU > 0 {
			s += fmt.Sprintf("a free cap would give at most %s tok/s/GPU at mean interactivity %s", model.Thousands(pr.FreeCapTputPerGPU, 0), oneDecimal(pr.FreeCapMeanIntvty))
		} else {
			s += "a free cap would not give more"
		}
		return s + "."
	case planner.RegimePrefill:
		s = "prefill saturated: the prefill workers set the request rate, a queue waits in front of them"
	case planner.RegimeQueueing:
		s = "the client's concurrency sets the rate, and waiting grows"
	case planner.RegimeCollapse:
		s = "at or past a concurrency where throughput was measured to fall"
	default:
		s = "the client's concurrency sets the rate; decode keeps up"
	}
	near := ""
	if bs > 0 && pr.DecodeBatchMax >= nearCap*float64(bs) {
		near = ": close to binding"
	}
	return fmt.Sprintf("%s; free decode cap (the busiest rank runs %s of BS %d%s).", s, oneDecimal(pr.DecodeBatchMax), bs, near)
}

// keptPoints are the change set's kept points in the points table's
// order: the added ones and the kept overrides' measurements.
func keptPoints(plan *export.ExportPlan) []*model.Point {
	pts := append([]*model.Point{}, plan.Added...)
	for _, k := range plan.Kept {
		if k.Point != nil {
			pts = append(pts, k.Point)
		}
	}
	sort.SliceStable(pts, func(i, j int) bool { return less(orderOf(pts[i].Knobs), orderOf(pts[j].Knobs)) })
	return pts
}
