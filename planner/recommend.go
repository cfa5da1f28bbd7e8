package planner

import (
	"math"
	"strconv"
)

// Recommendation is the one decode-cap advice every front end shows for a
// configuration (docs/planner.md, "Recommendation").
type Recommendation struct {
	// BS is the recommended cap: the smallest captured size, from the cap
	// sized for the prefill ceiling up, that does not bind at the
	// configuration's concurrency; 0 when none does up to the largest
	// captured size (lower the concurrency) or decode cannot keep up.
	BS int `json:"bs"`
	// CeilingBS is the cap sized for the prefill ceiling, ceil(b̄ + δ) at
	// Np·τP (Prediction.RecommendedDecodeBS); with τP unknown it is sized
	// for the highest prefill load measured, a lower bound.
	CeilingBS int `json:"ceiling_bs"`
	// Low..High is a range when τP is unknown: Low suffices if prefill
	// saturates at the highest load measured, High if prefill keeps up at
	// this concurrency. Equal to BS when τP is known.
	Low  int `json:"low"`
	High int `json:"high"`
	// TauPKnown: the prefill ceiling is measured, so BS is one number.
	TauPKnown bool `json:"tau_p_known"`
	// HighBounded: High is sized for the TTFT-growth bound on τP, not for a
	// prefill that keeps up whatever the load.
	HighBounded bool `json:"high_bounded,omitempty"`
	// Reason says how the numbers were found, in one sentence.
	Reason string `json:"reason"`
}

// Range says the recommendation is a range, not one number.
func (r Recommendation) Range() bool { return r.Low != r.High }

// Recommend is the cap advice for cfg: the CLI and the workbench both call
// it, so they never disagree.
func (c *Calibration) Recommend(cfg Config) (Recommendation, error) {
	l := c.lawsFor(cfg)
	if err := check(cfg, &l); err != nil {
		return Recommendation{}, err
	}
	np, d := float64(cfg.PrefillWorkers), float64(cfg.DecodeRanks)
	r := Recommendation{CeilingBS: l.recommendBS(np, d), TauPKnown: !math.IsInf(l.tauP, 1)}
	r.HighBounded = !r.TauPKnown && !math.IsInf(l.tauPUp, 1)
	if r.CeilingBS <= 0 {
		r.Reason = "prefill outruns decode at any cap: more decode ranks, not a larger cap"
		return r, nil
	}
	r.BS = c.nonBinding(cfg, r.CeilingBS)
	r.Low, r.High = r.BS, r.BS
	ceiling := "the prefill ceiling"
	if !r.TauPKnown {
		ceiling = "the highest prefill load measured (" + thousands(l.tauPLow) + " tok/s per worker; τP unknown)"
		r.Low = r.CeilingBS
		if r.BS == 0 {
			r.High = 0
		}
	}
	switch {
	case r.BS == 0:
		r.Reason = "no captured cap from " + strconv.Itoa(r.CeilingBS) + " up stops binding at c" + strconv.Itoa(cfg.Concurrency) + ": lower the concurrency"
	case r.Range():
		keeps := " if prefill keeps up at c"
		if r.HighBounded {
			keeps = " if prefill keeps up to its TTFT-growth bound at c"
		}
		r.Reason = strconv.Itoa(r.Low) + " suffices if prefill saturates at " + ceiling + "; " + strconv.Itoa(r.High) + keeps + strconv.Itoa(cfg.Concurrency) + ": run a saturation sweep to pin it"
	case r.BS == r.CeilingBS:
		r.Reason = "captured CUDA-graph size at " + ceiling
	default:
		r.Reason = strconv.Itoa(r.CeilingBS) + " suits " + ceiling + " but binds at c" + strconv.Itoa(cfg.Concurrency) + "; " + strconv.Itoa(r.BS) + " is the smallest captured size that does not"
	}
	return r, nil
}

// nonBinding is the smallest captured cap ≥ from that does not bind at
// cfg's concurrency with prefill keeping up, 0 when none. It solves the
// operating point only (no warnings): a step of the workbench runs it.
func (c *Calibration) nonBinding(cfg Config, from int) int {
	np, d, cc := float64(cfg.PrefillWorkers), float64(cfg.DecodeRanks), float64(cfg.Concurrency)
	for _, s := range capturedSizes {
		if s < from {
			continue
		}
		cfg.DecodeBS = s
		l := c.lawsFor(cfg)
		if check(cfg, &l) != nil {
			continue
		}
		if math.IsInf(l.tauP, 1) {
			l.tauP = l.tauPUp
		}
		// The operating point with the measured ceilings only: past the
		// highest prefill load with τP unknown, prefill keeps up.
		if l.operate(np, d, float64(s), cc).regime != RegimeDecodeCap {
			return s
		}
	}
	return 0
}
