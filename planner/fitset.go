package planner

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/sweeptune/sweeptune/model"
)

// FitChoice is the set a front end calibrates on: one measurement per
// configuration of one curve.
type FitChoice struct {
	Curve  model.CurveKey
	Points []model.Point
	// Twins are measurements left out because another measurement of the
	// same configuration (model.Knobs.BaseID) is in Points; Reason names it.
	Twins []Skipped
}

// IDs are the chosen points' IDs.
func (fc FitChoice) IDs() []string {
	ids := make([]string, len(fc.Points))
	for i := range fc.Points {
		ids[i] = fc.Points[i].ID
	}
	return ids
}

// ChooseFit picks the calibration points. With ids it takes exactly those
// (in order), refusing unknown IDs, aggregated points and points of several
// curves. Without, it takes every usable measured point (Usable) of the curve
// with the most of them. Either way twins of one configuration count once:
// the first steady-state one with a known 3600 s run is kept, else the first.
func ChooseFit(points []model.Point, ids []string) (FitChoice, error) {
	var pick []*model.Point // in place in points: only the kept are copied
	if len(ids) > 0 {
		var unknown, agg []string
		for _, id := range ids {
			i := model.FindID(points, id)
			switch {
			case i < 0:
				unknown = append(unknown, id)
			case points[i].Knobs.Mode != model.ModeDisagg:
				agg = append(agg, id)
			default:
				pick = append(pick, &points[i])
			}
		}
		if len(unknown) > 0 {
			all := make([]string, len(points))
			for i := range points {
				all[i] = points[i].ID
			}
			sort.Strings(all)
			return FitChoice{}, fmt.Errorf("unknown point ID %s; valid IDs:\n  %s", model.UnknownIDs(points, unknown), strings.Join(all, "\n  "))
		}
		if len(agg) > 0 {
			return FitChoice{}, fmt.Errorf("cannot fit on %s: %w", strings.Join(agg, ", "), ErrOutOfScope)
		}
		for _, p := range pick[1:] {
			if p.Curve != pick[0].Curve {
				return FitChoice{}, fmt.Errorf("%s is not on the curve %s: fit on points of one curve", p.ID, pick[0].Curve)
			}
		}
	} else {
		// Points with every knob first; a curve that publishes less (no
		// cap, p90 only) falls back to every calibratable point.
		var fc FitChoice
		for _, ok := range []func(*model.Point) bool{Usable, Calibratable} {
			pick = largestCurve(points, ok)
			if fc.Points, fc.Twins = dropTwinRefs(pick); len(fc.Points) >= 3 {
				break
			}
		}
		if len(pick) == 0 {
			return FitChoice{}, fmt.Errorf("no measured steady-state disaggregated point with prefill workers, concurrency, throughput and interactivity to calibrate on")
		}
		fc.Curve = pick[0].Curve
		return fc, nil
	}
	fc := FitChoice{Curve: pick[0].Curve}
	fc.Points, fc.Twins = dropTwinRefs(pick)
	return fc, nil
}

// Calibratable says whether Calibrate can use a point: measured (not
// planned or a competitor's), steady state (no short run), disaggregated,
// with prefill workers, decode ranks, concurrency, throughput and
// interactivity (mean, p90 or mean TPOT).
func Calibratable(p *model.Point) bool {
	k := p.Knobs
	return p.Source != model.SourceCompetitor && p.Source != model.SourcePlanned &&
		k.Mode == model.ModeDisagg && k.Prefill.Workers > 0 && k.DecodeRanks() > 0 && k.Concurrency > 0 &&
		!p.Prov.ShortRun() && p.Metrics.Has(model.TputPerGPU) &&
		(p.Metrics.Has(model.MeanIntvty) || p.Metrics.Has(model.P90Intvty) || p.Metrics.Has(model.MeanTPOT))
}

// Usable is a calibratable point with every knob the model reads: the decode
// cap, and the balancing method when decode has DP attention. An automatic
// choice prefers these.
func Usable(p *model.Point) bool {
	k := p.Knobs
	return Calibratable(p) && k.DecodeBS > 0 && (k.Balance != "" || !k.Decode.DPAttn)
}

// Candidates are the points of a curve a user may choose to calibrate on:
// every calibratable one, twins included (ChooseFit counts them once),
// each in place in points: a large curve's are tens of thousands.
func Candidates(points []model.Point, curve model.CurveKey) []*model.Point {
	var out []*model.Point
	for i := range points {
		if points[i].Curve == curve && Calibratable(&points[i]) {
			out = append(out, &points[i])
		}
	}
	return out
}

// largestCurve is the curve with the most points that pass ok, in order;
// of curves as large, the first in model.KeyLess order (as GroupCurves
// sorts them). The points stay in place: a shown curve of a million
// points holds tens of thousands, hundreds of bytes each.
func largestCurve(points []model.Point, ok func(*model.Point) bool) []*model.Point {
	counts := map[model.CurveKey]*int{}
	var last model.CurveKey
	var lastN *int
	for i := range points {
		if !ok(&points[i]) {
			continue
		}
		if lastN == nil || points[i].Curve != last {
			last = points[i].Curve
			if lastN = counts[last]; lastN == nil {
				lastN = new(int)
				counts[last] = lastN
			}
		}
		*lastN++
	}
	var best model.CurveKey
	n := 0
	for k, c := range counts {
		if *c > n || *c == n && model.KeyLess(k, best) {
			best, n = k, *c
		}
	}
	if n == 0 {
		return nil
	}
	pick := make([]*model.Point, 0, n)
	for i := range points {
		if points[i].Curve == best && ok(&points[i]) {
			pick = append(pick, &points[i])
		}
	}
	return pick
}

// dropTwins keeps one measurement per configuration, in order of first
// appearance: a known ≥ 3600 s run when there is one, else the first.
func dropTwins(pts []model.Point) (kept []model.Point, twins []Skipped) {
	return dropTwinRefs(model.RefsTo(pts))
}

// dropTwinRefs is dropTwins on the points by reference: only the kept
// ones are copied.
func dropTwinRefs(pts []*model.Point) (kept []model.Point, twins []Skipped) {
	best := map[string]int{} // BaseID → index into pts
	var order []string
	for i := range pts {
		id := pts[i].Knobs.BaseID()
		j, ok := best[id]
		if !ok {
			best[id] = i
			order = append(order, id)
			continue
		}
		if steady(pts[i]) && !steady(pts[j]) {
			best[id] = i
		}
	}
	keep := map[int]bool{}
	if len(order) > 0 {
		kept = make([]model.Point, 0, len(order)) // a point is hundreds of bytes: no regrowth
	}
	for _, id := range order {
		keep[best[id]] = true
		kept = append(kept, *pts[best[id]])
	}
	for i := range pts {
		if !keep[i] {
			twins = append(twins, Skipped{ID: pts[i].ID, Reason: "twin of " + pts[best[pts[i].Knobs.BaseID()]].ID + " (same configuration, measured again): counted once"})
		}
	}
	return kept, twins
}

func steady(p *model.Point) bool { return p.Prov.DurationS >= 3600 }

// twinIndex is TwinOf over one fit, its points listed per configuration.
type twinIndex map[string][]int

func newTwinIndex(fit []model.Point) twinIndex {
	t := twinIndex{}
	for i := range fit {
		id := fit[i].Knobs.BaseID()
		t[id] = append(t[id], i)
	}
	return t
}

// of is TwinOf(p, fit).
func (t twinIndex) of(p *model.Point, fit []model.Point) string {
	for _, i := range t[p.Knobs.BaseID()] {
		if fit[i].ID != p.ID {
			return fit[i].ID
		}
	}
	return ""
}

// TwinOf is the ID of a point in fit with the same configuration as p, ""
// when none (p itself does not count).
func TwinOf(p *model.Point, fit []model.Point) string {
	id := p.Knobs.BaseID()
	for i := range fit {
		if fit[i].ID != p.ID && fit[i].Knobs.BaseID() == id {
			return fit[i].ID
		}
	}
	return ""
}

// EngineerFit is the fit a tuning engineer tries first: three concurrencies
// (lowest, middle, highest) of the curve's dominant topology (model.Knobs.Shape
// with the most distinct concurrencies) when it has three, else the lowest,
// middle and highest concurrency of the whole curve. Points must be
// calibratable; twins count once.
func EngineerFit(points []model.Point) []model.Point {
	var pts []model.Point
	for i := range points {
		if Calibratable(&points[i]) {
			pts = append(pts, points[i])
		}
	}
	pts, _ = dropTwins(pts)
	byShape := map[string][]model.Point{}
	var order []string
	for _, p := range pts {
		s := p.Knobs.Shape()
		if _, ok := byShape[s]; !ok {
			order = append(order, s)
		}
		byShape[s] = append(byShape[s], p)
	}
	pick := pts
	best := 0
	for _, s := range order {
		if n := len(byShape[s]); n >= 3 && n > best {
			pick, best = byShape[s], n
		}
	}
	if len(pick) < 3 {
		return pick
	}
	pick = slices.Clone(pick)
	slices.SortStableFunc(pick, func(a, b model.Point) int { return a.Knobs.Concurrency - b.Knobs.Concurrency })
	n := len(pick)
	return []model.Point{pick[0], pick[(n-1)/2], pick[n-1]}
}
