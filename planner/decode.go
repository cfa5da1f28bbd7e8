package planner

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/sweeptune/sweeptune/model"
)

// batchSpreadMin is how far apart (relative) a family's calibration batches
// must lie for its slope β to be identified.
const batchSpreadMin = 0.05

// setBatches computes each point's mean batch b̄ = Θ·f·TPOT/D and whether
// it sits at its cap.
func setBatches(obsv []obs, f float64) {
	for i := range obsv {
		o := &obsv[i]
		o.bbar = o.theta * f * o.tpot / float64(o.d)
		o.capBound = o.bs > 0 && o.bbar+o.delta >= o.bs*(1-capBoundTol)
	}
}

// fitDecodeLaws fits TPOT = α + β·b_max per decode family (first point's
// family first). A family seen at one batch borrows β/α from an identified
// family of the same attention kind when there is one; it is an error when
// no family is identified.
func fitDecodeLaws(obsv []obs, p *Params) ([]string, error) {
	var notes []string
	p.Decode = p.Decode[:0]
	index := map[string]int{}
	// Points past a measured collapse (preemption, cache-locality loss) do
	// not describe the step law, unless a family has no other.
	healthy := map[string]bool{}
	for _, o := range obsv {
		healthy[o.family] = healthy[o.family] || !o.collapsed
	}
	use := func(o *obs) bool { return !o.collapsed || !healthy[o.family] }
	for _, o := range obsv {
		i, ok := index[o.family]
		if !ok {
			i = len(p.Decode)
			index[o.family] = i
			p.Decode = append(p.Decode, DecodeLaw{Family: o.family, DPAttn: o.dpAttn,
				BMin: math.Inf(1), CMin: math.Inf(1), GPUs: o.decGPUs})
			if l := &p.Decode[i]; !o.dpAttn && p.Physics != nil && p.Physics.q() > 0 {
				l.Experts, l.TopK = p.Physics.Experts, p.Physics.TopK
			}
		}
		if !use(&o) {
			continue
		}
		l := &p.Decode[i]
		l.Points = append(l.Points, o.id)
		if !slices.Contains(l.Shapes, o.decShape) {
			l.Shapes = append(l.Shapes, o.decShape)
		}
		b, cr := o.bmax(), o.c/float64(o.d)
		l.BMin, l.BMax = math.Min(l.BMin, b), math.Max(l.BMax, b)
		l.CMin, l.CMax = math.Min(l.CMin, cr), math.Max(l.CMax, cr)
	}
	identified := make([]bool, len(p.Decode))
	for i := range p.Decode {
		l := &p.Decode[i]
		var xs, ys []float64
		q := l.q()
		for _, o := range obsv {
			if o.family == l.Family && use(&o) {
				xs, ys = append(xs, activation(o.bmax(), q)), append(ys, o.tpot)
			}
		}
		if l.BMax-l.BMin < batchSpreadMin*l.BMax {
			continue
		}
		if p.Physics != nil && !l.DPAttn {
			// The first-principles shape, scaled by the family's points.
			_, bp, gp, _ := p.Physics.stepPrior(false, l.GPUs, 0, decodeCtx(p.U, p.F))
			xs = xs[:0]
			for _, o := range obsv {
				if o.family == l.Family && use(&o) {
					xs = append(xs, bp*activation(o.bmax(), q)+gp*o.bmax())
				}
			}
			if s, a, ok := linreg(xs, ys); ok && s > 0 && a > 0 {
				l.Alpha, l.Beta, l.Gamma, identified[i] = a, s*bp, s*gp, true
				continue
			}
			xs = xs[:0]
			for _, o := range obsv {
				if o.family == l.Family && use(&o) {
					xs = append(xs, activation(o.bmax(), q))
				}
			}
		}
		beta, alpha, ok := linreg(xs, ys)
		if !ok || beta <= 0 {
			return nil, fmt.Errorf("cannot calibrate: the %s decode step does not grow with the busiest rank's batch across %s; add points with different batch sizes",
				familyName(l), strings.Join(l.Points, ", "))
		}
		if alpha <= 0 {
			// A step cannot take no time at no load: these points do not
			// identify the law; the family is treated as seen at one batch.
			notes = append(notes, fmt.Sprintf("%s decode: the least-squares step has no positive intercept (α = %.3g ms) across %s, so its slope is not taken from them",
				familyName(l), alpha*1e3, strings.Join(l.Points, ", ")))
			continue
		}
		l.Alpha, l.Beta, identified[i] = alpha, beta, true
	}
	for i := range p.Decode {
		if identified[i] {
			continue
		}
		l := &p.Decode[i]
		if ph := p.Physics; ph != nil {
			_, bp, gp, _ := ph.stepPrior(l.DPAttn, l.GPUs, l.GPUs, decodeCtx(p.U, p.F))
			if priorSlope(obsv, l, bp, gp, use) {
				notes = append(notes, fmt.Sprintf("%s decode calibrated at one batch (%s): its slope is the first-principles prior (%s weights, KV and compute at %.1f TB/s and %.2f PFLOP/s per GPU), not a fit",
					familyName(l), strings.Join(l.Points, ", "), ph.Model, ph.Bandwidth/1e12, ph.FLOPs/1e15))
				continue
			}
		}
		ref := -1
		for j := range p.Decode {
			if identified[j] && (ref < 0 || (p.Decode[j].DPAttn == l.DPAttn && p.Decode[ref].DPAttn != l.DPAttn)) {
				ref = j
			}
		}
		if ref < 0 {
			return nil, errors.New("cannot calibrate: no decode shape has calibration points at two batch sizes, so no step law TPOT = α + β·b is identified; add a point of one shape at another concurrency or cap")
		}
		if l.DPAttn && !p.Decode[ref].DPAttn {
			// A DP-attention rank touches its whole expert group at any
			// batch: the expert reads that make a TP/TEP step steep are in
			// its α. A TP/TEP slope would be an order of magnitude too
			// steep (TRT-LLM: 0.50 vs 0.093 ms per request), so it is
			// assumed flat.
			flatSlope(obsv, l, use)
			notes = append(notes, fmt.Sprintf("%s decode calibrated at one batch (%s) and no other DP-attention family: its slope is assumed flat (β = 0; a TP/TEP slope is not borrowed) and predictions at other batches are extrapolated",
				familyName(l), strings.Join(l.Points, ", ")))
			continue
		}
		borrowSlope(obsv, l, &p.Decode[ref], use)
		notes = append(notes, fmt.Sprintf("%s decode calibrated at one batch (%s): its slope is borrowed from %s (same β/α) and predictions at other batches are extrapolated",
			familyName(l), strings.Join(l.Points, ", "), familyName(&p.Decode[ref])))
	}
	fitAdmitExcess(obsv, p)
	t := &p.Decode[0]
	p.Alpha, p.Beta, p.BMin, p.BMax = t.Alpha, t.Beta, t.BMin, t.BMax
	return notes, nil
}

// flatSlope gives l β = 0 through its mean point, flagged assumed.
func flatSlope(obsv []obs, l *DecodeLaw, use func(*obs) bool) {
	var sy float64
	n := 0
	for _, o := range obsv {
		if o.family == l.Family && use(&o) {
			sy += o.tpot
			n++
		}
	}
	l.Alpha, l.Beta = sy/float64(n), 0
	l.SlopeAssumed, l.SlopeFrom = true, "flat"
}

// borrowSlope gives l the reference's relative slope β/α (its β when the
// reference's intercept is not positive), through l's mean point.
func borrowSlope(obsv []obs, l, ref *DecodeLaw, use func(*obs) bool) {
	var sx, sy float64
	n := 0
	for _, o := range obsv {
		if o.family == l.Family && use(&o) {
			sx += activation(o.bmax(), l.q())
			sy += o.tpot
			n++
		}
	}
	x, y := sx/float64(n), sy/float64(n)
	if ref.Alpha > 0 {
		r := ref.Beta / ref.Alpha
		l.Alpha = y / (1 + r*x)
		l.Beta = r * l.Alpha
	} else {
		l.Beta = ref.Beta
		l.Alpha = y - l.Beta*x
	}
	l.SlopeAssumed, l.SlopeFrom = true, ref.Family
}

// priorSlope gives l the prior β through its mean point.
// It reports false, leaving l alone, when that leaves no positive α (the
// prior is steeper than the family's own step).
func priorSlope(obsv []obs, l *DecodeLaw, beta, gamma float64, use func(*obs) bool) bool {
	var sy float64
	n := 0
	for _, o := range obsv {
		if o.family == l.Family && use(&o) {
			sy += o.tpot - beta*activation(o.bmax(), l.q()) - gamma*o.bmax()
			n++
		}
	}
	if alpha := sy / float64(n); alpha > 0 {
		l.Alpha, l.Beta, l.Gamma, l.SlopePrior = alpha, beta, gamma, true
		return true
	}
	return false
}

// familyName is a family as a user reads it.
func familyName(l *DecodeLaw) string {
	if l.DPAttn {
		return "DP-attention (" + strings.Join(l.Shapes, ", ") + ")"
	}
	return l.Family
}

// setDeltas gives DP-attention points their method's δ; TP/TEP decode has no
// busiest-rank excess.
func setDeltas(obsv []obs, p *Params) {
	for i := range obsv {
		if obsv[i].dpAttn {
			obsv[i].delta = p.Delta(obsv[i].balance)
		} else {
			obsv[i].delta = 0
		}
	}
}

// fitDeltas fits δ per balancing method when at least two DP-attention
// points of each method exist and one degree of freedom is left. Only the
// difference of the two δ is identified (α absorbs a common shift), so
// total_requests keeps DefaultDelta and total_tokens moves by γ/β from
// TPOT = α + β(b̄+δ) + γ·[tt].
func fitDeltas(obsv []obs, p *Params) bool {
	nt, nr, n := 0, 0, 0
	for _, o := range obsv {
		if !o.dpAttn {
			continue
		}
		n++
		switch o.balance {
		case model.BalanceTotalTokens:
			nt++
		case model.BalanceTotalRequests:
			nr++
		}
	}
	if nt < 2 || nr < 2 || n < 5 {
		return false
	}
	l := p.lawOfFamily("dep")
	var rt, rr float64
	for _, o := range obsv {
		if !o.dpAttn {
			continue
		}
		r := o.tpot - (l.Alpha + l.Beta*(o.bbar+o.delta))
		switch o.balance {
		case model.BalanceTotalTokens:
			rt += r / float64(nt)
		case model.BalanceTotalRequests:
			rr += r / float64(nr)
		}
	}
	shift := (rt - rr) / l.Beta
	p.DeltaRequests = DefaultDelta
	p.DeltaTokens = math.Min(math.Max(DefaultDelta+shift, 0), 9.25)
	p.DeltaFitted = true
	setDeltas(obsv, p)
	return true
}

// lawOfFamily is the family's law, nil when it was not calibrated.
func (p *Params) lawOfFamily(family string) *DecodeLaw {
	for i := range p.Decode {
		if p.Decode[i].Family == family {
			return &p.Decode[i]
		}
	}
	return nil
}

// fitAdmitExcess sets each TP/TEP family's admission excess from its points
// whose concurrency fills every slot, and marks them cap-bound.
func fitAdmitExcess(obsv []obs, p *Params) {
	for i := range p.Decode {
		l := &p.Decode[i]
		if l.DPAttn {
			continue
		}
		sum, n := 0.0, 0
		for j := range obsv {
			o := &obsv[j]
			if o.family != l.Family || o.bs <= 0 || o.c < o.bs*float64(o.d) {
				continue
			}
			sum += math.Max(o.bs-o.bbar, 0)
			n++
			o.capBound = true
		}
		if n > 0 {
			l.AdmitExcess = math.Min(sum/float64(n), 0.99*l.BMin)
		}
	}
}
