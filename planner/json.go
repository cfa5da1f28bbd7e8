package planner

import (
	"encoding/json"
	"math"
)

// MarshalJSON writes a prediction as plan --json prints it: what is unknown
// is null, never 0 (p90 without r90, TTFT without a TTFT fit, a knee or a
// recommended cap that does not exist); the knee is a concurrency one can
// set (rounded up); the ceilings, +Inf when absent, are left out.
func (p Prediction) MarshalJSON() ([]byte, error) {
	var knee, recBS *int
	if k := p.KneeInt(); k > 0 {
		knee = &k
	}
	if p.RecommendedDecodeBS > 0 {
		bs := p.RecommendedDecodeBS
		recBS = &bs
	}
	var band *TrustBand
	if p.Class != "" {
		b := p.Band()
		band = &b
	}
	return json.Marshal(struct {
		GPUs                int         `json:"gpus"`
		TputPerGPU          float64     `json:"tput_per_gpu"`
		MeanIntvty          float64     `json:"mean_intvty"`
		P90Intvty           *float64    `json:"p90_intvty"`
		TTFT                *float64    `json:"ttft"` // s
		TputRange           *[2]float64 `json:"tput_per_gpu_range,omitempty"`
		Regime              Regime      `json:"regime"`
		DecodeBatchMean     float64     `json:"decode_batch_mean"`
		DecodeBatchMax      float64     `json:"decode_batch_max"`
		CapBinds            bool        `json:"cap_binds"`
		Queue               float64     `json:"queue"`
		QueueAt             string      `json:"queue_at,omitempty"`
		KneeConcurrency     *int        `json:"knee_concurrency"`
		RecommendedDecodeBS *int        `json:"recommended_decode_bs"`
		Extrapolated        bool        `json:"extrapolated"`
		Class               TrustClass  `json:"class,omitempty"`
		Band                *TrustBand  `json:"trust_band,omitempty"`
		Warnings            []string    `json:"warnings"`
	}{p.GPUs, p.TputPerGPU, p.MeanIntvty, positive(p.P90Intvty), positive(p.TTFT), p.TputRange, p.Regime,
		p.DecodeBatchMean, p.DecodeBatchMax, p.CapBinds, p.Queue, p.QueueAt, knee, recBS, p.Extrapolated, p.Class, band, p.Warnings})
}

// KneeInt is the knee as a concurrency one can set: rounded up; 0 when no
// finite ceiling is known.
func (p Prediction) KneeInt() int {
	if p.KneeConcurrency <= 0 || math.IsInf(p.KneeConcurrency, 0) || math.IsNaN(p.KneeConcurrency) {
		return 0
	}
	return int(p.KneeConcurrency + 0.999999)
}

func positive(v float64) *float64 {
	if v <= 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		return nil
	}
	return &v
}
