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
	Points  []model.Point     // the calibration points, one per configuration
	Twins   []planner.Skipped // measurements left out as twins of a calibration point
	Method  string            // "leave-one-out" or "2-fold"
	Rows    []planner.BacktestRow
	MeanAbs struct{ Tput, Mean float64 }
	Tested  int
}

// Calibrate fits the model on the points planner.ChooseFit picks (the
// usable measured points of the largest own curve, twins counted once) and
// backtests it leaving one configuration out at a time.
func Calibrate(all []model.Point) Fit {
	fc, err := planner.ChooseFit(all, nil)
	f := Fit{Points: fc.Points, Twins: fc.Twins, Err: err}
	if err != nil {
		return f
	}
	f.Cal, f.Err = planner.Calibrate(fc.Points)
	if f.Err != nil {
		return f
	}
	f.Cal.AddMeasured(all)
	cv := planner.CrossValidate(fc.Points)
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
