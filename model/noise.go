package model

import (
	"math"
	"sort"
)

// Run-to-run noise (docs/noise.md): how far two runs of one configuration
// differ. A gain, a margin or a band choice smaller than that is within
// noise, as the PR this tool replaces judged "c800 (296.8) and c900 (294.5)
// within 1.5 % and 0.7 % … inside run-to-run noise".

// Kinds of repeated measurement a pair comes from.
const (
	PairTwin      = "twin"       // the same configuration measured again on the same date (or both undated)
	PairRerun     = "rerun"      // measured again on another date
	PairShortFull = "short/full" // a short run, projected, against a full-length run
)

// MetricNoise is one metric's run-to-run spread.
type MetricNoise struct {
	Metric Metric `json:"-"`
	Name   string `json:"metric"`
	// SpreadPct is the typical relative difference between two runs of one
	// configuration, in percent: √2 × the pooled standard deviation of the
	// runs' logarithms around their configuration's mean (for one pair,
	// |ln a − ln b| ≈ |a − b| / mean).
	SpreadPct float64 `json:"spread_pct"`
	// Pairs are the independent comparisons behind it: Σ (runs − 1) over the
	// configurations, less one per run-length factor fitted on the same runs.
	Pairs int `json:"pairs"`
	// ByKind counts the pairs by kind (PairTwin, PairRerun, PairShortFull).
	ByKind map[string]int `json:"by_kind,omitempty"`
	// Assumed: no pair measured it; SpreadPct is the user's --noise.
	Assumed bool `json:"assumed,omitempty"`
}

// Noise is a set of points' run-to-run spread, per metric.
type Noise struct {
	// Metrics have at least one pair, in declaration order.
	Metrics []MetricNoise `json:"metrics"`
	// DefaultPct is the spread the user set for metrics without pairs
	// (--noise PCT); 0 when none: then such a metric's noise is unknown.
	DefaultPct float64 `json:"default_pct,omitempty"`
}

// For is a metric's spread: measured, else the user's default (Assumed),
// else ok is false: none is known.
func (n Noise) For(m Metric) (MetricNoise, bool) {
	for _, mn := range n.Metrics {
		if mn.Metric == m {
			return mn, true
		}
	}
	if n.DefaultPct > 0 {
		return MetricNoise{Metric: m, Name: m.JSONName(), SpreadPct: n.DefaultPct, Assumed: true}, true
	}
	return MetricNoise{}, false
}

// Known reports whether any metric has a measured spread.
func (n Noise) Known() bool { return len(n.Metrics) > 0 }

// Within reports whether a difference of pct percent (either sign) on
// metric m is no larger than its spread; known is false when no spread is
// known for m (then within is false).
func (n Noise) Within(m Metric, pct float64) (within bool, mn MetricNoise, known bool) {
	mn, known = n.For(m)
	if !known {
		return false, mn, false
	}
	return math.Abs(pct) <= mn.SpreadPct, mn, true
}

// WithDefault is n with a user default spread for metrics without pairs.
func (n Noise) WithDefault(pct float64) Noise {
	if pct > 0 && !math.IsInf(pct, 0) {
		n.DefaultPct = pct
	}
	return n
}

// EstimateNoise pools the repeated measurements among points: runs of one
// configuration (curve and Knobs.BaseID) that are twins, re-runs on another
// date, or short runs projected to full length against full-length runs
// (ProjectRuns' factors; a short run of a length without a factor is left
// out). Planned and competitor points never count.
func EstimateNoise(points []Point) Noise {
	projs := ProjectRuns(points)
	type group struct {
		curve CurveKey
		runs  []int
	}
	groups := map[CurveKey]map[string]*group{}
	var keys []*group
	for i := range points {
		p := &points[i]
		if !measuredRun(p) {
			continue
		}
		g := groups[p.Curve]
		if g == nil {
			g = map[string]*group{}
			groups[p.Curve] = g
		}
		id := p.Knobs.BaseID()
		if g[id] == nil {
			g[id] = &group{curve: p.Curve}
			keys = append(keys, g[id])
		}
		g[id].runs = append(g[id].runs, i)
	}
	var out Noise
	for m := Metric(0); m < NumMetrics; m++ {
		if !noiseMetric(m) {
			continue
		}
		ss, dof := 0.0, 0
		kinds := map[string]int{}
		for _, g := range keys {
			proj, _ := ProjectionOf(projs, g.curve)
			// Runs compared with each other: full-length and projected runs
			// in one set; short runs no factor covers only with runs of
			// their own length.
			sets := map[float64][]float64{}
			firsts := map[float64]*Point{}
			for _, i := range fullFirst(points, g.runs, proj.SteadyS) {
				p := &points[i]
				v, ok := p.Metrics.Get(m)
				if !ok || v <= 0 {
					continue
				}
				set, kind := 0.0, ""
				if d := p.Prov.DurationS; d > 0 && d < proj.SteadyS {
					if f, ok := proj.Factor(m, d); ok {
						v *= f.Factor
						kind = PairShortFull
					} else {
						set = d
					}
				}
				sets[set] = append(sets[set], math.Log(v))
				first := firsts[set]
				if first == nil {
					firsts[set] = p
					continue
				}
				if kind == "" {
					kind = PairTwin
					if p.Prov.Date != first.Prov.Date {
						kind = PairRerun
					}
				}
				kinds[kind]++
			}
			setKeys := make([]float64, 0, len(sets))
			for k := range sets {
				setKeys = append(setKeys, k)
			}
			sort.Float64s(setKeys)
			for _, k := range setKeys {
				logs := sets[k]
				if len(logs) < 2 {
					continue
				}
				mean, _ := meanSD(logs)
				for _, l := range logs {
					ss += (l - mean) * (l - mean)
				}
				dof += len(logs) - 1
			}
		}
		// A factor fitted on k short/full pairs leaves k − 1 of them to
		// measure the spread.
		for _, pr := range projs {
			for _, f := range pr.Factors {
				if f.Metric == m {
					dof--
					kinds[PairShortFull]--
				}
			}
		}
		if kinds[PairShortFull] <= 0 {
			delete(kinds, PairShortFull)
		}
		if dof <= 0 {
			continue
		}
		out.Metrics = append(out.Metrics, MetricNoise{Metric: m, Name: m.JSONName(),
			SpreadPct: 100 * math.Sqrt2 * math.Sqrt(ss/float64(dof)), Pairs: dof, ByKind: kinds})
	}
	return out
}

// EstimateNoiseByCurve is EstimateNoise of each curve's own points, in
// GroupCurves order.
func EstimateNoiseByCurve(points []Point) map[CurveKey]Noise {
	out := map[CurveKey]Noise{}
	for _, c := range GroupCurves(points) {
		out[c.Key] = EstimateNoise(c.Points)
	}
	return out
}

// Kinds lists a MetricNoise's pair kinds in a stable order.
func (mn MetricNoise) Kinds() []string {
	var ks []string
	for k := range mn.ByKind {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// fullFirst orders a configuration's runs full-length first, so a short run
// is always compared with a full one.
func fullFirst(points []Point, runs []int, steady float64) []int {
	out := make([]int, 0, len(runs))
	for pass := 0; pass < 2; pass++ {
		for _, i := range runs {
			d := points[i].Prov.DurationS
			if short := d > 0 && d < steady; short == (pass == 1) {
				out = append(out, i)
			}
		}
	}
	return out
}
