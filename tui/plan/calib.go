// Package plan is the planner pane: knobs for prefill workers, decode cap,
// concurrency and balancing; the live prediction of planner.Predict; the
// backtest error of the calibration; a adds the point to the plan.
package plan

import (
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
	cv := planner.CrossValidate(pts)
	f.Method, f.Rows = cv.Method, cv.Rows
	f.MeanAbs.Tput, f.MeanAbs.Mean = cv.MeanAbs.Tput, cv.MeanAbs.Mean
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
