package planner

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/sweeptune/sweeptune/model"
)

// Prediction is the model's operating point for one Config.
type Prediction struct {
	GPUs       int     `json:"gpus"`
	Theta      float64 `json:"theta"` // total-token rate, tok/s
	TputPerGPU float64 `json:"tput_per_gpu"`
	MeanIntvty float64 `json:"mean_intvty"`
	P90Intvty  float64 `json:"p90_intvty"` // 0 when r90 is unknown
	Regime     Regime  `json:"regime"`

	DecodeBatchMean float64 `json:"decode_batch_mean"` // b̄ per rank
	DecodeBatchMax  float64 `json:"decode_batch_max"`  // busiest rank, ≤ BS
	CapBinds        bool    `json:"cap_binds"`

	Queue   float64 `json:"queue"`    // requests waiting in front of the bottleneck
	QueueAt string  `json:"queue_at"` // "prefill", "admission" or "" (loop-bound)

	KneeConcurrency     float64 `json:"knee_concurrency"`      // 0 when no finite ceiling is known
	RecommendedDecodeBS int     `json:"recommended_decode_bs"` // 0 when prefill outruns decode at any cap
	Headroom            float64 `json:"decode_headroom"`       // Θ over the decode asymptote D/(fβ)

	// What a free cap would give when the cap binds; 0 otherwise.
	FreeCapTputPerGPU float64 `json:"free_cap_tput_per_gpu,omitempty"`
	FreeCapMeanIntvty float64 `json:"free_cap_mean_intvty,omitempty"`

	// The three ceilings, tok/s; +Inf when absent (not JSON-encodable).
	ThetaLoop, ThetaPrefill, ThetaCap float64 `json:"-"`

	Warnings []string `json:"warnings"`
}

// Thresholds of the warnings.
const (
	headroomWarn = 0.8  // decode near its asymptote
	rangeSlack   = 0.05 // b_max this far outside the calibrated range is extrapolation
)

// ConfigFromKnobs reads a Config from a point's knobs.
func ConfigFromKnobs(k model.Knobs) Config {
	return Config{
		PrefillWorkers: k.Prefill.Workers,
		PrefillGPUs:    k.Prefill.GPUs,
		DecodeRanks:    k.DecodeRanks(),
		DecodeGPUs:     k.Decode.TotalGPUs(),
		DecodeBS:       k.DecodeBS,
		Balance:        k.Balance,
		Concurrency:    k.Concurrency,
		Agg:            k.Mode == model.ModeAgg,
	}
}

// check refuses configurations the model cannot evaluate.
func (p *Params) check(cfg Config) error {
	if cfg.Agg {
		return ErrOutOfScope
	}
	var bad []string
	if cfg.PrefillWorkers <= 0 {
		bad = append(bad, "prefill workers must be positive")
	}
	if cfg.PrefillGPUs <= 0 {
		bad = append(bad, "GPUs per prefill worker must be positive")
	}
	if cfg.DecodeRanks <= 0 {
		bad = append(bad, "decode ranks must be positive")
	}
	if cfg.Concurrency <= 0 {
		bad = append(bad, "concurrency must be positive")
	}
	if cfg.DecodeBS < 0 {
		bad = append(bad, "decode BS must not be negative (0 = unknown)")
	} else if cfg.DecodeBS > 0 && float64(cfg.DecodeBS) <= p.Delta(cfg.Balance) {
		bad = append(bad, fmt.Sprintf("decode BS %d must exceed δ = %.2f", cfg.DecodeBS, p.Delta(cfg.Balance)))
	}
	if len(bad) > 0 {
		return errors.New(strings.Join(bad, "; "))
	}
	return nil
}

// point is the bare operating point, shared by Predict and Design.
type point struct {
	theta, tl, tp, tc float64
	bbar, bmax        float64
	regime            Regime
}

// bbar is the mean running batch per rank at rate theta (decode equilibrium).
func (p *Params) bbar(theta, d, delta float64) float64 {
	return theta * p.F * (p.Alpha + p.Beta*delta) / (d - theta*p.F*p.Beta)
}

// operate solves Θ = min(Θ_loop(C), Θ_P, Θ_cap(BS)); bs is +Inf for a free cap.
func (p *Params) operate(np, d, bs, delta, c float64) point {
	k1 := p.F * (p.Alpha + p.Beta*delta) / d
	k2 := p.F * p.Beta / d
	b := p.D0 + d*k1 + c*k2
	// Smaller root of d0·K2·Θ² − B·Θ + C = 0, in the form stable as d0 → 0.
	tl := 2 * c / (b + math.Sqrt(math.Max(b*b-4*p.D0*k2*c, 0)))
	tp := np * p.tauP()
	tc := math.Inf(1)
	if !math.IsInf(bs, 1) {
		tc = d * (bs - delta) / (p.F * (p.Alpha + p.Beta*bs))
	}
	pt := point{theta: tl, tl: tl, tp: tp, tc: tc, regime: RegimeLoop}
	if tp < pt.theta {
		pt.theta, pt.regime = tp, RegimePrefill
	}
	if tc < pt.theta {
		pt.theta, pt.regime = tc, RegimeDecodeCap
	}
	pt.bbar = p.bbar(pt.theta, d, delta)
	pt.bmax = math.Min(pt.bbar+delta, bs)
	return pt
}

// Predict evaluates the model for one configuration.
func (c *Calibration) Predict(cfg Config) (Prediction, error) {
	p := &c.Params
	if err := p.check(cfg); err != nil {
		return Prediction{}, err
	}
	d, np, delta := float64(cfg.DecodeRanks), float64(cfg.PrefillWorkers), p.Delta(cfg.Balance)
	bs := math.Inf(1)
	if cfg.DecodeBS > 0 {
		bs = float64(cfg.DecodeBS)
	}
	cc := float64(cfg.Concurrency)
	op := p.operate(np, d, bs, delta, cc)
	g := cfg.GPUs()
	tpot := p.Alpha + p.Beta*op.bmax
	pr := Prediction{
		GPUs: g, Theta: op.theta, TputPerGPU: op.theta / float64(g),
		MeanIntvty: 1 / tpot, P90Intvty: p.R90 / tpot, Regime: op.regime,
		DecodeBatchMean: op.bbar, DecodeBatchMax: op.bmax,
		CapBinds:  op.regime == RegimeDecodeCap,
		Headroom:  op.theta * p.F * p.Beta / d,
		ThetaLoop: op.tl, ThetaPrefill: op.tp, ThetaCap: op.tc,
		Warnings: make([]string, 0, 6),
	}
	switch op.regime {
	case RegimePrefill:
		pr.Queue, pr.QueueAt = math.Max(cc-op.theta*p.D0-d*op.bbar, 0), "prefill"
	case RegimeDecodeCap:
		pr.Queue, pr.QueueAt = math.Max(cc-op.theta*p.D0-d*(bs-delta), 0), "admission"
	}
	if star := math.Min(op.tp, op.tc); !math.IsInf(star, 1) {
		pr.KneeConcurrency = star*p.D0 + d*p.bbar(star, d, delta)
	}
	pr.RecommendedDecodeBS = p.recommendBS(np, d, delta)
	c.warn(&pr, cfg, op, np, d, delta)
	return pr, nil
}

// recommendBS is ceil(b̄ + δ) at the prefill ceiling (its lower bound when τP
// is unknown), rounded up to a captured size; 0 when decode cannot keep up.
func (p *Params) recommendBS(np, d, delta float64) int {
	tau := p.TauP
	if tau <= 0 {
		tau = p.TauPLowerBound
	}
	theta := np * tau
	if theta <= 0 || theta*p.F*p.Beta >= d {
		return 0
	}
	return SnapCap(int(math.Ceil(p.bbar(theta, d, delta) + delta - 1e-9)))
}

// warn adds PLANNER.md's warnings. They are built with strconv appends, not
// fmt, to keep a prediction within its 2 µs budget.
func (c *Calibration) warn(pr *Prediction, cfg Config, op point, np, d, delta float64) {
	p := &c.Params
	w := &pr.Warnings
	if pr.CapBinds {
		free := p.operate(np, d, math.Inf(1), delta, float64(cfg.Concurrency))
		pr.FreeCapTputPerGPU = free.theta / float64(pr.GPUs)
		pr.FreeCapMeanIntvty = 1 / (p.Alpha + p.Beta*free.bmax)
		b := make([]byte, 0, 160)
		b = append(b, "decode cap binds: BS "...)
		b = strconv.AppendInt(b, int64(cfg.DecodeBS), 10)
		b = append(b, " holds the busiest rank, "...)
		b = strconv.AppendFloat(b, pr.Queue, 'f', 0, 64)
		b = append(b, " requests wait for admission; a free cap would give "...)
		b = appendThousands(b, pr.FreeCapTputPerGPU)
		b = append(b, " tok/s/GPU at "...)
		b = strconv.AppendFloat(b, pr.FreeCapMeanIntvty, 'f', 1, 64)
		*w = append(*w, string(append(b, " tok/s/user"...)))
	}
	if cfg.DecodeBS == 0 {
		*w = append(*w, "decode BS unknown: the cap is treated as free")
	}
	if op.regime == RegimePrefill {
		b := make([]byte, 0, 120)
		b = append(b, "prefill ceiling reached: "...)
		b = strconv.AppendFloat(b, pr.Queue, 'f', 0, 64)
		b = append(b, " requests queue in front of prefill; concurrency past "...)
		b = strconv.AppendFloat(b, pr.KneeConcurrency, 'f', 0, 64)
		*w = append(*w, string(append(b, " only adds queueing"...)))
	}
	if pr.Headroom > headroomWarn {
		b := append(make([]byte, 0, 64), "decode near its asymptote: "...)
		b = strconv.AppendFloat(b, pr.Headroom*100, 'f', 0, 64)
		*w = append(*w, string(append(b, " % of D/(fβ)"...)))
	}
	if cfg.Balance == model.BalanceTotalTokens {
		*w = append(*w, "total_tokens balancing on an MoE decode step: per-rank running counts spread 11–26 (2–7 with total_requests) and the busiest rank paces every step")
	}
	if p.BMax > 0 && (op.bmax < p.BMin*(1-rangeSlack) || op.bmax > p.BMax*(1+rangeSlack)) {
		b := append(make([]byte, 0, 100), "extrapolation: busiest-rank batch "...)
		b = strconv.AppendFloat(b, op.bmax, 'f', 1, 64)
		b = append(b, " is outside the calibrated range "...)
		b = strconv.AppendFloat(b, p.BMin, 'f', 1, 64)
		b = append(b, "–"...)
		b = strconv.AppendFloat(b, p.BMax, 'f', 1, 64)
		*w = append(*w, string(b))
	}
	*w = append(*w, c.staticWarnings()...)
}

// staticWarnings depend on the calibration only; they are built once and
// rebuilt when a caller changes τP or the short runs.
func (c *Calibration) staticWarnings() []string {
	key := staticKey{c.Params.TauP, c.Params.TauPLowerBound, len(c.ShortRuns)}
	if c.static != nil && c.staticFor == key {
		return c.static
	}
	s := []string{}
	for _, id := range c.ShortRuns {
		s = append(s, fmt.Sprintf("calibration point %s is from a short run (under 3600 s): not steady state", id))
	}
	if c.Params.TauP <= 0 {
		s = append(s, fmt.Sprintf("τP unknown (at least %s tok/s per prefill worker): run a saturation sweep (fixed prefill workers, rising concurrency, free cap)",
			thousands(c.Params.TauPLowerBound)))
	}
	c.static, c.staticFor = s, key
	return s
}

type staticKey struct {
	tauP, tauPLow float64
	shortRuns     int
}

// thousands formats a rate with thousands separators: 1,033,494.
func thousands(v float64) string { return model.Thousands(v, 0) }

func appendThousands(b []byte, v float64) []byte { return model.AppendThousands(b, v, 0) }
