package planner

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/sweeptune/sweeptune/model"
)

// Residual is one calibration point's model error in percent (predicted /
// measured − 1). P90IntvtyPct is nil when the point has no p90.
type Residual struct {
	ID            string   `json:"id"`
	TputPct       float64  `json:"tput_pct"`
	MeanIntvtyPct float64  `json:"mean_intvty_pct"`
	P90IntvtyPct  *float64 `json:"p90_intvty_pct"`
	CapBound      bool     `json:"cap_bound"` // the f clamp put this point at its cap
}

// Calibration is a fitted model and how well it fits its own points.
type Calibration struct {
	Params    Params     `json:"params"`
	Points    []string   `json:"points"`
	Residuals []Residual `json:"residuals"`
	ShortRuns []string   `json:"short_runs,omitempty"` // calibration points from runs < 3600 s
	Notes     []string   `json:"notes,omitempty"`      // choices the fit made (defaults used)

	// Template is the first point's knobs: the topology Design varies.
	Template model.Knobs `json:"-"`

	static    []string // warnings every prediction carries
	staticFor staticKey
}

// obs is one calibration point in the model's units.
type obs struct {
	id       string
	np, d    int
	g, bs, c float64
	balance  string
	theta    float64 // total tok/s
	tpot     float64 // s per output token
	p90Ratio float64 // p90 / mean interactivity; 0 when unknown
	delta    float64
	bbar     float64
	capBound bool
}

// capBoundTol says when a point sits at its cap after the f clamp.
const capBoundTol = 1e-9

// saturationFlat is how flat Θ must stay (relative) across a saturation pair.
const saturationFlat = 0.03

// Calibrate fits the model on measured disaggregated points of one curve,
// following PLANNER.md's calibration steps literally.
func Calibrate(points []model.Point) (*Calibration, error) {
	obsv, err := observe(points)
	if err != nil {
		return nil, err
	}
	cal := &Calibration{Template: points[0].Knobs}
	for i := range points {
		cal.Points = append(cal.Points, points[i].ID)
		if points[i].Prov.ShortRun() {
			cal.ShortRuns = append(cal.ShortRuns, points[i].ID)
		}
	}
	p := &cal.Params
	p.DeltaTokens, p.DeltaRequests = DefaultDelta, DefaultDelta
	for i := range obsv {
		obsv[i].delta = p.Delta(obsv[i].balance)
	}
	if err := fitCore(obsv, p); err != nil {
		return nil, err
	}
	if fitDeltas(obsv, p) {
		if err := fitCore(obsv, p); err != nil {
			return nil, err
		}
	} else {
		cal.Notes = append(cal.Notes, fmt.Sprintf("δ = %.2f for both balancing methods (default: too few points of each method to fit it)", DefaultDelta))
	}
	fitTauP(obsv, p)
	if p.TauP == 0 {
		cal.Notes = append(cal.Notes, "τP unknown: no saturation pair (same prefill workers, more concurrency or a freer cap, flat throughput)")
	}
	p.R90 = 0
	n90 := 0
	for _, o := range obsv {
		if o.p90Ratio > 0 {
			p.R90 += o.p90Ratio
			n90++
		}
	}
	if n90 > 0 {
		p.R90 /= float64(n90)
	} else {
		cal.Notes = append(cal.Notes, "r90 unknown: no calibration point has p90 interactivity")
	}
	p.BMin, p.BMax = math.Inf(1), 0
	for _, o := range obsv {
		b := math.Min(o.bbar+o.delta, o.bs)
		p.BMin, p.BMax = math.Min(p.BMin, b), math.Max(p.BMax, b)
	}
	cal.residuals(points, obsv)
	return cal, nil
}

// observe converts and checks the points, naming everything that is missing.
func observe(points []model.Point) ([]obs, error) {
	var problems []string
	var out []obs
	shapes := map[string]bool{}
	for i := range points {
		pt := &points[i]
		k := pt.Knobs
		if k.Mode == model.ModeAgg {
			return nil, fmt.Errorf("%s: %w", pt.ID, ErrOutOfScope)
		}
		var miss []string
		y, okY := pt.Metrics.Get(model.TputPerGPU)
		mi, okM := pt.Metrics.Get(model.MeanIntvty)
		if !okY || y <= 0 {
			miss = append(miss, "throughput per GPU")
		}
		if !okM || mi <= 0 {
			miss = append(miss, "mean interactivity")
		}
		if k.DecodeBS <= 0 {
			miss = append(miss, "decode CUDA-graph max BS")
		}
		if k.Concurrency <= 0 {
			miss = append(miss, "concurrency")
		}
		if k.Prefill.Workers <= 0 {
			miss = append(miss, "prefill workers")
		}
		if k.DecodeRanks() <= 0 {
			miss = append(miss, "decode ranks")
		}
		if pt.GPUs() <= 0 {
			miss = append(miss, "GPU count")
		}
		if len(miss) > 0 {
			problems = append(problems, fmt.Sprintf("%s: no %s", pt.ID, strings.Join(miss, ", no ")))
			continue
		}
		o := obs{id: pt.ID, np: k.Prefill.Workers, d: k.DecodeRanks(), g: float64(pt.GPUs()),
			bs: float64(k.DecodeBS), c: float64(k.Concurrency), balance: k.Balance,
			theta: y * float64(pt.GPUs()), tpot: 1 / mi}
		if p90, ok := pt.Metrics.Get(model.P90Intvty); ok && p90 > 0 {
			o.p90Ratio = p90 / mi
		}
		shapes[k.Shape()] = true
		out = append(out, o)
	}
	if len(problems) > 0 {
		return nil, fmt.Errorf("cannot calibrate: %s", strings.Join(problems, "; "))
	}
	if len(out) < 3 {
		return nil, fmt.Errorf("cannot calibrate: need at least three disaggregated points with throughput, mean interactivity, decode BS and concurrency, have %d", len(out))
	}
	if len(shapes) < 2 {
		return nil, errors.New("cannot calibrate: every point has the same shape; need at least two shapes (prefill workers or decode BS) to separate the decode step from the time outside decode")
	}
	return out, nil
}

// fitCore runs steps 2–4: f by regression then clamp, α/β by least squares,
// d0 as the mean over points that are not cap-bound.
func fitCore(obsv []obs, p *Params) error {
	xs, ys := make([]float64, len(obsv)), make([]float64, len(obsv))
	for i, o := range obsv {
		xs[i], ys[i] = o.tpot, o.c/o.theta
	}
	f, _, ok := linreg(xs, ys)
	if !ok {
		return errors.New("cannot calibrate: mean interactivity is the same at every point, so f cannot be separated from d0")
	}
	// The clamp: no point's running batch may exceed BS − δ.
	fmax := math.Inf(1)
	for _, o := range obsv {
		fmax = math.Min(fmax, (o.bs-o.delta)*float64(o.d)/(o.theta*o.tpot))
	}
	if fmax <= 0 {
		return errors.New("cannot calibrate: a point's decode BS does not exceed δ")
	}
	if f <= 0 {
		return errors.New("cannot calibrate: C/Θ does not grow with TPOT across these points (the loop identity gives f ≤ 0)")
	}
	f = math.Min(f, fmax)
	p.F = f
	for i := range obsv {
		o := &obsv[i]
		o.bbar = o.theta * f * o.tpot / float64(o.d)
		o.capBound = o.bbar+o.delta >= o.bs*(1-capBoundTol)
		xs[i], ys[i] = o.bbar+o.delta, o.tpot
	}
	beta, alpha, ok := linreg(xs, ys)
	if !ok || beta <= 0 {
		return errors.New("cannot calibrate: the decode step does not grow with the busiest rank's batch across these points; add points with different batch sizes")
	}
	p.Alpha, p.Beta = alpha, beta
	sum, n := 0.0, 0
	for _, o := range obsv {
		if !o.capBound {
			sum += o.c/o.theta - f*o.tpot
			n++
		}
	}
	if n == 0 {
		for _, o := range obsv {
			sum += o.c/o.theta - f*o.tpot
		}
		n = len(obsv)
	}
	p.D0 = math.Max(sum/float64(n), 0)
	return nil
}

// fitDeltas fits δ per balancing method when at least two points of each
// method exist and one degree of freedom is left. Only the difference of the
// two δ is identified (α absorbs a common shift), so total_requests keeps
// DefaultDelta and total_tokens moves by γ/β from TPOT = α + β(b̄+δ) + γ·[tt].
func fitDeltas(obsv []obs, p *Params) bool {
	nt, nr := 0, 0
	for _, o := range obsv {
		switch o.balance {
		case model.BalanceTotalTokens:
			nt++
		case model.BalanceTotalRequests:
			nr++
		}
	}
	if nt < 2 || nr < 2 || len(obsv) < 5 {
		return false
	}
	// Residual of TPOT after the common fit, averaged per method.
	var rt, rr float64
	for _, o := range obsv {
		r := o.tpot - (p.Alpha + p.Beta*(o.bbar+o.delta))
		switch o.balance {
		case model.BalanceTotalTokens:
			rt += r / float64(nt)
		case model.BalanceTotalRequests:
			rr += r / float64(nr)
		}
	}
	shift := (rt - rr) / p.Beta
	p.DeltaRequests = DefaultDelta
	p.DeltaTokens = math.Min(math.Max(DefaultDelta+shift, 0), 9.25)
	p.DeltaFitted = true
	for i := range obsv {
		obsv[i].delta = p.Delta(obsv[i].balance)
	}
	return true
}

// fitTauP looks for a saturation pair: same prefill workers and decode ranks,
// the second with more concurrency or a freer cap (neither less), and flat Θ.
func fitTauP(obsv []obs, p *Params) {
	p.TauP, p.SaturationPair = 0, nil
	for _, o := range obsv {
		p.TauPLowerBound = math.Max(p.TauPLowerBound, o.theta/float64(o.np))
	}
	for i, a := range obsv {
		for _, b := range obsv[i+1:] {
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
			if tau > p.TauP {
				p.TauP, p.SaturationPair = tau, []string{lo.id, hi.id}
			}
		}
	}
	if p.TauP > 0 {
		p.TauP = math.Max(p.TauP, p.TauPLowerBound)
	}
}

// residuals predicts each calibration point with the fitted model.
func (c *Calibration) residuals(points []model.Point, obsv []obs) {
	for i := range points {
		pt := &points[i]
		pr, err := c.Predict(ConfigFromKnobs(pt.Knobs))
		if err != nil {
			continue
		}
		// Throughput per GPU against the point's own GPU count (it may be stated).
		y, _ := pt.Metrics.Get(model.TputPerGPU)
		mi, _ := pt.Metrics.Get(model.MeanIntvty)
		r := Residual{ID: pt.ID, CapBound: obsv[i].capBound,
			TputPct:       pct(pr.Theta/float64(pt.GPUs()), y),
			MeanIntvtyPct: pct(pr.MeanIntvty, mi)}
		if p90, ok := pt.Metrics.Get(model.P90Intvty); ok && p90 > 0 && pr.P90Intvty > 0 {
			v := pct(pr.P90Intvty, p90)
			r.P90IntvtyPct = &v
		}
		c.Residuals = append(c.Residuals, r)
	}
}

// pct is the relative error in percent.
func pct(pred, meas float64) float64 { return (pred/meas - 1) * 100 }

// linreg fits y = a + b·x by least squares; ok is false when x does not vary.
func linreg(x, y []float64) (b, a float64, ok bool) {
	n := float64(len(x))
	var mx, my float64
	for i := range x {
		mx += x[i]
		my += y[i]
	}
	mx, my = mx/n, my/n
	var sxx, sxy float64
	for i := range x {
		sxx += (x[i] - mx) * (x[i] - mx)
		sxy += (x[i] - mx) * (y[i] - my)
	}
	if sxx <= 1e-12*mx*mx || sxx == 0 {
		return 0, 0, false
	}
	b = sxy / sxx
	return b, my - b*mx, true
}
