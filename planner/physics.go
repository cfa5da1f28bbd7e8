package planner

import (
	"math"
	"strings"

	"github.com/sweeptune/sweeptune/model"
)

// The first-principles laws' global constants (docs/planner.md, "First
// principles"). They were chosen on the published curves the docs name
// (TestGlobalConstants sweeps them there) and are never refitted on a
// curve: a curve's fit points refine the laws built from them, family by
// family. Variables only so that the sweep can vary them.
var (
	// stepLatency is a decode step's time that reads nothing: launches,
	// collectives, sampling.
	stepLatency = 7e-3
	// bandwidthShare of HBM bandwidth a decode step reads weights and KV at
	// (6.4 TB/s on an 8 TB/s GPU).
	bandwidthShare = 0.8
	// prefillFLOPsShare of a GPU's dense FP8 FLOP/s that prefill reaches per
	// token of the total-token stream (1.25 PFLOP/s on GB200).
	prefillFLOPsShare = 0.25
	// ttftFixed is the time to first token outside prefill compute:
	// routing, KV transfer, the first decode step.
	ttftFixed = 0.3
)

// kvBytesPerElem: a 16-bit KV cache.
const kvBytesPerElem = 2

// Physics is what the planner knows of a curve's model and GPU: enough for
// the first-principles decode step, prefill rate and unloaded TTFT. Nil when
// the model's facts, the precision's bytes or the GPU's numbers are unknown;
// the fitted laws then stand alone.
type Physics struct {
	Model       string  `json:"model"`
	Experts     int     `json:"experts,omitempty"` // routed experts E; 0 for a dense model
	TopK        int     `json:"top_k,omitempty"`
	RoutedBytes float64 `json:"routed_bytes"` // all routed experts' weights at the curve's precision
	OtherBytes  float64 `json:"other_bytes"`  // every other weight
	ActiveFLOPs float64 `json:"active_flops_per_token"`
	// AttnFLOPsPerCtx: prefill attention FLOPs per token per context token.
	AttnFLOPsPerCtx float64 `json:"attn_flops_per_ctx,omitempty"`
	KVBytesPerToken float64 `json:"kv_bytes_per_token"` // all layers, 16-bit cache
	KVSharded       bool    `json:"kv_sharded,omitempty"`
	Bandwidth       float64 `json:"bandwidth"` // effective bytes/s per GPU
	FLOPs           float64 `json:"flops"`     // effective prefill FLOP/s per GPU
	Approximate     string  `json:"approximate,omitempty"`
}

// physicsFor is a curve's physics, nil when something is unknown.
func physicsFor(k model.CurveKey) *Physics {
	f, ok := model.FactsOf(k.Model)
	if !ok {
		return nil
	}
	hw, ok := model.GPUFactsOf(k.Hardware)
	if !ok {
		return nil
	}
	routed, other, ok := f.WeightBytesTotal(strings.ToLower(k.Precision))
	if !ok {
		return nil
	}
	return &Physics{Model: f.Name, Experts: f.RoutedExperts, TopK: f.TopK,
		RoutedBytes: routed, OtherBytes: other, ActiveFLOPs: 2 * f.ActiveParams,
		AttnFLOPsPerCtx: f.AttnFLOPsPerCtx,
		KVBytesPerToken: f.KVElemsPerTokenLayer * float64(f.KVLayers) * kvBytesPerElem, KVSharded: f.KVSharded,
		Bandwidth: bandwidthShare * hw.HBMBytesPerS, FLOPs: prefillFLOPsShare * hw.DenseFP8FLOPs,
		Approximate: f.Approximate}
}

// noPhysicsNote says which fact is missing for a curve's first principles.
func noPhysicsNote(k model.CurveKey) string {
	f, ok := model.FactsOf(k.Model)
	switch {
	case !ok:
		return "no model facts for " + model.OrUnknown(k.Model) + " (docs/model-facts.md): every law is fitted on the points alone, no first-principles prior"
	case !hasGPUFacts(k.Hardware):
		return "no GPU facts for " + model.OrUnknown(k.Hardware) + " (docs/model-facts.md): every law is fitted on the points alone, no first-principles prior"
	}
	if _, _, ok := f.WeightBytes(k.Precision); !ok {
		return "no weight bytes for precision " + model.OrUnknown(k.Precision) + " of " + f.Name + " (docs/model-facts.md): every law is fitted on the points alone, no first-principles prior"
	}
	return ""
}

func hasGPUFacts(hw string) bool {
	_, ok := model.GPUFactsOf(hw)
	return ok
}

// q is k/E, 0 for a dense model.
func (ph *Physics) q() float64 {
	if ph.Experts <= 0 || ph.TopK <= 0 {
		return 0
	}
	return float64(ph.TopK) / float64(ph.Experts)
}

// stepPrior is the first-principles decode step of one family,
//
//	TPOT(b) = α + β·m(b) + γ·b
//
// a TP/TEP worker of gpus GPUs (one rank): the latency term, its share of the
// non-routed weights, the routed experts a batch of b touches
// (1 − (1 − k/E)^b of them, β·m(b)), and per request its context's KV and its
// compute; a DP-attention rank of a DEP-n worker: every non-routed weight and
// its E/n experts (all touched: n·b tokens route into them) in α, and per
// request its KV and compute (γ, folded into β: the law is linear).
// ctx is the mean context a decode step attends (0 when unknown).
func (ph *Physics) stepPrior(dpAttn bool, gpus, n int, ctx float64) (alpha, beta, gamma, q float64) {
	kv := ph.KVBytesPerToken * ctx
	if dpAttn {
		if n <= 0 {
			n = 1
		}
		alpha = stepLatency + (ph.OtherBytes+ph.RoutedBytes/float64(n))/ph.Bandwidth
		return alpha, kv/ph.Bandwidth + ph.ActiveFLOPs/ph.FLOPs, 0, 0
	}
	g := float64(max(gpus, 1))
	if ph.KVSharded {
		kv /= g
	}
	alpha = stepLatency + ph.OtherBytes/g/ph.Bandwidth
	gamma = kv/ph.Bandwidth + ph.ActiveFLOPs/(g*ph.FLOPs)
	if q = ph.q(); q == 0 {
		// A dense model reads all its weights every step: α holds them.
		return alpha + ph.RoutedBytes/g/ph.Bandwidth, gamma, 0, 0
	}
	return alpha, q * ph.RoutedBytes / g / ph.Bandwidth, gamma, q
}

// prefillPrior is one prefill worker's total-token rate and unloaded TTFT:
// FLOPs per token of the total-token stream (the active weights and the
// attention over half the prompt) at the effective FLOP/s, and the fixed
// time plus one request's prefill. l is tokens per request, f the output share.
func (ph *Physics) prefillPrior(gpus int, l, f float64) (tauP, t0 float64) {
	if gpus <= 0 || l <= 0 {
		return 0, 0
	}
	isl := l * (1 - f)
	perTok := ph.ActiveFLOPs + ph.AttnFLOPsPerCtx*isl/2
	tauP = float64(gpus) * ph.FLOPs / perTok
	return tauP, ttftFixed + l/tauP
}

// decodeCtx is the mean context of a decode step: the prompt and half the
// output, L·(1 − f/2); 0 when L is unknown.
func decodeCtx(u, f float64) float64 {
	if u <= 0 {
		return 0
	}
	return (1 - f/2) / u
}

// queueX is the M/D/1 waiting factor ρ/(2(1 − ρ)), held finite just below
// saturation.
func queueX(rho float64) float64 {
	rho = math.Min(math.Max(rho, 0), 0.999)
	return rho / (2 * (1 - rho))
}
