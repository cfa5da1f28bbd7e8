package planner

// TrustClass is what a prediction stands on (docs/planner.md, "Trust
// bands"): the error a class showed in nested leave-one-out is the band a
// prediction of that class carries.
type TrustClass string

const (
	// ClassInterpolated: calibrated shapes, inside their batch, concurrency
	// and prefill-load ranges.
	ClassInterpolated TrustClass = "interpolated"
	// ClassExtrapolated: calibrated shapes, outside a calibrated range in
	// batch, concurrency or prefill load only.
	ClassExtrapolated TrustClass = "extrapolated"
	// ClassPrior: a shape or slope from the first-principles prior (or
	// assumed): no point of the curve measured it.
	ClassPrior TrustClass = "prior"
	// ClassCollapse: at or past a measured collapse: the model's throughput
	// is an upper bound only.
	ClassCollapse TrustClass = "collapse"
)

// TrustBand is how far a class's predictions have been off: half-widths
// in percent that held the stated share of held-out points. Tested 0 means
// unknown: no width is stated.
type TrustBand struct {
	Class      TrustClass `json:"class"`
	TputPct    float64    `json:"tput_pct,omitempty"`
	IntvtyPct  float64    `json:"intvty_pct,omitempty"`
	Tested     int        `json:"tested"`
	Coverage   float64    `json:"coverage,omitempty"` // nested leave-one-out share inside both widths
	UpperBound bool       `json:"upper_bound,omitempty"`
}

// trustQuantile is the share of a class's held-out errors its band holds:
// nested leave-one-out covers 50–75 % of points with it (TestTrustBands).
const trustQuantile = 2.0 / 3

// trustBands are the widths nested leave-one-out gave on the published
// curves of docs/planner.md ("Trust bands"); TestTrustBands recomputes them
// and fails when they move.
var trustBands = map[TrustClass]TrustBand{
	ClassInterpolated: {Class: ClassInterpolated, TputPct: 4.0, IntvtyPct: 3.2, Tested: 15, Coverage: 0.60},
	ClassExtrapolated: {Class: ClassExtrapolated, TputPct: 4.5, IntvtyPct: 10.2, Tested: 13, Coverage: 0.62},
	ClassPrior:        {Class: ClassPrior, TputPct: 7.0, IntvtyPct: 10.5, Tested: 5, Coverage: 0.60},
	ClassCollapse:     {Class: ClassCollapse, UpperBound: true, Tested: 2},
}

// Band is the trust band of the prediction's class.
func (p *Prediction) Band() TrustBand {
	if b, ok := trustBands[p.Class]; ok {
		return b
	}
	return TrustBand{Class: p.Class}
}

// Plain says a prediction may stand as a plain row of a design or
// selection: its class has a tested band and is not an upper bound.
func (p *Prediction) Plain() bool {
	b := p.Band()
	return b.Tested > 0 && !b.UpperBound && p.Class != ClassPrior
}

// classify sets the class from what warn found.
func (p *Prediction) classify(prior, collapse bool) {
	switch {
	case collapse || p.Regime == RegimeCollapse:
		p.Class = ClassCollapse
	case prior:
		p.Class = ClassPrior
	case p.Extrapolated:
		p.Class = ClassExtrapolated
	default:
		p.Class = ClassInterpolated
	}
}
