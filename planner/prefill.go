package planner

import (
	"math"
	"slices"
)

// Prefill identification thresholds.
const (
	saturationFlat  = 0.03 // how flat Θ must stay (relative) across a saturation pair
	saturationTTFT  = 3.0  // without a TTFT law: TTFT this many times its shape's fastest means a queue at the ceiling
	saturationQueue = 2.0  // with one: TTFT this many times the law's at its load
	saturationLoad  = 0.7  // ... while its prefill load is at least this share of the shape's highest
	nearCap         = 0.5  // b_max/BS above which a point's TTFT may hold an admission queue
	loadSpreadMin   = 0.2  // relative spread of prefill load needed to fit κ
	queueingRho     = 0.9  // prefill load over τP that makes a loop point "queueing"
	prefillLoadWarn = 1.05 // load past this × the highest measured, with τP unknown, warns
)

// fitPrefill fits each prefill worker shape's TTFT law and ceiling τP (first
// point's shape first), and mirrors the first into Params' τP fields.
func fitPrefill(obsv []obs, p *Params) {
	p.Prefill = p.Prefill[:0]
	index := map[string]int{}
	for _, o := range obsv {
		if _, ok := index[o.preShape]; !ok {
			index[o.preShape] = len(p.Prefill)
			p.Prefill = append(p.Prefill, PrefillLaw{Family: o.preShape, GPUs: o.preGPUs})
		}
	}
	fam := make([]*obs, 0, len(obsv))
	for i := range p.Prefill {
		l := &p.Prefill[i]
		fam = fam[:0]
		for j := range obsv {
			if obsv[j].preShape == l.Family && !obsv[j].collapsed {
				fam = append(fam, &obsv[j])
				l.Points = append(l.Points, obsv[j].id)
			}
		}
		if len(fam) == 0 {
			continue
		}
		fitPrefillLaw(fam, l, p.TTFTKind != "")
		if p.TTFTKind != "" && p.Physics != nil && p.U > 0 {
			fitQueueLaw(fam, l, p.Physics, p.U, p.F)
		}
	}
	t := &p.Prefill[0]
	p.TauP, p.TauPLowerBound, p.SaturationPair = t.TauP, t.TauPLowerBound, t.SaturationPair
}

func fitPrefillLaw(fam []*obs, l *PrefillLaw, ttft bool) {
	saturated := map[string]bool{}
	for _, o := range fam {
		l.TauPLowerBound = math.Max(l.TauPLowerBound, o.theta/float64(o.np))
	}
	// A saturation pair: same prefill workers and decode ranks, the second
	// with more concurrency or a freer cap (neither less), and flat Θ.
	for i, a := range fam {
		for _, b := range fam[i+1:] {
			if a.np != b.np || a.d != b.d {
				continue
			}
			lo, hi := a, b
			if lo.c > hi.c || (lo.c == hi.c && lo.bs > hi.bs) {
				lo, hi = hi, lo
			}
			freer := hi.c > lo.c || hi.bs > lo.bs
			if !freer || hi.bs < lo.bs || math.Abs(hi.theta/lo.theta-1) > saturationFlat {
				continue
			}
			tau := math.Max(a.theta, b.theta) / float64(a.np)
			if tau > l.TauP {
				l.TauP, l.SaturationPair = tau, []string{lo.id, hi.id}
			}
			saturated[lo.id], saturated[hi.id] = true, true
		}
	}
	if ttft {
		markSaturated(fam, l, saturated)
	}
	for _, id := range l.SaturationPair {
		if !slices.Contains(l.Saturated, id) {
			l.Saturated = append(l.Saturated, id)
		}
	}
	if l.TauP > 0 {
		l.TauP = math.Max(l.TauP, l.TauPLowerBound)
	}
	// The TTFT law on unsaturated points far from their cap (near it, TTFT
	// may hold an admission queue): T0 + κ·load by least squares; failing
	// that, κ = 0 and T0 the fastest unsaturated TTFT (every measured TTFT
	// bounds the no-load one from above).
	free, unsat := make([]*obs, 0, len(fam)), make([]*obs, 0, len(fam))
	for _, o := range fam {
		if saturated[o.id] {
			continue
		}
		unsat = append(unsat, o)
		if o.bs == 0 || o.bmax() < nearCap*o.bs {
			free = append(free, o)
		}
	}
	if len(unsat) == 0 {
		unsat = fam
	}
	for _, o := range unsat {
		l.LoadMax = math.Max(l.LoadMax, o.theta/float64(o.np))
	}
	if !ttft {
		return
	}
	if l.TauP == 0 {
		// Points near their cap may hold an admission queue in their TTFT.
		l.TauPUpperBound = ttftGrowthBound(free, l.TauPLowerBound)
	}
	if t0, k, ok := fitTTFTLaw(free); ok {
		l.T0, l.Kappa = t0, k
		return
	}
	l.T0 = math.Inf(1)
	for _, o := range unsat {
		l.T0 = math.Min(l.T0, o.ttft)
	}
}

// markSaturated finds the points at the prefill ceiling from TTFT. A
// candidate runs its prefill workers near the shape's highest load without
// its decode cap binding. It is saturated when its TTFT is at least twice
// what the TTFT law of the other unqueued points gives at its load (past the
// ceiling the loop pushes every extra request into the queue), or, when
// those points do not identify a law, at least 3× the shape's fastest TTFT.
func markSaturated(fam []*obs, l *PrefillLaw, saturated map[string]bool) {
	cand := map[string]bool{}
	for _, o := range fam {
		if !o.capBound && !saturated[o.id] && o.theta/float64(o.np) >= saturationLoad*l.TauPLowerBound {
			cand[o.id] = true
		}
	}
	free := make([]*obs, 0, len(fam))
	fastest := math.Inf(1)
	for _, o := range fam {
		fastest = math.Min(fastest, o.ttft)
		if !cand[o.id] && !saturated[o.id] && (o.bs == 0 || o.bmax() < nearCap*o.bs) {
			free = append(free, o)
		}
	}
	t0, k, law := fitTTFTLaw(free)
	for _, o := range fam {
		if !cand[o.id] {
			continue
		}
		load := o.theta / float64(o.np)
		if (law && o.ttft >= saturationQueue*(t0+k*load)) || (!law && o.ttft >= saturationTTFT*fastest) {
			l.TauP = math.Max(l.TauP, load)
			l.Saturated = append(l.Saturated, o.id)
			saturated[o.id] = true
		}
	}
}

// fitTTFTLaw fits TTFT = T0 + κ·(Θ/Np) by least squares when at least two
// loads spread enough, with κ > 0 and T0 ≥ 0 (through the origin when the
// intercept comes out negative); ok is false otherwise.
func fitTTFTLaw(pts []*obs) (t0, kappa float64, ok bool) {
	loads, ttfts := make([]float64, 0, len(pts)), make([]float64, 0, len(pts))
	lo, hi := math.Inf(1), 0.0
	for _, o := range pts {
		x := o.theta / float64(o.np)
		loads, ttfts = append(loads, x), append(ttfts, o.ttft)
		lo, hi = math.Min(lo, x), math.Max(hi, x)
	}
	if len(pts) < 2 || hi-lo < loadSpreadMin*hi {
		return 0, 0, false
	}
	k, a, fit := linreg(loads, ttfts)
	switch {
	case !fit || k <= 0:
		return 0, 0, false
	case a < 0:
		var sxy, sxx float64
		for i := range loads {
			sxy += loads[i] * ttfts[i]
			sxx += loads[i] * loads[i]
		}
		return 0, sxy / sxx, true
	}
	return a, k, true
}

// ttftGrowthBound is the load where 1/TTFT, fitted linearly on the
// unsaturated points, reaches 0: the ceiling of a queue whose whole TTFT
// were waiting. A fixed part of TTFT (transfer, routing) and prefill that
// batches make the true ceiling lower, so it bounds τP from above (on the
// real curves it lies 12 % (SGLang) and 168 % (vLLM) above the measured τP). 0 when the
// points do not spread by loadSpreadMin or 1/TTFT does not fall.
func ttftGrowthBound(pts []*obs, low float64) float64 {
	loads, inv := make([]float64, 0, len(pts)), make([]float64, 0, len(pts))
	lo, hi := math.Inf(1), 0.0
	for _, o := range pts {
		if o.ttft <= 0 {
			continue
		}
		x := o.theta / float64(o.np)
		loads, inv = append(loads, x), append(inv, 1/o.ttft)
		lo, hi = math.Min(lo, x), math.Max(hi, x)
	}
	if len(loads) < 2 || hi-lo < loadSpreadMin*hi {
		return 0
	}
	b, a, ok := linreg(loads, inv)
	if !ok || b >= 0 || a <= 0 {
		return 0
	}
	return math.Max(-a/b, low)
}

// lawOfShape is the prefill law of a worker shape, nil when not calibrated.
func (p *Params) lawOfShape(shape string) *PrefillLaw {
	for i := range p.Prefill {
		if p.Prefill[i].Family == shape {
			return &p.Prefill[i]
		}
	}
	return nil
}

// fitQueueLaw gives a prefill shape the first-principles TTFT law
// (docs/planner.md, "Prefill from first principles"): τP measured, else the
// FLOPs prior held between the highest load measured and the TTFT-growth
// bound; unloaded TTFT and queue wait from the unsaturated points far from
// their cap, net of their queue (a saturated point bounds τP only, it never
// sets the idle TTFT), else from the prior. A prior below a load the curve
// measured is refuted (prefix caching, for one): the fitted law stays.
func fitQueueLaw(fam []*obs, l *PrefillLaw, ph *Physics, u, f float64) {
	prior, _ := ph.prefillPrior(l.GPUs, 1/u, f)
	if prior < l.TauPLowerBound*(1+rangeSlack) {
		return
	}
	tau := l.TauP
	if tau == 0 {
		tau = prior
		if l.TauPUpperBound > 0 {
			tau = math.Min(tau, l.TauPUpperBound)
		}
	}
	l.TauPPrior, l.TauPEff = prior, tau
	wPrior := 1 / u / tau // one request's service time
	sat := map[string]bool{}
	for _, id := range l.Saturated {
		sat[id] = true
	}
	var xs, ys []float64
	for _, o := range fam {
		load := o.theta / float64(o.np)
		if sat[o.id] || o.ttft <= 0 || load >= 0.98*tau || (o.bs > 0 && o.bmax() >= nearCap*o.bs) {
			continue
		}
		xs, ys = append(xs, queueX(load/tau)), append(ys, o.ttft)
	}
	l.Queue, l.Kappa, l.Wait = true, 0, wPrior
	switch {
	case len(xs) == 0:
		l.T0 = ttftFixed + 1/u/tau
		return
	case len(xs) >= 2:
		if w, t0, ok := linreg(xs, ys); ok && w >= 0 && t0 > 0 {
			l.T0, l.Wait = t0, w
			return
		}
	}
	// Every measured TTFT, net of its queue, bounds the idle one from above.
	l.T0 = math.Inf(1)
	for i := range xs {
		l.T0 = math.Min(l.T0, ys[i]-wPrior*xs[i])
	}
	l.T0 = math.Max(l.T0, ttftFixed/2)
}
