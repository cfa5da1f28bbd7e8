package planner

import (
	"math"

	"github.com/sweeptune/sweeptune/model"
)

// CrossValidation says how far to trust a calibration on its own points:
// each point predicted by a fit that did not see it (nor its twins).
type CrossValidation struct {
	Method  string        `json:"method"` // "leave-one-out", or "2-fold" for larger sets
	Rows    []BacktestRow `json:"rows"`
	Skipped []Skipped     `json:"skipped,omitempty"`
	// MeanAbs is the mean |error| in %, tput/GPU and mean interactivity.
	MeanAbs struct {
		Tput float64 `json:"tput_per_gpu"`
		Mean float64 `json:"mean_intvty"`
	} `json:"mean_abs"`
}

// looMax bounds leave-one-out (one fit per configuration); bigger sets use 2 folds.
const looMax = 16

// CrossValidate backtests the points against fits on the others. A fold
// holds out a whole configuration (model.Knobs.BaseID): leaving a point out
// drops its twins too, so no point is predicted from its own re-measurement.
// Folds whose fit the model refuses (too few points left) are skipped, so a
// set of three configurations yields no rows: nothing is left to trust it on.
func CrossValidate(points []model.Point) CrossValidation {
	var cv CrossValidation
	groups := configGroups(points)
	var folds [][2][]model.Point
	if len(groups) <= looMax {
		cv.Method = "leave-one-out"
		for i := range groups {
			fit := gatherGroups(points, groups, func(g int) bool { return g != i })
			folds = append(folds, [2][]model.Point{fit, gatherGroups(points, groups, func(g int) bool { return g == i })})
		}
	} else {
		cv.Method = "2-fold"
		a := gatherGroups(points, groups, func(g int) bool { return g%2 == 0 })
		b := gatherGroups(points, groups, func(g int) bool { return g%2 == 1 })
		folds = [][2][]model.Point{{a, b}, {b, a}}
	}
	for _, fold := range folds {
		res, err := Backtest(fold[0], fold[1])
		if err != nil {
			continue
		}
		cv.Skipped = append(cv.Skipped, res.Skipped...)
		cv.Rows = append(cv.Rows, res.Rows...)
	}
	cv.setMeanAbs(func(r BacktestRow) *float64 { return r.ErrorPct.MeanIntvty })
	return cv
}

// configGroups groups the points by configuration (model.Knobs.BaseID), a
// point and its twins together, in the order each configuration first
// stands: each group the indices of its points.
func configGroups(points []model.Point) [][]int {
	var groups [][]int
	index := map[string]int{}
	for i := range points {
		id := points[i].Knobs.BaseID()
		g, ok := index[id]
		if !ok {
			g = len(groups)
			index[id] = g
			groups = append(groups, nil)
		}
		groups[g] = append(groups[g], i)
	}
	return groups
}

// gatherGroups copies the points of the groups pick takes, group by group,
// into an array of their own size (a fold of a large curve is tens of
// thousands of points, hundreds of bytes each: copied once).
func gatherGroups(points []model.Point, groups [][]int, pick func(g int) bool) []model.Point {
	n := 0
	for g, is := range groups {
		if pick(g) {
			n += len(is)
		}
	}
	out := make([]model.Point, 0, n)
	for g, is := range groups {
		if pick(g) {
			for _, i := range is {
				out = append(out, points[i])
			}
		}
	}
	return out
}

// absErrors is a sum of |error| in % and how many errors it holds.
type absErrors struct {
	sum float64
	n   int
}

func (a *absErrors) add(e *float64) {
	if e != nil {
		a.sum += math.Abs(*e)
		a.n++
	}
}

// mean is the mean |error|, 0 when there is none.
func (a absErrors) mean() float64 {
	if a.n == 0 {
		return 0
	}
	return a.sum / float64(a.n)
}

// absErrorsOf sums the rows' tput/GPU errors and their interactivity
// errors, the latter as intvty picks them from a row.
func absErrorsOf(rows []BacktestRow, intvty func(BacktestRow) *float64) (tput, x absErrors) {
	for _, r := range rows {
		tput.add(r.ErrorPct.TputPerGPU)
		x.add(intvty(r))
	}
	return tput, x
}

// setMeanAbs sets MeanAbs from the rows, interactivity as intvty picks it.
func (cv *CrossValidation) setMeanAbs(intvty func(BacktestRow) *float64) {
	t, x := absErrorsOf(cv.Rows, intvty)
	cv.MeanAbs.Tput, cv.MeanAbs.Mean = t.mean(), x.mean()
}
