package planner

import "math"

// DecodePlateau is a decode shape's capacity bound from a collapse measured
// in the fit (docs/planner.md, "Collapse"): a decode rank cannot hold more
// requests than its KV cache, and past that requests wait and thrash. The
// fit's healthy points bound the capacity from below (HealthyLoad requests
// per decode rank ran on the law), the collapsed point from above
// (CollapseLoad). A prediction putting CollapseLoad or more requests on each
// decode rank of this shape is held to the healthy point's rate per rank.
type DecodePlateau struct {
	DecodeShape string `json:"decode_shape"`
	DPAttn      bool   `json:"dp_attention,omitempty"`
	// The collapsed calibration point (the lowest load per decode rank at
	// which one of this shape collapsed) and its concurrency per rank.
	CollapsePoint string  `json:"collapse_point"`
	CollapseC     int     `json:"collapse_concurrency"`
	CollapseLoad  float64 `json:"collapse_load"`
	// The healthy calibration point of this shape with the most requests
	// per decode rank below CollapseLoad, and its total-token rate per rank.
	HealthyPoint string  `json:"healthy_point"`
	HealthyC     int     `json:"healthy_concurrency"`
	HealthyLoad  float64 `json:"healthy_load"`
	ThetaPerRank float64 `json:"theta_per_rank"`
}

// fitPlateaus derives the plateaus from the fit's own collapses; never from
// points outside the fit (AddMeasured, a backtest's other points), so a fit
// without a measured collapse has none.
func fitPlateaus(obsv []obs, cs []Collapse) []DecodePlateau {
	if len(cs) == 0 {
		return nil
	}
	var out []DecodePlateau
	for _, cl := range cs {
		var at *obs
		for i := range obsv {
			if obsv[i].id == cl.AtPoint {
				at = &obsv[i]
				break
			}
		}
		if at == nil || at.d <= 0 {
			continue
		}
		load := at.c / float64(at.d)
		k := -1
		for i := range out {
			if out[i].DecodeShape == at.decShape && out[i].DPAttn == at.dpAttn {
				k = i
			}
		}
		if k >= 0 && out[k].CollapseLoad <= load {
			continue
		}
		pl := DecodePlateau{DecodeShape: at.decShape, DPAttn: at.dpAttn, CollapsePoint: at.id, CollapseC: int(at.c), CollapseLoad: load}
		if k >= 0 {
			out[k] = pl
		} else {
			out = append(out, pl)
		}
	}
	for i := range out {
		pl := &out[i]
		best := -1
		for j := range obsv {
			o := &obsv[j]
			if o.collapsed || o.decShape != pl.DecodeShape || o.dpAttn != pl.DPAttn || o.d <= 0 {
				continue
			}
			load := o.c / float64(o.d)
			if load >= pl.CollapseLoad {
				continue
			}
			if best < 0 || load > pl.HealthyLoad || (load == pl.HealthyLoad && o.theta/float64(o.d) > pl.ThetaPerRank) {
				best = j
				pl.HealthyPoint, pl.HealthyC, pl.HealthyLoad, pl.ThetaPerRank = o.id, int(o.c), load, o.theta/float64(o.d)
			}
		}
		if best < 0 {
			pl.ThetaPerRank = 0 // no healthy point below it: no bound
		}
	}
	kept := out[:0]
	for _, pl := range out {
		if pl.ThetaPerRank > 0 {
			kept = append(kept, pl)
		}
	}
	return kept
}

// plateauFor is the plateau of a decode shape that a load of cPerRank
// requests per decode rank is at or past; nil when none.
func (p *Params) plateauFor(decShape string, dpAttn bool, cPerRank float64) *DecodePlateau {
	for i := range p.Plateaus {
		pl := &p.Plateaus[i]
		if pl.DecodeShape == decShape && pl.DPAttn == dpAttn && cPerRank >= pl.CollapseLoad*(1-1e-12) {
			return pl
		}
	}
	return nil
}

// littleTPOT is the time per output token Little's law gives at rate theta
// when every request not outside decode is in decode: D·b̄ = C − Θ·o(Θ) =
// Θ·f·TPOT. It is never below the step law's at the same rate.
func (l *laws) littleTPOT(theta, np, c, floor float64) float64 {
	inDecode := c - theta*l.outside(theta, np)
	return math.Max(inDecode/(theta*l.f), floor)
}
