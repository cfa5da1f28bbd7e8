package render

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/planner"
)

// The planner pane's own words: its knobs (name, value, what each means),
// the configuration they make, and the fit's candidate points. The pane
// adds only its cursor, its checkboxes' selection and the field being
// typed into.

// PlanFieldNames label the planner pane's knobs, top to bottom: prefill
// workers, decode cap, concurrency, balancing.
var PlanFieldNames = [...]string{"prefill workers", "decode cap (BS)", "concurrency", "balancing"}

// PlanField is one knob: its name, its value and what it means.
type PlanField struct {
	Name, Value, Note string
}

// PlanFields are k's knobs in PlanFieldNames' order.
func PlanFields(k model.Knobs) []PlanField {
	balance := "DP attention load balance"
	if !k.Decode.DPAttn {
		balance = "not used: decode has no DP attention"
	}
	return []PlanField{
		{PlanFieldNames[0], strconv.Itoa(k.Prefill.Workers), fmt.Sprintf("× %s (%s each)", strings.ToUpper(k.Prefill.Parallelism()), model.Plural(k.Prefill.GPUs, "GPU"))},
		{PlanFieldNames[1], strconv.Itoa(k.DecodeBS), fmt.Sprintf("MRR %d per worker · captured sizes", k.MaxRunningRequests)},
		{PlanFieldNames[2], model.Thousands(float64(k.Concurrency), 0), "clients in flight"},
		{PlanFieldNames[3], model.OrDash(k.Balance), balance},
	}
}

// PlanConfig is the configuration the knobs make: its short label, its
// base ID and its GPUs.
func PlanConfig(k model.Knobs) Doc {
	var d Doc
	d.Add(P("  "), S(Bold, fmt.Sprintf("%s · %s · %s", k.ShortLabel(), k.BaseID(), model.Plural(k.GPUs(), "GPU"))))
	return d
}

// PlanNoCalibration says why the planner has no fit; without candidates,
// what it needs.
func PlanNoCalibration(err error, candidates bool) Doc {
	var d Doc
	d.Add(S(Bad, "no calibration: "+err.Error()))
	if !candidates {
		d.Add(S(Muted, "the planner needs measured disaggregated points (Np, C, tput/GPU, interactivity)"))
	}
	return d
}

// FitCandidate is one point of the curve the fit may be calibrated on.
type FitCandidate struct {
	ID      string
	Chosen  bool
	Twin    bool                 // chosen, but counted once with a calibration point
	LeftOut *planner.BacktestRow // its leave-one-out row, when it was tested
}

// Box is the candidate's checkbox: [x] chosen, [ ] not.
func (c FitCandidate) Box() string {
	if c.Chosen {
		return "[x]"
	}
	return "[ ]"
}

// Note is what the candidate's row says after its ID: a twin is left out
// with its calibration point, a tested point shows its leave-one-out
// errors.
func (c FitCandidate) Note() Span {
	switch {
	case c.Twin:
		return S(Muted, "twin: counted once, left out with it")
	case c.LeftOut != nil:
		return P(fmt.Sprintf("left out: tput %s  mean %s", PctCell(c.LeftOut.ErrorPct.TputPerGPU), PctCell(c.LeftOut.ErrorPct.MeanIntvty)))
	}
	return P("")
}

// FitCandidatesHidden says n candidates are above (or below) the ones
// listed.
func FitCandidatesHidden(n int, above bool) Doc {
	where, key := "below", "↓"
	if above {
		where, key = "above", "↑"
	}
	var d Doc
	d.Add(P("  "), S(Muted, fmt.Sprintf("… %s %s (%s reaches them)", model.Plural(n, "candidate"), where, key)))
	return d
}

// PlanPredictionError says why the knobs could not be predicted.
func PlanPredictionError(err error) Doc {
	var d Doc
	d.Add(S(Bad, "prediction: "+err.Error()))
	return d
}
