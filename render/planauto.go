package render

import (
	"fmt"
	"math"
	"strconv"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/planner"
)

// PlanAutoFit is plan --fit auto's choice: the set cross-validation picked,
// its expected error, and every set it was compared with.
func PlanAutoFit(r planner.AutoFitResult) Doc {
	var d Doc
	c := r.Choice()
	d.Add(S(Accent, "fit: auto"), P(" → "), S(Bold, c.Name), P(fmt.Sprintf(" (%d points)", len(c.IDs))))
	exp := fmt.Sprintf("|tput| %.1f %%, |mean intvty| %.1f %%", c.LOO.MeanAbs.Tput, c.LOO.MeanAbs.Mean)
	if len(c.LOO.Rows) == 0 {
		exp = "unknown: no point could be predicted without it"
	}
	d.Add(P("  expected error (leave-one-out over the curve's "+strconv.Itoa(len(c.LOO.Rows)+len(c.LOO.Skipped))+" points): "),
		S(Bold, exp))
	t := Table{Header: []string{"", "fit set", "points", "predicted", "skipped", "|tput| %", "|intvty| %", "score"},
		Right: []bool{false, false, true, true, true, true, true, true}}
	for i, a := range r.Candidates {
		mark := " "
		if i == r.Chosen {
			mark = "*"
		}
		t.AddRow(mark, a.Name, strconv.Itoa(len(a.IDs)), strconv.Itoa(len(a.LOO.Rows)), strconv.Itoa(len(a.LOO.Skipped)),
			fmt.Sprintf("%.1f", a.LOO.MeanAbs.Tput), fmt.Sprintf("%.1f", a.LOO.MeanAbs.Mean), fmt.Sprintf("%.1f", a.Score))
	}
	indented(&d, t)
	d.Add(S(Muted, "  score: mean of the two errors, a point the set cannot predict counting 100 %; the lowest wins"))
	return d
}

// PlanLeaveOneOut is the leave-one-out table of a fit over all the curve's
// points: each predicted by the fit without its configuration.
func PlanLeaveOneOut(cv planner.CrossValidation) Doc {
	var d Doc
	d.Add(S(Accent, "leave-one-out over all points"), S(Muted, " ("+cv.Method+": each configuration predicted by the fit without it and its twins)"))
	t := Table{Header: []string{"point", "tput meas", "pred", "err %", "intvty meas", "pred", "err %", "regime"},
		Right: []bool{false, true, true, true, true, true, true, false}}
	for _, r := range cv.Rows {
		mi, pi, ei := r.Measured.MeanIntvty, r.Predicted.MeanIntvty, r.ErrorPct.MeanIntvty
		if mi == nil {
			mi, pi, ei = r.Measured.P90Intvty, r.Predicted.P90Intvty, r.ErrorPct.P90Intvty
		}
		t.AddRow(r.ID, num(r.Measured.TputPerGPU, 0), num(r.Predicted.TputPerGPU, 0), signed(r.ErrorPct.TputPerGPU),
			num(mi, 1), num(pi, 1), signed(ei), string(r.Prediction.Regime))
	}
	indented(&d, t)
	for _, s := range cv.Skipped {
		d.Add(S(Muted, "  "+s.ID+" not predicted: "+s.Reason))
	}
	d.Add(P("  mean |err| "), S(Bold, fmt.Sprintf("%.2f %% throughput, %.2f %% interactivity", cv.MeanAbs.Tput, cv.MeanAbs.Mean)),
		P(fmt.Sprintf(" over %d points", len(cv.Rows))))
	return d
}

// PlanRecommendation is the recommended decode cap, the words the CLI and
// the workbench share.
func PlanRecommendation(r planner.Recommendation, concurrency int) string {
	c := model.Thousands(float64(concurrency), 0)
	switch {
	case r.CeilingBS <= 0:
		return "none: prefill outruns decode at any cap"
	case r.BS == 0:
		return "no captured cap stops binding at c" + c + ": lower the concurrency"
	case r.Range() && r.HighBounded:
		return fmt.Sprintf("%d–%d (τP unknown: %d if prefill saturates at the highest load measured, %d if it keeps up to its TTFT-growth bound at c%s)", r.Low, r.High, r.Low, r.High, c)
	case r.Range():
		return fmt.Sprintf("%d–%d (τP unknown: %d if prefill saturates at the highest load measured, %d if it keeps up at c%s)", r.Low, r.High, r.Low, r.High, c)
	case r.BS == r.CeilingBS:
		return strconv.Itoa(r.BS) + " (captured CUDA-graph size at the prefill ceiling)"
	}
	return fmt.Sprintf("%d at c%s (%d suits the prefill ceiling, binds here)", r.BS, c, r.CeilingBS)
}

// PlanHeld says the automatic fit predicted a configuration it holds
// without it.
func PlanHeld() Doc {
	var d Doc
	d.Add(S(Muted, "  predicted by the automatic fit without this configuration and its twins: never from a fit that saw it"))
	return d
}

// PlanTputRange is a prediction's throughput range while τP is unknown.
func PlanTputRange(r [2]float64) string {
	return "between " + model.Thousands(r[0], 0) + " and " + model.Thousands(r[1], 0) + " tok/s/GPU (τP unknown: from prefill saturating at the highest load measured to its upper bound); the middle is shown"
}

func num(v *float64, prec int) string {
	if v == nil || math.IsNaN(*v) {
		return "–"
	}
	return model.Thousands(*v, prec)
}

func signed(v *float64) string {
	if v == nil {
		return "–"
	}
	return fmt.Sprintf("%+.1f", *v)
}
