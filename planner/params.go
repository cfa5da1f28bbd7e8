// Package planner is the closed-loop Little's-law P/D model of PLANNER.md:
// calibrate it on measured disaggregated points, predict any knobs, backtest
// it and design a sweep. Pure: it imports only model.
package planner

import (
	"errors"
	"math"
)

// DefaultDelta is the effective busiest-rank excess over the mean batch used
// when the data cannot fit δ per balancing method (PLANNER.md: the example
// data fit best near 2 for both methods).
const DefaultDelta = 2.25

// ErrOutOfScope marks aggregated points: prefill and decode share GPUs there,
// which this model does not describe.
var ErrOutOfScope = errors.New("aggregated points are out of scope: prefill and decode share GPUs there, and the planner models disaggregated points only")

// Params are the fitted constants, in token units (PLANNER.md, Calibration).
type Params struct {
	F     float64 `json:"f"`     // output share of tokens, OSL/L
	Alpha float64 `json:"alpha"` // TPOT intercept, s per token
	Beta  float64 `json:"beta"`  // TPOT slope per running request on the busiest rank
	D0    float64 `json:"d0"`    // time outside decode per token (s per tok/s)
	R90   float64 `json:"r90"`   // p90/mean interactivity; 0 when no point had p90

	DeltaTokens   float64 `json:"delta_total_tokens"`
	DeltaRequests float64 `json:"delta_total_requests"`
	DeltaFitted   bool    `json:"delta_fitted"` // false: DefaultDelta for both

	// TauP is one prefill worker's total-token rate; 0 when unknown (no
	// saturation pair), then only TauPLowerBound = max Θ_i/Np_i is known.
	TauP           float64  `json:"tau_p"`
	TauPLowerBound float64  `json:"tau_p_lower_bound"`
	SaturationPair []string `json:"saturation_pair,omitempty"` // the two IDs that gave τP

	// BMin and BMax bound the busiest-rank batch seen in calibration.
	BMin float64 `json:"b_max_min"`
	BMax float64 `json:"b_max_max"`
}

// Delta is δ for a balancing method; unknown methods get the mean of both.
func (p *Params) Delta(balance string) float64 {
	switch balance {
	case "total_tokens":
		return p.DeltaTokens
	case "total_requests":
		return p.DeltaRequests
	}
	return (p.DeltaTokens + p.DeltaRequests) / 2
}

// tauP is the prefill rate the model uses: +Inf when unknown.
func (p *Params) tauP() float64 {
	if p.TauP > 0 {
		return p.TauP
	}
	return math.Inf(1)
}

// Regime names the ceiling that sets the operating point.
type Regime string

const (
	RegimeLoop      Regime = "loop"       // the client's concurrency limits the rate
	RegimePrefill   Regime = "prefill"    // prefill workers are saturated
	RegimeDecodeCap Regime = "decode-cap" // the decode CUDA-graph cap holds the busiest rank
)

// Config is one disaggregated configuration to predict.
type Config struct {
	PrefillWorkers int    `json:"prefill_workers"`
	PrefillGPUs    int    `json:"prefill_gpus"` // GPUs per prefill worker
	DecodeRanks    int    `json:"decode_ranks"` // D: data-parallel decode ranks in all
	DecodeGPUs     int    `json:"decode_gpus"`  // GPUs of all decode workers; 0 means one per rank
	DecodeBS       int    `json:"decode_bs"`    // CUDA-graph max batch per rank; 0 when unknown (treated as free)
	Balance        string `json:"balance"`
	Concurrency    int    `json:"concurrency"`
	Agg            bool   `json:"-"` // an aggregated point: out of scope
}

// GPUs counts the configuration's GPUs.
func (c Config) GPUs() int {
	dg := c.DecodeGPUs
	if dg <= 0 {
		dg = c.DecodeRanks
	}
	return c.PrefillWorkers*c.PrefillGPUs + dg
}
