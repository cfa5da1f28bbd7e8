package planner

import (
	"math"
	"strings"

	"github.com/sweeptune/sweeptune/model"
)

// The expert-activation law of a TP/TEP decode worker (docs/planner.md,
// "Decode step"): with top-k routing over E experts a batch of b tokens
// touches E·(1 − (1 − k/E)^b) experts, so the weight reads of one step grow
// like the effective batch
//
//	m(b) = (E/k)·(1 − (1 − k/E)^b)
//
// (m ≈ b for b ≪ E/k, m → E/k when every expert is touched) and the step is
// TPOT = α + β·m(b). A DP-attention rank already touches its whole expert
// group (D·b tokens route into it), so its law stays linear in b.

// MoEPrior is what the planner knows of a model's experts and the GPU it
// runs on: enough for the expert-activation law and, for a family seen at
// one batch, the physical prior of its slope.
type MoEPrior struct {
	Model   string `json:"model"`
	Experts int    `json:"experts"` // routed experts E
	TopK    int    `json:"top_k"`   // experts per token k
	// ExpertBytesPerToken: bytes of the k routed experts' weights over all
	// MoE layers at the curve's precision, read once more per new token at
	// small batch. 0 when the precision or the size is unknown.
	ExpertBytesPerToken float64 `json:"expert_bytes_per_token,omitempty"`
	// HBMBytesPerS is one GPU's memory bandwidth (0 when the hardware is
	// unknown); the prior slope assumes moeBandwidthShare of it.
	HBMBytesPerS float64 `json:"hbm_bytes_per_s,omitempty"`
}

// moeBandwidthShare is the share of HBM bandwidth the prior assumes for the
// expert reads of a decode step: a round 0.6 (the TRT-LLM TEP8 batch-1/8 pair
// of docs/planner.md implies 0.58).
const moeBandwidthShare = 0.6

// moeModels are the routed-expert shapes of models whose configs are public,
// keyed by the dashboard's model key (model.ModelKey): routed experts, top-k,
// and routed parameters per token (k experts × MoE layers × 3·hidden·inter).
var moeModels = map[string]struct {
	experts, topK int
	paramsPerTok  float64
}{
	// DeepSeek-R1/V3: 256 routed experts, top-8, 58 MoE layers, hidden 7168,
	// expert intermediate 2048.
	"dsr1": {256, 8, 8 * 58 * 3 * 7168 * 2048},
	// gpt-oss-120b: 128 experts, top-4, 36 layers, hidden and intermediate 2880.
	"gptoss120b": {128, 4, 4 * 36 * 3 * 2880 * 2880},
}

// hbmBandwidth is one GPU's HBM bandwidth, bytes/s, by dashboard hardware key.
var hbmBandwidth = map[string]float64{
	"gb200": 8e12, "gb300": 8e12, "b200": 8e12, "b300": 8e12,
	"h200": 4.8e12, "h100": 3.35e12, "mi355x": 8e12, "mi325x": 6e12, "mi300x": 5.3e12,
}

// bytesPerParam is a weight's size at a precision key.
var bytesPerParam = map[string]float64{"fp8": 1, "fp4": 0.5, "mxfp4": 0.5, "nvfp4": 0.5, "bf16": 2, "fp16": 2}

// moePriorFor is the prior of a curve, nil when its model's experts are not known.
func moePriorFor(k model.CurveKey) *MoEPrior {
	m, ok := moeModels[strings.ToLower(k.Model)]
	if !ok {
		return nil
	}
	p := &MoEPrior{Model: k.Model, Experts: m.experts, TopK: m.topK,
		HBMBytesPerS: hbmBandwidth[strings.ToLower(k.Hardware)]}
	if b, ok := bytesPerParam[strings.ToLower(k.Precision)]; ok {
		p.ExpertBytesPerToken = m.paramsPerTok * b
	}
	return p
}

// priorBeta is the prior slope β (s per request at small batch) of a worker
// with gpus GPUs: the k experts' bytes of one more token over the worker's
// share of bandwidth; 0 when unknown.
func (p *MoEPrior) priorBeta(gpus int) float64 {
	if p == nil || p.ExpertBytesPerToken <= 0 || p.HBMBytesPerS <= 0 || gpus <= 0 {
		return 0
	}
	return p.ExpertBytesPerToken / (float64(gpus) * p.HBMBytesPerS * moeBandwidthShare)
}

// activation is m(b) for q = k/E (b itself when q = 0: the linear law).
func activation(b, q float64) float64 {
	if q <= 0 {
		return b
	}
	return -math.Expm1(b*math.Log1p(-q)) / q
}

// activationSlope is dm/db.
func activationSlope(b, q float64) float64 {
	if q <= 0 {
		return 1
	}
	l := math.Log1p(-q)
	return -l * math.Exp(b*l) / q
}
