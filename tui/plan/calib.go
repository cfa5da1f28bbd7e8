// Package plan is the planner pane: knobs for prefill workers, decode cap,
// concurrency and balancing; the live prediction of planner.Predict; the
// backtest error of the calibration; a adds the point to the plan.
package plan

import (
	"math"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/planner"
)

// Fit is a calibration and how far to trust it.
type Fit struct {
	Cal     *planner.Calibration
	Err     error
	Points  []model.Point // the calibration points
	Method  string        // "leave-one-out" or "2-fold"
	Rows    []planner.BacktestRow
	MeanAbs struct{ Tput, Mean float64 }
	Tested  int
}

// looMax bounds leave-one-out (one fit per point); bigger sets use 2 folds.
const looMax = 16

// Calibrate fits the model on the measured disaggregated points of the
// largest own curve (never competitor or planned points) and backtests it.
func Calibrate(all []model.Point) Fit {
	var own []model.Point
	for _, p := range all {
		if calibratable(&p) {
			own = append(own, p)
		}
	}
	var pts []model.Point
	for _, c := range model.GroupCurves(own) {
		if len(c.Points) > len(pts) {
			pts = c.Points
		}
	}
	f := Fit{Points: pts}
	f.Cal, f.Err = planner.Calibrate(pts)
	if f.Err != nil {
		return f
	}
	var folds [][2][]model.Point
	if len(pts) <= looMax {
		f.Method = "leave-one-out"
		for i := range pts {
			fit := append(append([]model.Point{}, pts[:i]...), pts[i+1:]...)
			folds = append(folds, [2][]model.Point{fit, pts[i : i+1]})
		}
	} else {
		f.Method = "2-fold"
		var a, b []model.Point
		for i, p := range pts {
			if i%2 == 0 {
				a = append(a, p)
			} else {
				b = append(b, p)
			}
		}
		folds = [][2][]model.Point{{a, b}, {b, a}}
	}
	var sumT, sumM float64
	var nT, nM int
	for _, fold := range folds {
		res, err := planner.Backtest(fold[0], fold[1])
		if err != nil {
			continue
		}
		for _, r := range res.Rows {
			f.Rows = append(f.Rows, r)
			if r.ErrorPct.TputPerGPU != nil {
				sumT += math.Abs(*r.ErrorPct.TputPerGPU)
				nT++
			}
			if r.ErrorPct.MeanIntvty != nil {
				sumM += math.Abs(*r.ErrorPct.MeanIntvty)
				nM++
			}
		}
	}
	if nT > 0 {
		f.MeanAbs.Tput = sumT / float64(nT)
	}
	if nM > 0 {
		f.MeanAbs.Mean = sumM / float64(nM)
	}
	f.Tested = len(f.Rows)
	return f
}

// ErrorFor is the backtest row of a point ID, if it was tested.
func (f Fit) ErrorFor(id string) (planner.BacktestRow, bool) {
	for _, r := range f.Rows {
		if r.ID == id {
			return r, true
		}
	}
	return planner.BacktestRow{}, false
}

// calibratable is a measured steady-state disaggregated point with what
// PLANNER.md's calibration needs: Np, C, BS, balancing, tput/GPU and mean
// interactivity. Short runs are left out (their throughput is projected).
func calibratable(p *model.Point) bool {
	k := p.Knobs
	return p.Source != model.SourceCompetitor && p.Source != model.SourcePlanned &&
		k.Mode == model.ModeDisagg && k.Prefill.Workers > 0 && k.DecodeBS > 0 &&
		k.Concurrency > 0 && k.Balance != "" && !p.Prov.ShortRun() &&
		p.Metrics.Has(model.TputPerGPU) && p.Metrics.Has(model.MeanIntvty)
}
