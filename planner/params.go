package planner

import (
	"errors"
	"math"
)

// DefaultDelta is the effective busiest-rank excess over the mean batch of
// DP-attention decode, used when the data cannot fit δ per balancing method
// (docs/planner.md: the demo data fit best near 2 for both methods).
const DefaultDelta = 2.25

// ErrOutOfScope marks aggregated points: prefill and decode share GPUs there,
// which this model does not describe.
var ErrOutOfScope = errors.New("aggregated points are out of scope: prefill and decode share GPUs there, and the planner models disaggregated points only")

// Params are the fitted constants, in token units (see the package doc).
// Alpha, Beta, BMin, BMax, TauP, TauPLowerBound and SaturationPair repeat the
// laws of the first calibration point's shapes (the template Design varies);
// Decode and Prefill hold every shape's law.
type Params struct {
	F     float64 `json:"f"`     // output share of tokens, OSL/L
	Alpha float64 `json:"alpha"` // TPOT intercept, s per token
	Beta  float64 `json:"beta"`  // TPOT slope per running request on the busiest rank
	D0    float64 `json:"d0"`    // time outside decode per token not explained by TTFT (s per tok/s)
	U     float64 `json:"u"`     // requests per token, 1/L: TTFT's weight in the loop identity; 0 without TTFT
	R90   float64 `json:"r90"`   // p90/mean interactivity; 0 when unknown
	// R90Assumed: some calibration point published p90 interactivity only
	// and none both, so r90 = 1 was assumed to fit the decode law.
	R90Assumed bool `json:"r90_assumed,omitempty"`
	// RMean is mean interactivity × mean TPOT (1 when a source derives one
	// from the other; agentic clients average per request and differ).
	RMean float64 `json:"r_mean"`
	// TTFTKind names the TTFT statistic calibrated on: "mean", "median",
	// "p90", or "" when the points carry no TTFT (one constant d0, docs/planner.md).
	TTFTKind string `json:"ttft_kind,omitempty"`

	DeltaTokens   float64 `json:"delta_total_tokens"`
	DeltaRequests float64 `json:"delta_total_requests"`
	DeltaFitted   bool    `json:"delta_fitted"` // false: DefaultDelta for both

	// TauP is one prefill worker's total-token rate; 0 when unknown, then
	// only TauPLowerBound = max Θ_i/Np_i is known.
	TauP           float64  `json:"tau_p"`
	TauPLowerBound float64  `json:"tau_p_lower_bound"`
	SaturationPair []string `json:"saturation_pair,omitempty"` // the two IDs that gave τP

	// BMin and BMax bound the busiest-rank batch seen in calibration.
	BMin float64 `json:"b_max_min"`
	BMax float64 `json:"b_max_max"`

	// Physics is the curve's model and GPU facts (physics.go), nil when
	// not known: then every law is fitted only.
	Physics *Physics `json:"physics,omitempty"`

	Decode  []DecodeLaw  `json:"decode"`
	Prefill []PrefillLaw `json:"prefill"`
	// Plateaus are decode capacity bounds from collapses measured in the
	// fit (plateau.go); none without one.
	Plateaus []DecodePlateau `json:"decode_plateaus,omitempty"`
}

// DecodeLaw is one decode shape family's step law TPOT = α + β·b_max
// (α + β·m(b_max) with the expert-activation law).
type DecodeLaw struct {
	// Family is "dep" for DP-attention decode (one per-rank law for every
	// DEP size: each rank runs its own attention batch and the MoE
	// all-to-all), else the worker's parallelism (tp8, tep8): one rank per
	// worker, its own law.
	Family string   `json:"family"`
	DPAttn bool     `json:"dp_attention"` // δ applies only here
	Shapes []string `json:"shapes"`       // decode worker shapes calibrated (dep16, dep32)
	Points []string `json:"points"`
	Alpha  float64  `json:"alpha"`
	Beta   float64  `json:"beta"`
	// SlopeAssumed: the family was calibrated at one batch only, so β is
	// borrowed from SlopeFrom (same β/α) and predictions at other batches
	// are extrapolated.
	SlopeAssumed bool   `json:"slope_assumed,omitempty"`
	SlopeFrom    string `json:"slope_from,omitempty"`
	// Experts and TopK (TP/TEP families of a model whose experts are known):
	// the step is TPOT = α + β·m(b), m the expert-activation effective batch
	// (experts.go); 0: the linear law TPOT = α + β·b.
	Experts int `json:"experts,omitempty"`
	TopK    int `json:"top_k,omitempty"`
	// Gamma (first-principles families): the per-request KV and compute
	// term, TPOT = α + β·m(b) + γ·b.
	Gamma float64 `json:"gamma,omitempty"`
	// SlopePrior: the family was calibrated at one batch and β (and γ) are
	// the first-principles prior (Physics), not a fit.
	SlopePrior bool `json:"slope_prior,omitempty"`
	// GPUs per decode worker (the prior's bandwidth share).
	GPUs int `json:"gpus,omitempty"`
	// AdmitExcess (TP/TEP families): how far below BS the mean batch stays
	// when the client offers every slot (C ≥ D·BS): requests wait for a slot
	// while another worker's sits idle. Mean of BS − b̄ over such points; 0
	// when none. DP attention has δ instead.
	AdmitExcess float64 `json:"admit_excess,omitempty"`
	// Busiest-rank batch and concurrency per decode rank seen in calibration.
	BMin float64 `json:"b_max_min"`
	BMax float64 `json:"b_max_max"`
	CMin float64 `json:"c_per_rank_min"`
	CMax float64 `json:"c_per_rank_max"`
}

// PrefillLaw is one prefill worker shape's time to first token and ceiling.
type PrefillLaw struct {
	Family string   `json:"family"` // prefill worker parallelism: dep8, tep8, tp4
	GPUs   int      `json:"gpus"`   // GPUs per prefill worker
	Points []string `json:"points"`
	// TTFT below saturation: T0 + Kappa·(Θ/Np), seconds. Zero without TTFT.
	T0    float64 `json:"ttft0"`
	Kappa float64 `json:"ttft_per_load"` // s per tok/s on one prefill worker
	// TauP: 0 when unknown; Saturated names the calibration points found at
	// the ceiling (TTFT grown ≥ 3× or a saturation pair).
	TauP           float64  `json:"tau_p"`
	TauPLowerBound float64  `json:"tau_p_lower_bound"`
	SaturationPair []string `json:"saturation_pair,omitempty"`
	Saturated      []string `json:"saturated,omitempty"`
	// TauPUpperBound (τP unknown): where the TTFT of the unsaturated points
	// extrapolates to a queue without end, 1/TTFT falling linearly with
	// load to 0 (docs/planner.md, "τP unknown"); 0 when TTFT does not
	// grow with load.
	TauPUpperBound float64 `json:"tau_p_upper_bound,omitempty"`
	// LoadMax is the highest rate per worker of an unsaturated point.
	LoadMax float64 `json:"load_max"`
	// Queue (a curve with Physics and TTFT): TTFT = T0 + Wait·ρ/(2(1 − ρ)),
	// ρ = load/TauPEff, an M/D/1-like queue in front of prefill; Kappa is
	// then 0. TauPEff is τP as measured, else the first-principles prior
	// (TauPPrior) held inside the bounds the points give.
	Queue     bool    `json:"queue_law,omitempty"`
	Wait      float64 `json:"queue_wait,omitempty"`
	TauPPrior float64 `json:"tau_p_prior,omitempty"`
	TauPEff   float64 `json:"tau_p_used,omitempty"`
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

// q is k/E of the expert-activation law, 0 for the linear law.
func (l *DecodeLaw) q() float64 {
	if l.Experts <= 0 || l.TopK <= 0 {
		return 0
	}
	return float64(l.TopK) / float64(l.Experts)
}

// tauP is a prefill law's rate as the model uses it: +Inf when unknown.
func (l *PrefillLaw) tauP() float64 {
	if l.TauP > 0 {
		return l.TauP
	}
	return math.Inf(1)
}

// Regime names the ceiling that sets the operating point.
type Regime string

const (
	RegimeLoop Regime = "loop" // the client's concurrency limits the rate
	// RegimeQueueing: concurrency still sets the rate, but waiting grows
	// faster than throughput: TTFT at least twice its no-load value
	// (prefill queueing) or decode past 80 % of its asymptote.
	RegimeQueueing  Regime = "queueing"
	RegimePrefill   Regime = "prefill-bound" // prefill workers are saturated: a queue in front of prefill
	RegimeDecodeCap Regime = "cap-bound"     // the decode cap holds the busiest rank: an admission queue
	// RegimeCollapse: at or past a concurrency where this configuration's
	// measured throughput fell (DetectCollapses), or at or past the load per
	// decode rank of a collapse measured in the fit (DecodePlateau); the
	// model's value is an upper bound there.
	RegimeCollapse Regime = "collapse"
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
	// Worker shapes (parallelism labels: dep16, tp8); "" means the
	// calibration template's. DecodeDPAttn goes with DecodeShape.
	PrefillShape string `json:"prefill_shape,omitempty"`
	DecodeShape  string `json:"decode_shape,omitempty"`
	DecodeDPAttn bool   `json:"decode_dp_attention,omitempty"`
	Agg          bool   `json:"-"` // an aggregated point: out of scope
}

// GPUs counts the configuration's GPUs.
func (c Config) GPUs() int {
	dg := c.DecodeGPUs
	if dg <= 0 {
		dg = c.DecodeRanks
	}
	return c.PrefillWorkers*c.PrefillGPUs + dg
}

// decodeFamily is the family key of a decode shape.
func decodeFamily(shape string, dpAttn bool) string {
	if dpAttn {
		return "dep"
	}
	return shape
}
