package planner

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/sweeptune/sweeptune/model"
)

// warn adds the prediction's warnings. The frequent ones are built with
// strconv appends, not fmt, to keep a prediction within its 2 µs budget.
func (c *Calibration) warn(pr *Prediction, cfg Config, op point, l *laws, np, d float64, collapses []Collapse) {
	w := &pr.Warnings
	extrapolated := false
	if pr.CapBinds {
		free := l.operate(np, d, math.Inf(1), float64(cfg.Concurrency))
		rmean := c.Params.RMean
		if rmean == 0 {
			rmean = 1
		}
		pr.FreeCapTputPerGPU = free.theta / float64(pr.GPUs)
		pr.FreeCapMeanIntvty = rmean / l.tpot(free.bmax)
		b := make([]byte, 0, 288)
		b = append(b, "decode cap binds: BS "...)
		b = strconv.AppendInt(b, int64(cfg.DecodeBS), 10)
		b = append(b, " holds the busiest rank, "...)
		b = appendCount(b, pr.Queue, " request waits", " requests wait")
		if math.IsInf(l.tauP, 1) {
			// Past the highest prefill load measured nothing says prefill
			// keeps up: the gain is an upper bound.
			b = append(b, " for admission; a free cap would give at most "...)
		} else {
			b = append(b, " for admission; a free cap would give "...)
		}
		b = appendThousands(b, pr.FreeCapTputPerGPU)
		b = append(b, " tok/s/GPU at "...)
		b = strconv.AppendFloat(b, pr.FreeCapMeanIntvty, 'f', 1, 64)
		b = append(b, " tok/s/user"...)
		if math.IsInf(l.tauP, 1) {
			b = append(b, " (τP unknown: prefill may saturate first and the gain be none)"...)
		}
		*w = append(*w, string(b))
	}
	if cfg.DecodeBS == 0 {
		*w = append(*w, "decode BS unknown: the cap is treated as free")
	}
	if pr.Regime == RegimePrefill {
		b := make([]byte, 0, 120)
		b = append(b, "prefill ceiling reached: "...)
		b = appendCount(b, pr.Queue, " request queues", " requests queue")
		b = append(b, " in front of prefill; concurrency past "...)
		b = appendThousands(b, pr.KneeConcurrency)
		*w = append(*w, string(append(b, " only adds queueing"...)))
	}
	if pr.Headroom > headroomWarn {
		b := append(make([]byte, 0, 120), "decode near its asymptote (saturation): "...)
		b = strconv.AppendFloat(b, pr.Headroom*100, 'f', 0, 64)
		*w = append(*w, string(append(b, " % of D/(fβ); more concurrency adds batch and latency, not throughput"...)))
	}
	if op.regime == RegimeLoop && op.theta >= queueingRho*op.tp {
		b := append(make([]byte, 0, 140), "prefill near saturation: "...)
		b = strconv.AppendFloat(b, 100*op.theta/op.tp, 'f', 0, 64)
		b = append(b, " % of τP; TTFT grows and requests queue past the knee at c"...)
		*w = append(*w, string(appendThousands(b, pr.KneeConcurrency)))
	}
	if l.dpAttn && cfg.Balance == model.BalanceTotalTokens {
		*w = append(*w, "total_tokens balancing on an MoE decode step: per-rank running counts spread 11–26 (2–7 with total_requests) and the busiest rank paces every step")
	}
	prior := c.warnShapes(w, cfg, op, l)
	extrapolated = prior || extrapolated
	// A shape from the prior has no calibrated range of its own: the
	// stand-in family's would say nothing of it.
	if !l.prior && rangeOut(op.bmax, l.dec.BMin, l.dec.BMax) {
		b := append(make([]byte, 0, 160), "extrapolation: busiest-rank batch "...)
		b = strconv.AppendFloat(b, op.bmax, 'f', 1, 64)
		b = append(b, " is outside the calibrated range "...)
		b = strconv.AppendFloat(b, l.dec.BMin, 'f', 1, 64)
		b = append(b, "–"...)
		b = strconv.AppendFloat(b, l.dec.BMax, 'f', 1, 64)
		if len(c.Params.Decode) > 1 {
			b = append(b, " of "...)
			b = append(b, familyName(l.dec)...)
			b = append(b, " decode"...)
		}
		if op.bmax > l.dec.BMax {
			b = append(b, "; decode saturation past it (KV-cache capacity, preemption) is not calibrated"...)
		}
		*w = append(*w, string(b))
		extrapolated = true
	}
	if cr := float64(cfg.Concurrency) / d; !l.prior && rangeOut(cr, l.dec.CMin, l.dec.CMax) {
		b := append(make([]byte, 0, 140), "extrapolation: concurrency per decode rank "...)
		b = strconv.AppendFloat(b, cr, 'f', 1, 64)
		b = append(b, " is outside the calibrated range "...)
		b = strconv.AppendFloat(b, l.dec.CMin, 'f', 1, 64)
		b = append(b, "–"...)
		b = strconv.AppendFloat(b, l.dec.CMax, 'f', 1, 64)
		*w = append(*w, string(b))
		extrapolated = true
	}
	if math.IsInf(l.tauP, 1) {
		*w = append(*w, c.tauPUnknown(l.tauPLow))
		if r := pr.TputRange; r != nil {
			b := append(make([]byte, 0, 220), "prefill saturation not ruled out (τP unknown): throughput between "...)
			b = appendThousands(b, r[0])
			b = append(b, " (prefill saturating at the highest load measured, "...)
			b = appendThousands(b, l.tauPLow)
			b = append(b, " tok/s per worker) and "...)
			b = appendThousands(b, r[1])
			if math.IsInf(l.tauPUp, 1) {
				b = append(b, " tok/s/GPU (prefill keeping up); the middle is shown"...)
			} else {
				b = append(b, " tok/s/GPU (prefill saturating at "...)
				b = appendThousands(b, l.tauPUp)
				b = append(b, " per worker, where its TTFT growth would queue without end); the middle is shown"...)
			}
			*w = append(*w, string(b))
			extrapolated = true
		} else if l.loadMax > 0 && pr.PrefillLoad > l.loadMax*prefillLoadWarn {
			b := append(make([]byte, 0, 180), "extrapolation: prefill load "...)
			b = appendThousands(b, pr.PrefillLoad)
			b = append(b, " tok/s per worker is above the highest calibrated "...)
			b = appendThousands(b, l.loadMax)
			*w = append(*w, string(append(b, " and τP is unknown: prefill saturation (queueing) is not ruled out"...)))
			extrapolated = true
		}
	}
	if cl := collapseFor(collapses, cfg, l.preShape, l.decShape); cl != nil {
		where := "past the measured knee"
		if cfg.Concurrency >= cl.AtC {
			where, pr.Regime = "at or past the collapse", RegimeCollapse
		}
		*w = append(*w, fmt.Sprintf("collapse: measured throughput of this configuration falls past c%d (%s tok/s/GPU) to %s at c%d (%+.0f %%); this point is %s and the model does not describe collapse: its throughput is an upper bound",
			cl.PeakC, thousands(cl.PeakTput), thousands(cl.AtTput), cl.AtC, pct(cl.AtTput, cl.PeakTput), where))
		extrapolated = true
	}
	if pl := l.plateau; pl != nil {
		*w = append(*w, plateauWarning(pr, cfg, l, d))
		extrapolated = true
	}
	if l.queue && l.pre.TauP == 0 && l.loadMax > 0 && pr.PrefillLoad > l.loadMax*prefillLoadWarn {
		b := append(make([]byte, 0, 200), "extrapolation: prefill load "...)
		b = appendThousands(b, pr.PrefillLoad)
		b = append(b, " tok/s per worker is above the highest calibrated "...)
		b = appendThousands(b, l.loadMax)
		b = append(b, "; its saturation (queueing) follows the first-principles τP of "...)
		b = appendThousands(b, l.tauP)
		*w = append(*w, string(append(b, ", not a measured one"...)))
		extrapolated = true
	}
	pr.Extrapolated = extrapolated
	pr.classify(prior, pr.Regime == RegimeCollapse)
	*w = append(*w, c.staticWarnings()...)
}

// warnShapes says when cfg's decode or prefill shape was not calibrated, or
// its decode slope was assumed; it reports whether that is extrapolation.
func (c *Calibration) warnShapes(w *[]string, cfg Config, op point, l *laws) bool {
	ex := false
	if l.decFallback && l.prior {
		ph := c.Params.Physics
		*w = append(*w, fmt.Sprintf("extrapolation (shape from the prior): decode shape %s has no calibration point; its step is the first-principles prior (%.1f ms fixed, then %s weights and KV read at %.1f TB/s per GPU), not a fit",
			l.decShape, stepLatency*1e3, ph.Model, ph.Bandwidth/1e12))
		ex = true
	} else if l.decFallback {
		*w = append(*w, fmt.Sprintf("extrapolation (shape assumed): decode shape %s has no calibration point; the %s law stands in for it", l.decShape, familyName(l.dec)))
		ex = true
	} else if l.shapeNew {
		*w = append(*w, fmt.Sprintf("decode shape %s has no calibration point: the DP-attention per-rank law of %s is used", l.decShape, strings.Join(l.dec.Shapes, ", ")))
	}
	if l.dec.SlopeAssumed && !l.decFallback && math.Abs(op.bmax-l.dec.BMax) > rangeSlack*l.dec.BMax {
		*w = append(*w, fmt.Sprintf("extrapolation (slope assumed): %s decode was calibrated at one batch (%.1f); its slope is assumed from %s", familyName(l.dec), l.dec.BMax, l.dec.SlopeFrom))
		ex = true
	}
	if l.dec.SlopePrior && !l.decFallback && math.Abs(op.bmax-l.dec.BMax) > rangeSlack*l.dec.BMax {
		*w = append(*w, fmt.Sprintf("extrapolation (slope from the prior): %s decode was calibrated at one batch (%.1f); its slope is the first-principles prior, not a fit",
			familyName(l.dec), l.dec.BMax))
		ex = true
	}
	if l.preFallback {
		if l.queue {
			*w = append(*w, fmt.Sprintf("extrapolation (shape from the prior): prefill shape %s has no calibration point; its τP is the %s prefill law's scaled by GPUs per worker, its idle TTFT and queue the first-principles prior", l.preShape, l.pre.Family))
		} else {
			*w = append(*w, fmt.Sprintf("extrapolation (shape assumed): prefill shape %s has no calibration point; the %s prefill law stands in, scaled by GPUs per worker", l.preShape, l.pre.Family))
		}
		ex = true
	}
	return ex
}

// tauPUnknown is the τP warning for a lower bound, built once per bound.
func (c *Calibration) tauPUnknown(low float64) string {
	if c.tauWarn.s != "" && c.tauWarn.low == low {
		return c.tauWarn.s
	}
	b := append(make([]byte, 0, 160), "τP unknown (at least "...)
	b = appendThousands(b, low)
	b = append(b, " tok/s per prefill worker): run a saturation sweep (fixed prefill workers, rising concurrency, free cap)"...)
	c.tauWarn.low, c.tauWarn.s = low, string(b)
	return c.tauWarn.s
}

// rangeOut is v outside [lo, hi] by more than rangeSlack.
func rangeOut(v, lo, hi float64) bool {
	return hi > 0 && (v < lo*(1-rangeSlack) || v > hi*(1+rangeSlack))
}

// staticWarnings depend on the calibration only; they are built once and
// rebuilt when a caller changes the short runs.
func (c *Calibration) staticWarnings() []string {
	key := staticKey{len(c.ShortRuns), c.Params.R90Assumed}
	if c.static != nil && c.staticFor == key {
		return c.static
	}
	s := []string{}
	for _, id := range c.ShortRuns {
		s = append(s, fmt.Sprintf("calibration point %s is from a short run (under 3600 s): not steady state", id))
	}
	if c.Params.R90Assumed {
		s = append(s, "mean interactivity assumed equal to p90: the calibration published p90 only (r90 = 1 assumed)")
	}
	c.static, c.staticFor = s, key
	return s
}

type staticKey struct {
	shortRuns  int
	r90Assumed bool
}

// thousands formats a rate with thousands separators: 1,033,494.
func thousands(v float64) string { return model.Thousands(v, 0) }

func appendThousands(b []byte, v float64) []byte { return model.AppendThousands(b, v, 0) }

// appendCount writes v as a whole number and then one or many, as the
// number shown agrees: "1 request waits", "5 requests wait".
func appendCount(b []byte, v float64, one, many string) []byte {
	b = appendThousands(b, v)
	if math.Round(math.Abs(v)) == 1 {
		return append(b, one...)
	}
	return append(b, many...)
}

// plateauWarning names the collapse measured in the fit that bounds the
// prediction, and what the bound gives.
func plateauWarning(pr *Prediction, cfg Config, l *laws, d float64) string {
	pl := l.plateau
	per := "decode worker"
	if pl.DPAttn {
		per = "decode rank"
	}
	b := append(make([]byte, 0, 480), "collapse measured in the fit: "...)
	b = append(b, pl.CollapsePoint...)
	b = append(b, " collapsed at "...)
	b = strconv.AppendFloat(b, pl.CollapseLoad, 'f', 0, 64)
	b = append(b, " requests per "...)
	b = append(b, per...)
	b = append(b, " ("...)
	b = append(b, pl.DecodeShape...)
	b = append(b, "); this point puts "...)
	b = strconv.AppendFloat(b, float64(cfg.Concurrency)/d, 'f', 0, 64)
	b = append(b, " on each, at or past that load: "...)
	// the plateau's rate: "<θ> tok/s per decode rank of <healthy point>"
	rate := func(b []byte) []byte {
		b = appendThousands(b, pl.ThetaPerRank)
		b = append(append(append(b, " tok/s per "...), per...), " of "...)
		return append(b, pl.HealthyPoint...)
	}
	if !l.plateauBinds {
		b = rate(append(b, "the model's rate is already below the "...))
		return string(append(b, "; its throughput is an upper bound"...))
	}
	b = rate(append(b, "its decode rate is held to the "...))
	b = append(b, " ("...)
	b = strconv.AppendFloat(b, pl.HealthyLoad, 'f', 0, 64)
	b = append(b, " per "...)
	b = append(b, per...)
	b = append(b, ", the highest healthy load measured), so throughput is at most "...)
	b = appendThousands(b, pr.TputPerGPU)
	b = append(b, " tok/s/GPU (requests past the capacity wait and thrash: an upper bound)"...)
	if r := pr.IntvtyRange; r != nil {
		b = append(b, "; interactivity between "...)
		b = strconv.AppendFloat(b, r[0], 'f', 1, 64)
		b = append(b, " (every waiting request in decode) and "...)
		b = strconv.AppendFloat(b, r[1], 'f', 1, 64)
		b = append(b, " tok/s/user (waiting in front of decode), the middle shown"...)
	}
	return string(b)
}
