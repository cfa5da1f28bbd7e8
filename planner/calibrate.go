package planner

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/sweeptune/sweeptune/model"
)

// Residual is one calibration point's model error in percent (predicted /
// measured − 1). Metrics the point does not publish are nil.
type Residual struct {
	ID            string   `json:"id"`
	TputPct       float64  `json:"tput_pct"`
	MeanIntvtyPct *float64 `json:"mean_intvty_pct"`
	P90IntvtyPct  *float64 `json:"p90_intvty_pct"`
	TTFTPct       *float64 `json:"ttft_pct,omitempty"`
	CapBound      bool     `json:"cap_bound"` // the f clamp put this point at its cap
	Saturated     bool     `json:"prefill_saturated,omitempty"`
}

// Calibration is a fitted model and how well it fits its own points.
type Calibration struct {
	Params    Params     `json:"params"`
	Points    []string   `json:"points"`
	Residuals []Residual `json:"residuals"`
	ShortRuns []string   `json:"short_runs,omitempty"` // calibration points from runs < 3600 s
	Notes     []string   `json:"notes,omitempty"`      // choices the fit made (defaults used)
	// Collapses are measured knees past which throughput falls, from the
	// calibration points and any added with AddMeasured.
	Collapses []Collapse `json:"collapses,omitempty"`

	// Template is the first point's knobs: the topology Design varies.
	Template model.Knobs `json:"-"`

	measured  []model.Point // calibration points, for collapse detection
	static    []string      // warnings every prediction carries
	staticFor staticKey
	tauWarn   struct { // the last τP-unknown warning built
		low float64
		s   string
	}
}

// capBoundTol says when a point sits at its cap after the f clamp.
const capBoundTol = 1e-9

// Calibrate fits the model on measured disaggregated points of one curve
// (see the package doc for each parameter's identification).
// Suspect points the view has not admitted are not fitted on.
func Calibrate(points []model.Point) (*Calibration, error) {
	if adm := model.Admitted(points); len(adm) == 0 && len(points) > 0 {
		return nil, fmt.Errorf("no points to calibrate on: all %d are suspect and kept out (--include-suspect brings them in)", len(points))
	} else {
		points = adm
	}
	obsv, kind, notes, err := observe(points)
	if err != nil {
		return nil, err
	}
	cal := &Calibration{Template: points[0].Knobs, Notes: notes}
	for i := range points {
		cal.Points = append(cal.Points, points[i].ID)
		if points[i].Prov.ShortRun() {
			cal.ShortRuns = append(cal.ShortRuns, points[i].ID)
		}
	}
	p := &cal.Params
	p.TTFTKind = kind
	p.Physics = physicsFor(points[0].Curve)
	if p.Physics == nil {
		cal.Notes = append(cal.Notes, noPhysicsNote(points[0].Curve))
	}
	p.DeltaTokens, p.DeltaRequests = DefaultDelta, DefaultDelta
	fitRatios(obsv, p, cal)
	setDeltas(obsv, p)
	cal.Collapses = DetectCollapses(points)
	if ids := markCollapsed(obsv, points, cal.Collapses); len(ids) > 0 {
		cal.Notes = append(cal.Notes, fmt.Sprintf("%s past a measured collapse of its configuration: left out of the decode step and prefill laws (in the loop identity still)", someIDs(ids, 3)))
	}
	loopNote, decNotes, err := fitCore(obsv, p)
	if err != nil {
		return nil, err
	}
	if fitDeltas(obsv, p) {
		if loopNote, decNotes, err = fitCore(obsv, p); err != nil {
			return nil, err
		}
	} else if hasDPAttn(obsv) {
		cal.Notes = append(cal.Notes, fmt.Sprintf("δ = %.2f for both balancing methods (default: too few DP-attention points of each method to fit it)", DefaultDelta))
	}
	if loopNote != "" {
		cal.Notes = append(cal.Notes, loopNote)
	}
	if kind != "" && p.TTFTKind == "" {
		cal.Notes = slices.DeleteFunc(cal.Notes, func(n string) bool { return strings.HasPrefix(n, "TTFT: ") })
	}
	if kind == "" {
		cal.Notes = append(cal.Notes, "no TTFT on every point: the time outside decode is one constant d0 (queueing cannot be separated from it)")
	}
	cal.Notes = append(cal.Notes, decNotes...)
	fitPrefill(obsv, p)
	p.Plateaus = fitPlateaus(obsv, cal.Collapses)
	for _, l := range p.Prefill {
		if l.TauP == 0 {
			n := fmt.Sprintf("τP of %s prefill unknown: no point saturated it (TTFT ≥ 3× its fastest, or same prefill workers with more concurrency or a freer cap and flat throughput)", l.Family)
			if l.TauPUpperBound > 0 {
				n += fmt.Sprintf("; between %s (highest load measured) and %s tok/s per worker (where 1/TTFT, falling with load, reaches 0)", thousands(l.TauPLowerBound), thousands(l.TauPUpperBound))
			}
			cal.Notes = append(cal.Notes, n)
		}
	}
	if n := outsideKnobNote(points); n != "" {
		cal.Notes = append(cal.Notes, n)
	}
	cal.measured = append([]model.Point(nil), points...)
	cal.residuals(points, obsv)
	return cal, nil
}

// fitCore runs the loop identity, the batches and the decode laws (and, with
// no TTFT, the constant d0 of docs/planner.md).
func fitCore(obsv []obs, p *Params) (string, []string, error) {
	note, err := fitLoop(obsv, p)
	if err != nil {
		return "", nil, err
	}
	setBatches(obsv, p.F)
	notes, err := fitDecodeLaws(obsv, p)
	if err != nil {
		return "", nil, err
	}
	if p.TTFTKind == "" {
		fitSeedD0(obsv, p)
	}
	return note, notes, nil
}

// fitRatios sets RMean and r90, and each point's mean TPOT where only p90
// interactivity was published (r90 = 1 assumed when no point has both).
func fitRatios(obsv []obs, p *Params, cal *Calibration) {
	var means []float64
	for _, o := range obsv {
		if o.hasTPOT && o.mean > 0 {
			means = append(means, o.mean*o.tpot)
		}
	}
	p.RMean = 1
	if len(means) > 0 {
		sort.Float64s(means)
		p.RMean = means[len(means)/2]
		if len(means)%2 == 0 {
			p.RMean = (means[len(means)/2-1] + means[len(means)/2]) / 2
		}
	}
	p.R90, p.R90Assumed = 0, false
	n90 := 0
	var p90only []string
	for _, o := range obsv {
		if o.p90 > 0 && o.mean > 0 {
			p.R90 += o.p90 / o.mean
			n90++
		}
		if o.tpot == 0 {
			p90only = append(p90only, o.id)
		}
	}
	if n90 > 0 {
		p.R90 /= float64(n90)
	}
	switch {
	case len(p90only) > 0 && n90 == 0:
		p.R90, p.R90Assumed = 1, true
		cal.Notes = append(cal.Notes, fmt.Sprintf("p90 interactivity only on %s: the decode law is fitted on p90 with r90 = p90/mean = 1 assumed (no point has both), so mean interactivity is assumed equal to p90", strings.Join(p90only, ", ")))
	case len(p90only) > 0:
		cal.Notes = append(cal.Notes, fmt.Sprintf("p90 interactivity only on %s: mean TPOT taken as r90/p90 with the fitted r90 = %.3f", strings.Join(p90only, ", "), p.R90))
	case n90 == 0:
		cal.Notes = append(cal.Notes, "r90 unknown: no calibration point has p90 interactivity")
	}
	for i := range obsv {
		if obsv[i].tpot == 0 {
			obsv[i].tpot = p.R90 / obsv[i].p90 * p.RMean
		}
	}
}

func hasDPAttn(obsv []obs) bool {
	for _, o := range obsv {
		if o.dpAttn {
			return true
		}
	}
	return false
}

// markCollapsed flags the points at or past a collapse's concurrency on its
// configuration and returns their IDs.
func markCollapsed(obsv []obs, points []model.Point, cs []Collapse) []string {
	if len(cs) == 0 {
		return nil
	}
	var ids []string
	for i := range points {
		k := knobsKey(points[i].Knobs)
		for _, c := range cs {
			if c.key == k && points[i].Knobs.Concurrency >= c.AtC {
				obsv[i].collapsed = true
				ids = append(ids, points[i].ID)
				break
			}
		}
	}
	return ids
}

// someIDs lists up to n IDs and how many more there are.
func someIDs(ids []string, n int) string {
	if len(ids) <= n {
		return strings.Join(ids, ", ")
	}
	return strings.Join(ids[:n], ", ") + " and " + strconv.Itoa(len(ids)-n) + " more"
}

// residuals predicts each calibration point with the fitted model.
func (c *Calibration) residuals(points []model.Point, obsv []obs) {
	sat := map[string]bool{}
	for _, l := range c.Params.Prefill {
		for _, id := range l.Saturated {
			sat[id] = true
		}
	}
	for i := range points {
		pt := &points[i]
		pr, err := c.Predict(ConfigFromKnobs(pt.Knobs))
		if err != nil {
			continue
		}
		// Throughput per GPU against the point's own GPU count (it may be stated).
		y, _ := pt.Metrics.Get(model.TputPerGPU)
		r := Residual{ID: pt.ID, CapBound: obsv[i].capBound, Saturated: sat[pt.ID],
			TputPct: pct(pr.Theta/float64(pt.GPUs()), y)}
		if mi, ok := pt.Metrics.Get(model.MeanIntvty); ok && mi > 0 {
			v := pct(pr.MeanIntvty, mi)
			r.MeanIntvtyPct = &v
		}
		if p90, ok := pt.Metrics.Get(model.P90Intvty); ok && p90 > 0 && pr.P90Intvty > 0 {
			v := pct(pr.P90Intvty, p90)
			r.P90IntvtyPct = &v
		}
		if obsv[i].ttft > 0 && pr.TTFT > 0 {
			v := pct(pr.TTFT, obsv[i].ttft)
			r.TTFTPct = &v
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

// AddMeasured tells the calibration about other measured points of the
// curve (not fitted on): their collapses warn predictions too.
func (c *Calibration) AddMeasured(points []model.Point) {
	// Read in place: a shown curve of a million points is tens of
	// thousands of points, hundreds of bytes each.
	seen := make(map[string]struct{}, len(c.measured)+len(points))
	c.Collapses = collapsesOf(func(yield func(*model.Point) bool) {
		for _, ps := range [][]model.Point{c.measured, points} {
			for i := range ps {
				if _, dup := seen[ps[i].ID]; !dup {
					seen[ps[i].ID] = struct{}{}
					if !yield(&ps[i]) {
						return
					}
				}
			}
		}
	})
}
