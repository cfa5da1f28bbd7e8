// Package plan is the planner pane: knobs for prefill workers, decode cap,
// concurrency and balancing; the live prediction of planner.Predict beside
// the measured point it was seeded from; the fit's parameters and points,
// chosen and dropped in place, with their leave-one-out errors; a adds the
// point to the plan.
package plan

import (
	"errors"
	"slices"
	"strconv"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/planner"
	"github.com/sweeptune/sweeptune/render"
)

// Fit is a calibration and how far to trust it.
type Fit struct {
	Cal    *planner.Calibration
	Err    error
	Points []model.Point     // the calibration points, one per configuration
	Twins  []planner.Skipped // chosen measurements counted once with a calibration point
	Curve  model.CurveKey    // the curve the candidates lie on
	Cands  []*model.Point    // every point of the curve the user may choose, in place in the view
	Chosen map[string]bool   // candidate IDs in the fit (twins included)
	Auto   bool              // the automatic choice: nothing toggled yet
	// BacktestPoints are the chosen points with their twins, which the
	// backtest leaves out a configuration at a time.
	BacktestPoints []model.Point
	Method         string // "leave-one-out" or "2-fold"; "" before the backtest ran
	Rows           []planner.BacktestRow
	MeanAbs        struct{ Tput, Mean float64 }
	Tested         int
	rowOf          map[string]int // ID → index in Rows: ErrorFor is called per candidate per draw
	// without caches, per configuration (BaseID), the automatic fit without
	// that configuration and its twins: what predicts a measured one.
	without  map[string]heldCal
	measured []model.Point  // every point shown, for the held-out fits' collapses
	fitBase  map[string]int // BaseID of each fit configuration → its index in Points
}

// holdOneMax is how many configurations a fit may have for the pane to
// predict one of them from the fit without just it (planner.CrossValidate's
// leave-one-out bound).
const holdOneMax = 16

type heldCal struct {
	cal *planner.Calibration
	err error
}

// CalFor is the calibration that predicts k: the fit itself, or, for the
// automatic fit and a configuration in it, the fit without that
// configuration and its twins (a prediction never comes from a fit that
// saw the point); held names the configuration left out ("" when none).
func (f Fit) CalFor(k model.Knobs) (cal *planner.Calibration, held string, err error) {
	if !f.Auto || f.Cal == nil {
		return f.Cal, "", f.Err
	}
	id := k.BaseID()
	i, ok := f.fitBase[id]
	if !ok {
		return f.Cal, "", nil
	}
	// Past holdOneMax configurations a fit without one is the fit itself
	// to the digits shown, and a calibration per configuration would cost
	// a key press tens of milliseconds: the half of the fit (by position,
	// as planner.CrossValidate folds) without the configuration predicts
	// it instead, two calibrations per fit at most.
	key := id
	if len(f.Points) > holdOneMax {
		key = "\x00fold" + strconv.Itoa(i%2)
	}
	if h, ok := f.without[key]; ok {
		return h.cal, id, h.err
	}
	var pts []model.Point
	if len(f.Points) > holdOneMax {
		for j, p := range f.Points {
			if j%2 != i%2 {
				pts = append(pts, p)
			}
		}
	} else {
		out, _ := planner.FitChoice{Curve: f.Curve, Points: f.Points, Twins: f.Twins}.Without(k)
		pts = out.Points
	}
	c, err := planner.Calibrate(pts)
	if err == nil {
		c.AddMeasured(f.measured)
	}
	if f.without != nil {
		f.without[key] = heldCal{c, err}
	}
	return c, id, err
}

// Calibrate fits the model on the chosen IDs, or with nil on the points
// planner.ChooseFit picks itself (the usable measured points of the largest
// own curve); twins count once. Each chosen configuration is then predicted
// by a fit without it and its twins.
func Calibrate(all []model.Point, chosen []string) Fit {
	f := CalibrateOnly(all, chosen)
	if f.Err == nil {
		f.SetBacktest(planner.CrossValidate(f.BacktestPoints))
	}
	return f
}

// CalibrateOnly fits without the backtest: the pane predicts at once and
// backtests in a command (a leave-one-out over a large curve takes tens of
// milliseconds, more than a key press may).
func CalibrateOnly(all []model.Point, chosen []string) Fit {
	auto, autoErr := planner.ChooseFit(all, nil)
	f := Fit{Auto: chosen == nil, Curve: auto.Curve, Chosen: map[string]bool{}}
	var ids []string
	for _, id := range chosen {
		if model.FindID(all, id) >= 0 {
			ids = append(ids, id)
		}
	}
	fc, err := auto, autoErr
	if !f.Auto {
		if len(ids) == 0 {
			fc, err = planner.FitChoice{Curve: auto.Curve}, errors.New("no fit point chosen: space on a candidate adds it")
		} else {
			fc, err = planner.ChooseFit(all, ids)
		}
	}
	if err == nil {
		f.Curve = fc.Curve
	}
	f.Cands = planner.Candidates(all, f.Curve)
	f.Points, f.Twins = fc.Points, fc.Twins
	for _, p := range fc.Points {
		f.Chosen[p.ID] = true
	}
	for _, t := range fc.Twins {
		f.Chosen[t.ID] = true
	}
	if f.Err = err; err != nil {
		return f
	}
	if f.Cal, f.Err = planner.Calibrate(fc.Points); f.Err != nil {
		return f
	}
	f.Cal.AddMeasured(all)
	f.without, f.measured = map[string]heldCal{}, all
	f.fitBase = make(map[string]int, len(fc.Points))
	for i, p := range fc.Points {
		f.fitBase[p.Knobs.BaseID()] = i
	}
	n := 0
	for i := range all {
		if f.Chosen[all[i].ID] {
			n++
		}
	}
	f.BacktestPoints = make([]model.Point, 0, n) // hundreds of bytes a point: no regrowth
	for i := range all {
		if f.Chosen[all[i].ID] {
			f.BacktestPoints = append(f.BacktestPoints, all[i])
		}
	}
	return f
}

// SetBacktest records how far the fit's predictions missed its points.
func (f *Fit) SetBacktest(cv planner.CrossValidation) {
	f.Method, f.Rows = cv.Method, cv.Rows
	f.rowOf = make(map[string]int, len(f.Rows))
	for i := len(f.Rows) - 1; i >= 0; i-- { // the first row of an ID wins, as the scan did
		f.rowOf[f.Rows[i].ID] = i
	}
	f.MeanAbs.Tput, f.MeanAbs.Mean = cv.MeanAbs.Tput, cv.MeanAbs.Mean
	f.Tested = len(f.Rows)
}

// ChosenIDs are the chosen candidates in candidate order.
func (f Fit) ChosenIDs() []string {
	var ids []string
	for _, p := range f.Cands {
		if f.Chosen[p.ID] {
			ids = append(ids, p.ID)
		}
	}
	return ids
}

// Toggle is the chosen IDs with id added or dropped; dropping a point
// drops its twins (the same configuration measured again) too, so the
// configuration leaves the fit.
func (f Fit) Toggle(id string) []string {
	ids := f.ChosenIDs()
	if slices.Contains(ids, id) {
		base := ""
		if i := slices.IndexFunc(f.Cands, func(p *model.Point) bool { return p.ID == id }); i >= 0 {
			base = f.Cands[i].Knobs.BaseID()
		}
		return slices.DeleteFunc(ids, func(x string) bool {
			if x == id {
				return true
			}
			i := slices.IndexFunc(f.Cands, func(p *model.Point) bool { return p.ID == x })
			return base != "" && i >= 0 && f.Cands[i].Knobs.BaseID() == base
		})
	}
	ids = append(ids, id)
	order := map[string]int{}
	for i, p := range f.Cands {
		order[p.ID] = i
	}
	slices.SortStableFunc(ids, func(a, b string) int { return order[a] - order[b] })
	return ids
}

// TwinReason says why a chosen candidate is not calibrated on, "" if it is.
func (f Fit) TwinReason(id string) string {
	for _, t := range f.Twins {
		if t.ID == id {
			return t.Reason
		}
	}
	return ""
}

// ErrorFor is the backtest row of a point ID, if it was tested.
func (f Fit) ErrorFor(id string) (planner.BacktestRow, bool) {
	if f.rowOf != nil {
		if i, ok := f.rowOf[id]; ok {
			return f.Rows[i], true
		}
		return planner.BacktestRow{}, false
	}
	for _, r := range f.Rows {
		if r.ID == id {
			return r, true
		}
	}
	return planner.BacktestRow{}, false
}

// candidate is the fit candidate id as render words it.
func (f Fit) candidate(id string) render.FitCandidate {
	c := render.FitCandidate{ID: id, Chosen: f.Chosen[id], Twin: f.TwinReason(id) != ""}
	if row, ok := f.ErrorFor(id); ok {
		c.LeftOut = &row
	}
	return c
}
