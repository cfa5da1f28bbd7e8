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
	TTFT       float64 `json:"ttft"`       // s, of the calibration's TTFT kind; 0 when the fit had no TTFT
	Regime     Regime  `json:"regime"`

	DecodeBatchMean float64 `json:"decode_batch_mean"` // b̄ per rank
	DecodeBatchMax  float64 `json:"decode_batch_max"`  // busiest rank, ≤ BS
	CapBinds        bool    `json:"cap_binds"`

	Queue   float64 `json:"queue"`    // requests waiting in front of the bottleneck
	QueueAt string  `json:"queue_at"` // "prefill", "admission" or "" (loop-bound)

	KneeConcurrency     float64 `json:"knee_concurrency"`      // 0 when no finite ceiling is known
	RecommendedDecodeBS int     `json:"recommended_decode_bs"` // 0 when prefill outruns decode at any cap
	Headroom            float64 `json:"decode_headroom"`       // Θ over the decode asymptote D/(fβ)
	PrefillLoad         float64 `json:"prefill_load"`          // Θ/Np, tok/s per prefill worker

	// TputRange (τP unknown, prefill load past the highest measured):
	// throughput per GPU if prefill saturates at the highest load measured,
	// and if it keeps up; TputPerGPU is their middle. Nil otherwise.
	TputRange *[2]float64 `json:"tput_per_gpu_range,omitempty"`

	// IntvtyRange (a collapse measured in the fit holds the rate): mean
	// interactivity with every waiting request in decode, and with them
	// waiting in front of it; MeanIntvty is their middle. Nil otherwise.
	IntvtyRange *[2]float64 `json:"mean_intvty_range,omitempty"`

	// What a free cap would give when the cap binds; 0 otherwise.
	FreeCapTputPerGPU float64 `json:"free_cap_tput_per_gpu,omitempty"`
	FreeCapMeanIntvty float64 `json:"free_cap_mean_intvty,omitempty"`

	// Extrapolated: a warning says the prediction leaves what was
	// calibrated (batch, concurrency, shape, prefill load or a collapse).
	Extrapolated bool `json:"extrapolated"`
	// Class is what the prediction stands on (trust.go); Band() its band.
	Class TrustClass `json:"class"`

	// The three ceilings, tok/s; +Inf when absent (not JSON-encodable).
	ThetaLoop, ThetaPrefill, ThetaCap float64 `json:"-"`

	Warnings []string `json:"warnings"`
}

// Thresholds of the warnings.
const (
	headroomWarn  = 0.8  // decode near its asymptote
	admitShareMax = 0.5  // a TP/TEP worker's admission excess is at most this share of its cap
	rangeSlack    = 0.05 // b_max this far outside the calibrated range is extrapolation
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
		PrefillShape:   k.Prefill.Parallelism(),
		DecodeShape:    k.Decode.Parallelism(),
		DecodeDPAttn:   k.Decode.DPAttn,
		Agg:            k.Mode == model.ModeAgg,
	}
}

// laws are the constants one configuration is evaluated with.
type laws struct {
	f, d0, u      float64
	alpha, beta   float64
	q             float64 // k/E of the expert-activation law; 0: linear
	delta         float64 // busiest-rank excess pacing the step (DP attention)
	admit         float64 // admission excess of TP/TEP workers: the cap holds b̄ at BS − admit
	t0, kappa     float64
	tauP          float64 // +Inf when unknown
	tauPLow       float64
	tauPUp        float64 // τP unknown: the TTFT-growth upper bound, +Inf when none
	tauPAssumed   float64 // the middle of the τP range a prediction used; 0 when none
	loadMax       float64
	queue         bool    // TTFT = t0 + qw·ρ/(2(1 − ρ)), ρ = load/τP (PrefillLaw.Queue)
	qw            float64 // the queue law's wait scale, s
	dec           *DecodeLaw
	pre           *PrefillLaw
	decShape      string
	preShape      string
	decFallback   bool    // the family has no calibration point: another stands in
	gamma         float64 // per-request KV and compute of a first-principles TP/TEP step (q > 0)
	prior         bool    // decFallback with Physics: the first-principles step of the shape
	preFallback   bool
	shapeNew      bool // a DEP size the DP-attention law was not calibrated on
	preScale      float64
	template      bool
	templatePre   bool
	dpAttn        bool
	collapseShape string
	plateau       *DecodePlateau // a collapse measured in the fit bounds this load
	plateauBinds  bool           // the plateau set the rate
	tpotLittle    float64        // Little's law TPOT with every waiting request in decode
}

// lawsFor resolves cfg's shapes to calibrated laws. The template's shapes
// read Params' top-level fields, so a caller may set τP (or α, β) by hand.
func (c *Calibration) lawsFor(cfg Config) laws {
	p := &c.Params
	l := laws{f: p.F, d0: p.D0, u: p.U, preScale: 1}
	l.decShape, l.preShape, l.dpAttn = cfg.DecodeShape, cfg.PrefillShape, cfg.DecodeDPAttn
	t := c.Template
	if l.decShape == "" {
		l.decShape, l.dpAttn = t.Decode.Parallelism(), t.Decode.DPAttn
	}
	if l.preShape == "" {
		l.preShape = t.Prefill.Parallelism()
	}
	if len(p.Decode) == 0 { // a hand-made Calibration: one law, the top-level one
		p.Decode = []DecodeLaw{{Family: decodeFamily(l.decShape, l.dpAttn), DPAttn: l.dpAttn, Alpha: p.Alpha, Beta: p.Beta, BMin: p.BMin, BMax: p.BMax}}
	}
	if len(p.Prefill) == 0 {
		p.Prefill = []PrefillLaw{{Family: l.preShape, TauP: p.TauP, TauPLowerBound: p.TauPLowerBound}}
	}
	fam := decodeFamily(l.decShape, l.dpAttn)
	l.dec = p.lawOfFamily(fam)
	if l.dec == nil {
		l.decFallback = true
		l.dec = &p.Decode[0]
		for i := range p.Decode {
			if p.Decode[i].DPAttn == l.dpAttn && !p.Decode[i].SlopeAssumed {
				l.dec = &p.Decode[i]
				break
			}
		}
	} else if l.dpAttn {
		l.shapeNew = !containsString(l.dec.Shapes, l.decShape)
	}
	l.template = l.dec == &p.Decode[0]
	if l.template {
		l.alpha, l.beta = p.Alpha, p.Beta
	} else {
		l.alpha, l.beta = l.dec.Alpha, l.dec.Beta
	}
	l.q, l.gamma = l.dec.q(), l.dec.Gamma
	if l.decFallback && p.Physics != nil && cfg.DecodeRanks > 0 {
		// A shape never calibrated: its own first-principles step, not
		// another family's law.
		gpus := 1
		if cfg.DecodeGPUs >= cfg.DecodeRanks {
			gpus = cfg.DecodeGPUs / cfg.DecodeRanks
		}
		l.alpha, l.beta, l.gamma, l.q = p.Physics.stepPrior(l.dpAttn, gpus, shapeSize(l.decShape, cfg.DecodeRanks), decodeCtx(p.U, p.F))
		l.prior = true
	}
	if l.q == 0 {
		l.beta, l.gamma = l.beta+l.gamma, 0 // the linear law: one slope
	}
	if l.dpAttn {
		l.delta = p.Delta(cfg.Balance)
	} else if !l.decFallback {
		// A worker never leaves more than half its slots idle on average
		// (TRT-LLM TEP8 batch 1: 0.44 of 1), so a small cap is never refused.
		l.admit = l.dec.AdmitExcess
		if cfg.DecodeBS > 0 {
			l.admit = math.Min(l.admit, admitShareMax*float64(cfg.DecodeBS))
		}
	}
	l.pre = p.lawOfShape(l.preShape)
	if l.pre == nil {
		l.preFallback = true
		l.pre = &p.Prefill[0]
		if l.pre.GPUs > 0 && cfg.PrefillGPUs > 0 {
			l.preScale = float64(cfg.PrefillGPUs) / float64(l.pre.GPUs)
		}
	}
	l.templatePre = l.pre == &p.Prefill[0]
	tau, low := l.pre.TauP, l.pre.TauPLowerBound
	if l.templatePre {
		tau, low = p.TauP, p.TauPLowerBound
	}
	l.tauP, l.tauPLow, l.tauPUp = math.Inf(1), low*l.preScale, math.Inf(1)
	if up := l.pre.TauPUpperBound; up > 0 {
		l.tauPUp = up * l.preScale
	}
	if tau > 0 {
		l.tauP = tau * l.preScale
	}
	l.t0, l.kappa, l.loadMax = l.pre.T0, l.pre.Kappa/l.preScale, l.pre.LoadMax*l.preScale
	if l.pre.Queue {
		// The queue law: τP measured or the prior; a shape never calibrated
		// keeps the curve's fixed time and its own prefill time.
		l.queue, l.qw = true, l.pre.Wait/l.preScale
		if math.IsInf(l.tauP, 1) {
			l.tauP = l.pre.TauPEff * l.preScale
		}
		if l.preFallback && p.U > 0 {
			// A calibrated shape's idle TTFT holds its own overheads (DP
			// attention, its batching): the prior is not refined by it.
			l.t0, l.qw = ttftFixed+1/p.U/l.tauP, 1/p.U/l.tauP
		}
	}
	return l
}

func containsString(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// check refuses configurations the model cannot evaluate.
func check(cfg Config, l *laws) error {
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
	} else if l.dpAttn && cfg.DecodeBS > 0 && float64(cfg.DecodeBS) <= l.delta {
		bad = append(bad, fmt.Sprintf("decode BS %d must exceed δ = %.2f, the busiest DP-attention rank's excess over the mean batch", cfg.DecodeBS, l.delta))
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

// tpot is the step law at the busiest rank's batch b.
func (l *laws) tpot(b float64) float64 { return l.alpha + l.beta*activation(b, l.q) + l.gamma*b }

// slope is dTPOT/db at b.
func (l *laws) slope(b float64) float64 { return l.beta*activationSlope(b, l.q) + l.gamma }

// bbar is the mean running batch per rank at rate theta (decode equilibrium
// D·b̄ = Θ·f·TPOT(b̄ + δ)): closed form for the linear law, else Newton's
// method from above (the equation is convex in b̄, the step law concave).
func (l *laws) bbar(theta, d float64) float64 {
	if l.q == 0 {
		return theta * l.f * (l.alpha + l.beta*l.delta) / (d - theta*l.f*l.beta)
	}
	r := theta * l.f / d
	b := r * (l.alpha + l.beta/l.q + l.gamma*l.delta) // m ≤ E/k: an upper bound
	if rg := r * l.gamma; rg < 1 {
		b /= 1 - rg
	}
	for i := 0; i < 50; i++ {
		h := b - r*l.tpot(b+l.delta)
		step := h / (1 - r*l.slope(b+l.delta))
		b -= step
		if math.Abs(step) <= 1e-12*(b+1) {
			break
		}
	}
	return b
}

// headroom is Θ over the local decode asymptote: Θ·f·β·m'(b)/D (Θ·f·β/D
// for the linear law).
func (l *laws) headroom(theta, d, b float64) float64 {
	return theta * l.f * l.slope(b) / d
}

// outruns says the decode equilibrium has no solution at rate theta (the
// linear law's asymptote D/(fβ); the expert-activation law's D/(fγ), none
// without its per-request term).
func (l *laws) outruns(theta, d float64) bool {
	slope := l.gamma // the expert-activation term flattens: only γ grows without end
	if l.q == 0 {
		slope += l.beta
	}
	return theta*l.f*slope >= d
}

// capRate is Θ_cap(BS): the rate at which the busiest rank sits at the cap.
func (l *laws) capRate(d, bs float64) float64 {
	return d * (bs - l.delta - l.admit) / (l.f * l.tpot(bs-l.admit))
}

// outside is o(Θ), the time outside decode per token at rate theta.
func (l *laws) outside(theta, np float64) float64 {
	return l.d0 + l.u*l.ttft(theta, np)
}

// ttft is the TTFT law at rate theta, before any admission queue.
func (l *laws) ttft(theta, np float64) float64 {
	if l.queue {
		return l.t0 + l.qw*queueX(theta/(np*l.tauP))
	}
	return l.t0 + l.kappa*theta/np
}

// loopQueue solves C = Θ·o(Θ) + D·b̄(Θ) under the queue law by bisection:
// the left side grows with Θ, and the queue holds Θ below Np·τP.
func (l *laws) loopQueue(np, d, c float64) float64 {
	lo, hi := 0.0, np*l.tauP*0.999
	if l.q == 0 && l.beta > 0 {
		hi = math.Min(hi, d/(l.f*l.beta)*(1-1e-9))
	} else if l.gamma > 0 {
		hi = math.Min(hi, d/(l.f*l.gamma)*(1-1e-9))
	}
	if l.alpha > 0 {
		hi = math.Min(hi, c/(l.f*l.alpha))
	}
	for i := 0; i < 100 && hi-lo > 1e-10*hi; i++ {
		t := (lo + hi) / 2
		if t*l.outside(t, np)+d*l.bbar(t, d) > c {
			hi = t
		} else {
			lo = t
		}
	}
	return (lo + hi) / 2
}

// operate solves Θ = min(Θ_loop(C), Θ_P, Θ_cap(BS)); bs is +Inf for a free cap.
func (l *laws) operate(np, d, bs, c float64) point {
	o0 := l.d0 + l.u*l.t0
	o1 := l.u * l.kappa / np
	k1 := l.f * (l.alpha + l.beta*l.delta) / d
	k2 := l.f * l.beta / d
	b := o0 + d*k1 + c*k2
	// Smaller root of o0·K2·Θ² − B·Θ + C = 0, in the form stable as o0 → 0.
	tl := 2 * c / (b + math.Sqrt(math.Max(b*b-4*o0*k2*c, 0)))
	if o1 > 0 {
		// TTFT grows with load: C = Θ·o0 + Θ²·o1 + Θ·D·K1/(1 − Θ·K2) is
		// convex and increasing, and the quadratic root lies right of the
		// solution, so Newton's steps fall monotonically onto it.
		for i := 0; i < 60; i++ {
			q := 1 - tl*k2
			g := tl*o0 + tl*tl*o1 + tl*d*k1/q - c
			dg := o0 + 2*tl*o1 + d*k1/(q*q)
			step := g / dg
			tl -= step
			if math.Abs(step) <= 1e-13*tl {
				break
			}
		}
	}
	if l.queue {
		tl = l.loopQueue(np, d, c)
	} else if l.q > 0 {
		tl = l.loopRoot(tl, np, d, c)
	}
	tp := np * l.tauP
	tc := math.Inf(1)
	if !math.IsInf(bs, 1) {
		tc = l.capRate(d, bs)
	}
	pt := point{theta: tl, tl: tl, tp: tp, tc: tc, regime: RegimeLoop}
	if tp < pt.theta {
		pt.theta, pt.regime = tp, RegimePrefill
	}
	if tc < pt.theta {
		pt.theta, pt.regime = tc, RegimeDecodeCap
	}
	pt.bbar = l.bbar(pt.theta, d)
	pt.bmax = math.Min(pt.bbar+l.delta, bs-l.admit)
	return pt
}

// loopRoot solves C = Θ·o(Θ) + D·b̄(Θ) for the expert-activation law,
// starting from the linear law's root lo (m(b) ≤ b from one request up, so
// lo is then below the root; below one it is above): Newton's steps,
// bisected when they leave the bracket.
func (l *laws) loopRoot(lo, np, d, c float64) float64 {
	g := func(t float64) (float64, float64) {
		b := l.bbar(t, d)
		o := l.outside(t, np)
		db := l.f * l.tpot(b+l.delta) / (d - t*l.f*l.slope(b+l.delta))
		return t*o + d*b - c, o + t*l.u*l.kappa/np + d*db
	}
	hi := math.Inf(1) // Θ·f·α ≤ D·b̄ ≤ C and Θ·o0 ≤ C bound the root
	if l.alpha > 0 {
		hi = c / (l.f * l.alpha)
	}
	if o0 := l.d0 + l.u*l.t0; o0 > 0 {
		hi = math.Min(hi, c/o0)
	}
	t := lo
	if v, _ := g(lo); v == 0 {
		return lo
	} else if v > 0 {
		// Below one request per rank m(b) > b: the linear root lies above.
		hi, lo, t = lo, 0, lo/2
	}
	for i := 0; i < 60; i++ {
		v, dv := g(t)
		if v > 0 {
			hi = t
		} else {
			lo = t
		}
		next := t - v/dv
		switch {
		case next > lo && next < hi:
		case math.IsInf(hi, 1):
			next = 2 * t
		default:
			next = (lo + hi) / 2
		}
		if math.Abs(next-t) <= 1e-12*t {
			return next
		}
		t = next
	}
	return t
}

// Predict evaluates the model for one configuration.
func (c *Calibration) Predict(cfg Config) (Prediction, error) {
	return c.predict(cfg, c.Collapses)
}

// predict is Predict against the given collapses.
func (c *Calibration) predict(cfg Config, collapses []Collapse) (Prediction, error) {
	p := &c.Params
	l := c.lawsFor(cfg)
	if err := check(cfg, &l); err != nil {
		return Prediction{}, err
	}
	d, np := float64(cfg.DecodeRanks), float64(cfg.PrefillWorkers)
	bs := math.Inf(1)
	if cfg.DecodeBS > 0 {
		bs = float64(cfg.DecodeBS)
	}
	cc := float64(cfg.Concurrency)
	op := l.operate(np, d, bs, cc)
	// τP unknown and the rate past the highest prefill load measured: the
	// rate lies between prefill saturating at that load and prefill keeping
	// up (or saturating at the TTFT-growth bound); the middle is the
	// estimate (docs/planner.md, "τP unknown").
	var lo, hi float64
	if math.IsInf(l.tauP, 1) && l.tauPLow > 0 && op.theta > np*l.tauPLow*(1+rangeSlack) {
		ll := l
		ll.tauP = l.tauPUp
		hi = ll.operate(np, d, bs, cc).theta
		ll.tauP = l.tauPLow
		if lo = ll.operate(np, d, bs, cc).theta; lo < hi {
			ll.tauP = (lo + hi) / 2 / np
			op = ll.operate(np, d, bs, cc)
			l.tauPAssumed = ll.tauP
		} else {
			lo, hi = 0, 0
		}
	}
	// At or past a collapse measured in the fit, per decode rank of this
	// decode shape: the rate per rank is held to the healthy point's
	// (docs/planner.md, "Collapse").
	if pl := p.plateauFor(l.decShape, l.dpAttn, cc/d); pl != nil {
		l.plateau = pl
		if ceil := d * pl.ThetaPerRank; ceil < op.theta {
			if lo >= ceil {
				lo, hi = 0, 0
			} else if hi > ceil {
				hi = ceil
			}
			op.theta, l.plateauBinds = ceil, true
			op.bbar = l.bbar(ceil, d)
			op.bmax = math.Min(op.bbar+l.delta, bs-l.admit)
		}
	}
	g := cfg.GPUs()
	tpot := l.tpot(op.bmax)
	var intvty *[2]float64
	if l.plateauBinds {
		// Little's law on the loop with the rate held: the requests not
		// outside decode are either in decode (the step then lasts
		// tpotLittle) or waiting in front of it (the step stays the law's
		// at the healthy batch). Where they wait is not known: the range of
		// interactivity and its middle, as for τP unknown.
		l.tpotLittle = l.littleTPOT(op.theta, np, cc, tpot)
		intvty = &[2]float64{1 / l.tpotLittle, 1 / tpot}
		tpot = 2 / (1/tpot + 1/l.tpotLittle)
		op.bbar = op.theta * l.f * tpot / d
		op.bmax = math.Min(op.bbar+l.delta, bs-l.admit)
	}
	rmean := p.RMean
	if rmean == 0 {
		rmean = 1
	}
	pr := Prediction{
		GPUs: g, Theta: op.theta, TputPerGPU: op.theta / float64(g),
		MeanIntvty: rmean / tpot, P90Intvty: p.R90 * rmean / tpot, Regime: op.regime,
		DecodeBatchMean: op.bbar, DecodeBatchMax: op.bmax,
		CapBinds:    op.regime == RegimeDecodeCap,
		Headroom:    l.headroom(op.theta, d, op.bmax),
		PrefillLoad: op.theta / np,
		ThetaLoop:   op.tl, ThetaPrefill: op.tp, ThetaCap: op.tc,
		Warnings: make([]string, 0, 8),
	}
	outside := op.theta * l.outside(op.theta, np)
	switch op.regime {
	case RegimePrefill:
		pr.Queue, pr.QueueAt = math.Max(cc-outside-d*op.bbar, 0), "prefill"
	case RegimeDecodeCap:
		pr.Queue, pr.QueueAt = math.Max(cc-outside-d*(bs-l.delta-l.admit), 0), "admission"
	}
	if intvty != nil {
		pr.IntvtyRange = &[2]float64{rmean * intvty[0], rmean * intvty[1]}
		pr.Queue, pr.QueueAt = math.Max(cc-outside-d*op.bbar, 0), "decode capacity"
	}
	if l.u > 0 {
		pr.TTFT = l.ttft(op.theta, np) + pr.Queue/(l.u*op.theta)
	}
	if op.regime == RegimeLoop && (pr.Headroom > headroomWarn || op.theta >= queueingRho*op.tp) {
		pr.Regime = RegimeQueueing
	}
	if hi > 0 {
		// The ceiling at the middle is assumed, not measured: the point is
		// queueing in front of prefill, not known to be prefill-bound.
		pr.TputRange = &[2]float64{lo / float64(g), hi / float64(g)}
		if op.regime == RegimePrefill {
			pr.Regime = RegimeQueueing
		}
	}
	if l.plateau != nil {
		pr.Regime = RegimeCollapse
	}
	if star := math.Min(op.tp, op.tc); !math.IsInf(star, 1) {
		pr.KneeConcurrency = star*l.outside(star, np) + d*l.bbar(star, d)
	}
	pr.RecommendedDecodeBS = l.recommendBS(np, d)
	c.warn(&pr, cfg, op, &l, np, d, collapses)
	return pr, nil
}

// recommendBS is ceil(b̄ + δ) at the prefill ceiling (its lower bound when τP
// is unknown), rounded up to a captured size; 0 when decode cannot keep up.
func (l *laws) recommendBS(np, d float64) int {
	tau := l.tauP
	if math.IsInf(tau, 1) {
		tau = l.tauPLow
	}
	theta := np * tau
	if theta <= 0 || l.outruns(theta, d) {
		return 0
	}
	return SnapCap(int(math.Ceil(l.bbar(theta, d) + l.delta + l.admit - 1e-9)))
}

// shapeSize is the ranks of one decode worker of a DEP shape ("dep16": 16),
// def when the shape does not say.
func shapeSize(shape string, def int) int {
	if n, err := strconv.Atoi(strings.TrimPrefix(shape, "dep")); err == nil && n > 0 {
		return n
	}
	return def
}
