package planner

import (
	"errors"
	"fmt"
	"math"

	"github.com/sweeptune/sweeptune/model"
)

// Design search limits.
const (
	designMaxPrefill = 16   // prefill workers tried: 1..16
	kneeMargin       = 0.05 // concurrency this far past the knee keeps prefill queued
)

// Proposal is one planned sweep point: the best predicted throughput per GPU
// in its interactivity band with prefill kept busy.
type Proposal struct {
	Band       [2]float64  `json:"band"` // mean interactivity range, tok/s/user
	ID         string      `json:"id"`
	Config     Config      `json:"config"`
	Knobs      model.Knobs `json:"-"`
	Prediction Prediction  `json:"prediction"`
	Replaces   []string    `json:"replaces"` // existing points whose mean interactivity falls in the band
	// Untested says why the prediction lies outside its class's calibrated
	// range (trust.go): not a plain row; "" when it lies inside.
	Untested string `json:"untested,omitempty"`
}

// beyondBestMax: a design predicted this far above the best measured
// throughput per GPU lies past what any held-out test predicted.
const beyondBestMax = 1.25

// untested says why pr is outside its class's calibrated range, "" when not.
func untested(pr *Prediction, bestMeasured float64) string {
	switch {
	case pr.Class == ClassCollapse:
		return "past a measured collapse: its throughput is an upper bound"
	case pr.Class == ClassPrior:
		return "its shape or slope is from the prior, measured on no point of this curve"
	case bestMeasured > 0 && pr.TputPerGPU > beyondBestMax*bestMeasured:
		return fmt.Sprintf("%.1f× the best measured %s tok/s/GPU, past every tested prediction", pr.TputPerGPU/bestMeasured, thousands(bestMeasured))
	}
	return ""
}

// candidate is the best cap of one prefill-worker count.
type candidate struct {
	cfg  Config
	y, x float64 // throughput per GPU, mean interactivity
}

// Design proposes one point per interactivity band for a GPU budget. For each
// prefill-worker count it takes the smallest captured cap that does not hold
// prefill back (larger caps predict the same point) and sets concurrency just
// past the knee, leaving out points whose decode runs near its asymptote
// (headroom > 0.8). The bands split the candidates' interactivity range evenly;
// a band with no candidate gets no proposal. The topology (GPUs per prefill
// worker, decode ranks) is the calibration's first point's. When τP is
// unknown its lower bound stands in for it.
func Design(c *Calibration, points []model.Point, maxGPUs, bands int) ([]Proposal, error) {
	if c == nil {
		return nil, errors.New("design: no calibration")
	}
	if bands < 1 {
		return nil, errors.New("design: need at least one interactivity band")
	}
	t := c.Template
	base := Config{PrefillGPUs: t.Prefill.GPUs, DecodeRanks: t.DecodeRanks(), DecodeGPUs: t.Decode.TotalGPUs(),
		Balance: model.BalanceTotalRequests}
	if c.Params.DeltaTokens < c.Params.DeltaRequests {
		base.Balance = model.BalanceTotalTokens
	}
	if base.PrefillGPUs <= 0 || base.DecodeRanks <= 0 {
		return nil, errors.New("design: the calibration's points do not give GPUs per prefill worker and decode ranks")
	}
	if min := base.PrefillGPUs + base.GPUs(); maxGPUs < min {
		return nil, fmt.Errorf("design: --max-gpus %d is below the smallest point (1 prefill worker + decode = %d GPUs)", maxGPUs, min)
	}
	dc := *c // design on a copy: τP at its lower bound when unknown
	// The queue law holds τP at the prior already (prefill.go).
	assumed := dc.Params.TauP <= 0 && !(len(dc.Params.Prefill) > 0 && dc.Params.Prefill[0].Queue)
	if assumed {
		dc.Params.TauP = dc.Params.TauPLowerBound
	}
	base.PrefillShape, base.DecodeShape, base.DecodeDPAttn = t.Prefill.Parallelism(), t.Decode.Parallelism(), t.Decode.DPAttn
	cands := dc.candidates(base, maxGPUs)
	if len(cands) == 0 {
		return nil, errors.New("design: no configuration within the budget keeps prefill busy with a captured decode cap")
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, cd := range cands {
		lo, hi = math.Min(lo, cd.x), math.Max(hi, cd.x)
	}
	width := (hi - lo) / float64(bands)
	var out []Proposal
	for b := 0; b < bands; b++ {
		blo, bhi := lo+float64(b)*width, lo+float64(b+1)*width
		best := -1
		for i, cd := range cands {
			if inBand(cd.x, blo, bhi, b == bands-1) && (best < 0 || cd.y > cands[best].y) {
				best = i
			}
		}
		if best < 0 {
			continue
		}
		pr, err := dc.Predict(cands[best].cfg)
		if err != nil {
			return nil, err
		}
		if assumed {
			pr.Warnings = append(pr.Warnings, fmt.Sprintf("τP unknown: designed at its lower bound %s tok/s per prefill worker", thousands(dc.Params.TauP)))
		}
		k := knobsFor(t, cands[best].cfg)
		prop := Proposal{Band: [2]float64{blo, bhi}, ID: k.BaseID(), Config: cands[best].cfg, Knobs: k, Prediction: pr, Replaces: []string{},
			Untested: untested(&pr, bestTput(points))}
		for i := range points {
			if x, ok := points[i].Metrics.Get(model.MeanIntvty); ok && inBand(x, blo, bhi, b == bands-1) {
				prop.Replaces = append(prop.Replaces, points[i].ID)
			}
		}
		out = append(out, prop)
	}
	return out, nil
}

// candidates evaluates prefill workers 1..16 × captured caps within the budget.
func (c *Calibration) candidates(base Config, maxGPUs int) []candidate {
	l := c.lawsFor(base)
	d := float64(base.DecodeRanks)
	var out []candidate
	for np := 1; np <= designMaxPrefill; np++ {
		cfg := base
		cfg.PrefillWorkers = np
		g := cfg.GPUs()
		if g > maxGPUs {
			break
		}
		tp := float64(np) * l.tauP
		if l.queue {
			// The queue law never reaches τP: aim where queueing starts.
			tp *= queueingRho
		}
		if l.outruns(tp, d) {
			break // prefill outruns decode at any cap; more workers only worse
		}
		for _, bs := range capturedSizes {
			b := float64(bs)
			if b <= l.delta+l.admit {
				continue
			}
			tc := l.capRate(d, b)
			if tc < tp {
				continue // the cap would hold prefill back
			}
			knee := tp*l.outside(tp, float64(np)) + d*l.bbar(tp, d)
			cfg.DecodeBS = bs
			cfg.Concurrency = int(math.Ceil(knee * (1 + kneeMargin)))
			op := l.operate(float64(np), d, b, float64(cfg.Concurrency))
			if l.queue && (op.regime == RegimeDecodeCap || op.theta < tp*(1-1e-6)) || !l.queue && op.regime != RegimePrefill {
				continue
			}
			if l.headroom(op.theta, d, op.bmax) > headroomWarn {
				break // decode near its asymptote: too fragile to propose
			}
			out = append(out, candidate{cfg: cfg, y: op.theta / float64(g), x: rmean(&c.Params) / l.tpot(op.bmax)})
			break // larger caps predict the same point
		}
	}
	return out
}

func inBand(x, lo, hi float64, last bool) bool {
	return x >= lo && (x < hi || (last && x <= hi))
}

// knobsFor is the template's knobs with the design's choices.
func knobsFor(t model.Knobs, cfg Config) model.Knobs {
	k := t
	k.Mode = model.ModeDisagg
	k.Prefill.Workers = cfg.PrefillWorkers
	if k.Prefill.Nodes > 0 && t.Prefill.Workers > 0 {
		// Keep GPUs per node: round the node count up.
		perNode := float64(t.Prefill.Workers*t.Prefill.GPUs) / float64(t.Prefill.Nodes)
		k.Prefill.Nodes = int(math.Ceil(float64(cfg.PrefillWorkers*cfg.PrefillGPUs)/perNode - 1e-9))
	}
	k.DecodeBS = cfg.DecodeBS
	// max-running-requests is each decode worker's own: its ranks × BS.
	k.MaxRunningRequests = k.WorkerMRR()
	k.DecodeExtraSlots = 0
	k.Balance = cfg.Balance
	k.Concurrency = cfg.Concurrency
	return k
}

// rmean is the fitted mean-interactivity factor, 1 for a hand-made fit.
func rmean(p *Params) float64 {
	if p.RMean == 0 {
		return 1
	}
	return p.RMean
}

// bestTput is the highest measured throughput per GPU of the points.
func bestTput(points []model.Point) float64 {
	best := 0.0
	for i := range points {
		if y, ok := points[i].Metrics.Get(model.TputPerGPU); ok && y > best {
			best = y
		}
	}
	return best
}
