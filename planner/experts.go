package planner

import (
	"math"
	"strconv"
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
	// NonExpertBytes: the weights every step reads whatever the batch
	// (attention, shared experts, dense layers, router, embeddings and
	// head) at the curve's precision; 0 when not known. With it a TP/TEP
	// shape never calibrated takes the weight-read prior (tpPrior).
	NonExpertBytes float64 `json:"non_expert_bytes,omitempty"`
}

// moeBandwidthShare is the share of HBM bandwidth the prior assumes for the
// expert reads of a decode step: a round 0.6 (the TRT-LLM TEP8 batch-1/8 pair
// of docs/planner.md implies 0.58).
const moeBandwidthShare = 0.6

// moeShape is a model's routed-expert shape: routed experts, top-k, and
// routed parameters per token (k experts × MoE layers × 3·hidden·inter);
// nonExpert: parameters outside the routed experts, 0 when not known.
type moeShape struct {
	experts, topK           int
	paramsPerTok, nonExpert float64
}

// moeModelOf is the routed-expert shape of a model whose config is public,
// by the dashboard's model key (model.ModelKey). The tables here are
// switches: a map literal is built at every run's start-up.
func moeModelOf(key string) (moeShape, bool) {
	switch key {
	case "dsr1":
		// DeepSeek-R1/V3: 256 routed experts, top-8, 58 MoE layers, hidden 7168,
		// expert intermediate 2048. Outside the routed experts (public config):
		// MLA attention of 61 layers (q_a 7168·1536, q_b 1536·128·192, kv_a
		// 7168·576, kv_b 512·128·256, o 128·128·7168), the shared expert of 58
		// layers, 3 dense MLP layers (intermediate 18432), the 58 routers and
		// the embeddings and head (vocabulary 129280): 17.1 B.
		return moeShape{256, 8, 8 * 58 * 3 * 7168 * 2048,
			61*(7168*1536+1536*128*192+7168*576+512*128*256+128*128*7168) +
				58*3*7168*2048 + 3*3*7168*18432 + 58*256*7168 + 2*129280*7168}, true
	case "gptoss120b":
		// gpt-oss-120b: 128 experts, top-4, 36 layers, hidden and intermediate 2880.
		return moeShape{128, 4, 4 * 36 * 3 * 2880 * 2880, 0}, true
	}
	return moeShape{}, false
}

// hbmBandwidth is one GPU's HBM bandwidth, bytes/s, by dashboard hardware
// key; 0 when unknown.
func hbmBandwidth(hw string) float64 {
	switch hw {
	case "gb200", "gb300", "b200", "b300", "mi355x":
		return 8e12
	case "h200":
		return 4.8e12
	case "h100":
		return 3.35e12
	case "mi325x":
		return 6e12
	case "mi300x":
		return 5.3e12
	}
	return 0
}

// bytesPerParam is a weight's size at a precision key.
func bytesPerParam(precision string) (float64, bool) {
	switch precision {
	case "fp8":
		return 1, true
	case "fp4", "mxfp4", "nvfp4":
		return 0.5, true
	case "bf16", "fp16":
		return 2, true
	}
	return 0, false
}

// moePriorFor is the prior of a curve, nil when its model's experts are not known.
func moePriorFor(k model.CurveKey) *MoEPrior {
	m, ok := moeModelOf(strings.ToLower(k.Model))
	if !ok {
		return nil
	}
	p := &MoEPrior{Model: k.Model, Experts: m.experts, TopK: m.topK,
		HBMBytesPerS: hbmBandwidth(strings.ToLower(k.Hardware))}
	if b, ok := bytesPerParam(strings.ToLower(k.Precision)); ok {
		p.ExpertBytesPerToken = m.paramsPerTok * b
		p.NonExpertBytes = m.nonExpert * b
	}
	return p
}

// tpPrior is the weight-read prior of a TP/TEP decode shape never
// calibrated, from a calibrated DP-attention law (docs/planner.md, "A TP/TEP
// shape never calibrated"): a step is a fixed time plus its weight reads at
// moeBandwidthShare of HBM bandwidth. The fixed time is the DP-attention α
// less one rank's reads (everything outside the routed experts and its E/N
// experts) at the largest calibrated DEP size N, the one whose reads are
// closest to a TP worker's; the TP worker of gpus GPUs adds its share of the
// non-expert weights to α and reads k·m(b) experts' share (β = priorBeta).
// ok is false when the model's bytes are unknown or the fixed time would
// not be positive.
func (p *MoEPrior) tpPrior(dep *DecodeLaw, gpus int) (alpha, beta, fixed float64, ok bool) {
	beta = p.priorBeta(gpus)
	if beta <= 0 || p.NonExpertBytes <= 0 || !dep.DPAttn || dep.Alpha <= 0 {
		return 0, 0, 0, false
	}
	n := 0
	for _, s := range dep.Shapes {
		if v, err := strconv.Atoi(strings.TrimPrefix(s, "dep")); err == nil && v > n {
			n = v
		}
	}
	if n <= 0 {
		return 0, 0, 0, false
	}
	bw := p.HBMBytesPerS * moeBandwidthShare
	perExpert := p.ExpertBytesPerToken / float64(p.TopK)
	fixed = dep.Alpha - (p.NonExpertBytes+float64(p.Experts)/float64(n)*perExpert)/bw
	if fixed <= 0 {
		return 0, 0, 0, false
	}
	return fixed + p.NonExpertBytes/(float64(gpus)*bw), beta, fixed, true
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
