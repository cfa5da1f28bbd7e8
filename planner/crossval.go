package planner

import (
	"math"

	"github.com/sweeptune/sweeptune/model"
)

// CrossValidation says how far to trust a calibration on its own points:
// each point predicted by a fit that did not see it.
type CrossValidation struct {
	Method  string // "leave-one-out", or "2-fold" for larger sets
	Rows    []BacktestRow
	MeanAbs struct{ Tput, Mean float64 } // mean |error| in %, tput/GPU and mean interactivity
}

// looMax bounds leave-one-out (one fit per point); bigger sets use 2 folds.
const looMax = 16

// CrossValidate backtests the points against fits on the others. Folds whose
// fit the model refuses (too few points left) are skipped, so a set of three
// yields no rows: nothing is left to trust it on.
func CrossValidate(points []model.Point) CrossValidation {
	var cv CrossValidation
	var folds [][2][]model.Point
	if len(points) <= looMax {
		cv.Method = "leave-one-out"
		for i := range points {
			fit := append(append([]model.Point{}, points[:i]...), points[i+1:]...)
			folds = append(folds, [2][]model.Point{fit, points[i : i+1]})
		}
	} else {
		cv.Method = "2-fold"
		var a, b []model.Point
		for i, p := range points {
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
		res, err := Backtest(fold[0], fold[1])
		if err != nil {
			continue
		}
		for _, r := range res.Rows {
			cv.Rows = append(cv.Rows, r)
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
		cv.MeanAbs.Tput = sumT / float64(nT)
	}
	if nM > 0 {
		cv.MeanAbs.Mean = sumM / float64(nM)
	}
	return cv
}
