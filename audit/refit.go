package audit

import (
	"fmt"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/planner"
	"github.com/sweeptune/sweeptune/planner/ledger"
)

// refit fits the model on the baseline's points and on the new runs and
// lists each parameter's move: the planner's calibration where it applies
// (disaggregated curves), else its decode step law TPOT = α + β·b fitted
// on the aggregated worker (b the concurrency per worker; docs/planner.md).
func refit(k model.CurveKey, published, newest []model.Point, noise float64) *Refit {
	if r := plannerRefit(published, newest, noise); r != nil {
		return r
	}
	return stepLawRefit(published, newest, noise)
}

func plannerRefit(published, newest []model.Point, noise float64) *Refit {
	disagg := false
	for i := range newest {
		disagg = disagg || newest[i].Knobs.Mode == model.ModeDisagg
	}
	if !disagg {
		return nil
	}
	fit := func(ps []model.Point) (*planner.Calibration, error) {
		fc, err := planner.ChooseFit(ps, nil)
		if err != nil {
			return nil, err
		}
		return planner.Calibrate(fc.Points)
	}
	r := &Refit{Kind: "planner"}
	before, err := fit(published)
	if err != nil {
		r.Err = "baseline: " + err.Error()
		return r
	}
	after, err := fit(newest)
	if err != nil {
		r.Err = "new runs: " + err.Error()
		return r
	}
	for _, m := range ledger.Moves(before.Params, after.Params) {
		r.Moves = append(r.Moves, Move{Param: m.Param, Before: m.Before, After: m.After, ChangePct: m.ChangePct, Means: meaning(m.Param, m.ChangePct)})
	}
	r.Moved = largestMove(r.Moves, noise)
	r.Says = says(r.Moved, "planner's calibration")
	return r
}

// stepLawRefit fits TPOT = α + β·b on each side's runs, b the client
// concurrency per worker and TPOT the inverse of mean interactivity.
func stepLawRefit(published, newest []model.Point, noise float64) *Refit {
	r := &Refit{Kind: "decode step law"}
	a0, b0, err := stepLaw(published)
	if err != nil {
		r.Err = "baseline: " + err.Error()
		return r
	}
	a1, b1, err := stepLaw(newest)
	if err != nil {
		r.Err = "new runs: " + err.Error()
		return r
	}
	for _, m := range []struct {
		name   string
		before float64
		after  float64
	}{{"alpha", a0, a1}, {"beta", b0, b1}} {
		mv := Move{Param: m.name, Before: m.before, After: m.after}
		if m.before != 0 {
			mv.ChangePct = 100 * (m.after - m.before) / abs(m.before)
		}
		mv.Means = meaning(m.name, mv.ChangePct)
		r.Moves = append(r.Moves, mv)
	}
	r.Moved = largestMove(r.Moves, noise)
	r.Says = says(r.Moved, "decode step law")
	return r
}

// stepLaw is the least-squares line of TPOT (s per token) on the batch per
// worker over the points with mean interactivity and a concurrency.
func stepLaw(ps []model.Point) (alpha, beta float64, err error) {
	var xs, ys []float64
	seen := map[float64]bool{}
	for i := range ps {
		p := &ps[i]
		iv, ok := p.Metrics.Get(model.MeanIntvty)
		if !ok || iv <= 0 || p.Knobs.Concurrency <= 0 {
			continue
		}
		w := p.Knobs.Prefill.Workers
		if p.Knobs.Mode == model.ModeDisagg {
			w = p.Knobs.Decode.Workers
		}
		b := float64(p.Knobs.Concurrency) / float64(max(w, 1))
		xs, ys = append(xs, b), append(ys, 1/iv)
		seen[b] = true
	}
	if len(seen) < 2 {
		return 0, 0, fmt.Errorf("%d batch sizes with mean interactivity: the step law needs two", len(seen))
	}
	n := float64(len(xs))
	var sx, sy, sxx, sxy float64
	for i := range xs {
		sx, sy, sxx, sxy = sx+xs[i], sy+ys[i], sxx+xs[i]*xs[i], sxy+xs[i]*ys[i]
	}
	beta = (n*sxy - sx*sy) / (n*sxx - sx*sx)
	alpha = (sy - beta*sx) / n
	return alpha, beta, nil
}

func abs(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}

// meaning says what a parameter's move means for the curve.
func meaning(param string, pct float64) string {
	up := pct > 0
	pick := func(rose, fell string) string {
		if up {
			return rose
		}
		return fell
	}
	switch param {
	case "alpha":
		return pick("each decode step costs more at any batch: a slower kernel or launch path, interactivity lower across the curve",
			"each decode step costs less at any batch: a faster kernel or launch path, interactivity higher across the curve")
	case "beta":
		return pick("each running request costs more per step: large batches lose most, and a decode cap binds sooner",
			"each running request costs less per step: large batches gain most; a higher decode cap may now pay")
	case "d0":
		return pick("more time outside decode per token (TTFT, queueing)", "less time outside decode per token (TTFT, queueing)")
	case "u":
		return pick("TTFT weighs more in each request's time", "TTFT weighs less in each request's time")
	case "f":
		return "the output share of tokens: the scenario's lengths, not the image"
	case "tau_p", "tau_p_lower_bound":
		return pick("a higher prefill rate: prefill-bound points gain; fewer prefill workers feed a decode",
			"a lower prefill rate: prefill-bound points lose; more prefill workers are needed per decode")
	case "delta_total_tokens", "delta_total_requests":
		return pick("DP-attention ranks more uneven: the busiest rank sets a slower step", "DP-attention ranks more even: the busiest rank is closer to the mean")
	case "r90":
		return pick("p90 interactivity closer to the mean: a tighter tail", "p90 interactivity farther below the mean: a longer tail")
	case "r_mean":
		return "mean interactivity against mean TPOT: how the client averages"
	}
	return ""
}
