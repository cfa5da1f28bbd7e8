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
// out). Planned and competitor points never count, nor do suspect runs
// (model/suspect.go), admitted or not.
func EstimateNoise(points []Point) Noise { return estimateNoiseOf(points, nil) }

// EstimateNoiseAt is EstimateNoise of the points at idx (ascending) among
// all, read where they lie: a curve's runs are not copied together first.
func EstimateNoiseAt(all []Point, idx []int) Noise {
	if idx == nil {
		idx = []int{} // no points (nil stands for all of them below)
	}
	return estimateNoiseOf(all, idx)
}

// noiseConfig is a configuration's runs in estimateNoiseOf: its curve and
// base ID (noiseKey), its first and last run, chained by next.
type noiseKey struct {
	curve int // index into curves
	id    string
}

type noiseConfig struct {
	curve       int // index into curves
	first, last int32
	n           int
}

// noiseScratch is estimateNoiseOf's working memory, kept from one call
// to the next (NoisesAsOfAt): a thousand curves' noise is not a thousand
// sets of tables and lists made anew, each in fresh pages.
type noiseScratch struct {
	configOf map[noiseKey]int
	configs  []noiseConfig
	measured []int
	next     []int32
	in       []int
}

// estimateNoiseOf is EstimateNoise of points[at], or of points with at nil.
func estimateNoiseOf(points []Point, at []int) Noise {
	return estimateNoiseWith(points, at, &noiseScratch{})
}

// estimateNoiseWith is estimateNoiseOf in the working memory s.
func estimateNoiseWith(points []Point, at []int, s *noiseScratch) Noise {
	projs := projectRunsOf(points, at)
	// Runs per configuration (curve and base ID), each configuration's
	// chained in load order; only configurations measured more than once
	// matter. Points of one curve usually come together, so the curve is
	// looked up only when it changes.
	type key = noiseKey
	type config = noiseConfig
	var curves []CurveKey
	curveIdx := map[CurveKey]int{}
	if s.configOf == nil {
		s.configOf = map[key]int{}
	}
	clear(s.configOf)
	configOf := s.configOf // into configs, in order of first run
	configs := s.configs[:0]
	measured := s.measured[:0] // the measured runs' indexes into points, in load order
	next := s.next[:0]         // the next run of the same configuration in measured; -1 none
	defer func() { s.configs, s.measured, s.next = configs, measured, next }()
	last := -1
	var buf []byte
	n := len(points)
	if at != nil {
		n = len(at)
	}
	for k := range n {
		i := k
		if at != nil {
			i = at[k]
		}
		p := &points[i]
		if !MeasuredRun(p) || p.Suspect() {
			continue // a suspect run sets no spread
		}
		if last < 0 || curves[last] != p.Curve {
			ci, ok := curveIdx[p.Curve]
			if !ok {
				ci = len(curves)
				curveIdx[p.Curve] = ci
				curves = append(curves, p.Curve)
			}
			last = ci
		}
		r := int32(len(measured))
		measured, next = append(measured, i), append(next, -1)
		buf = p.Knobs.appendBaseID(buf[:0])
		if c, ok := configOf[key{last, string(buf)}]; ok { // no allocation for the lookup
			next[configs[c].last] = r
			configs[c].last = r
			configs[c].n++
			continue
		}
		configOf[key{last, string(buf)}] = len(configs)
		configs = append(configs, config{curve: last, first: r, last: r, n: 1})
	}
	var ss [NumMetrics]float64
	var dof [NumMetrics]int
	var kinds [NumMetrics][3]int // twin, rerun, short/full
	// One set of compared runs: full-length and projected runs together;
	// short runs no factor covers only with runs of their own length.
	type set struct {
		length   float64
		n        int
		mean, m2 float64 // Welford's running mean and sum of squares of the logs
		first    *Point
	}
	var sets []set
	var g, runs []int
	for _, c := range configs {
		if c.n < 2 {
			continue
		}
		g = g[:0]
		for r := c.first; r >= 0; r = next[r] {
			g = append(g, measured[r])
		}
		var proj *Projection
		for pi := range projs {
			if projs[pi].Curve == curves[c.curve] {
				proj = &projs[pi]
				break
			}
		}
		steady := 0.0
		if proj != nil {
			steady = proj.SteadyS
		}
		runs = fullFirst(points, g, steady, runs[:0])
		for m := Metric(0); m < NumMetrics; m++ {
			if !noiseMetric(m) {
				continue
			}
			sets = sets[:0]
			for _, i := range runs {
				p := &points[i]
				v, ok := p.Metrics.Get(m)
				if !ok || v <= 0 {
					continue
				}
				length, kind := 0.0, -1
				if d := p.Prov.DurationS; d > 0 && d < steady {
					if f, ok := proj.Factor(m, d); ok {
						v *= f.Factor
						kind = 2
					} else {
						length = d
					}
				}
				si := -1
				for j := range sets {
					if sets[j].length == length {
						si = j
						break
					}
				}
				if si < 0 {
					sets = append(sets, set{length: length})
					si = len(sets) - 1
				}
				st := &sets[si]
				x := math.Log(v)
				st.n++
				delta := x - st.mean
				st.mean += delta / float64(st.n)
				st.m2 += delta * (x - st.mean)
				if st.first == nil {
					st.first = p
					continue
				}
				if kind < 0 {
					kind = 0
					if p.Prov.Date != st.first.Prov.Date {
						kind = 1
					}
				}
				kinds[m][kind]++
			}
			for _, st := range sets {
				if st.n >= 2 {
					ss[m] += st.m2
					dof[m] += st.n - 1
				}
			}
		}
	}
	var out Noise
	names := [3]string{PairTwin, PairRerun, PairShortFull}
	for m := Metric(0); m < NumMetrics; m++ {
		if !noiseMetric(m) {
			continue
		}
		// A factor fitted on k short/full pairs leaves k − 1 of them to
		// measure the spread.
		for _, pr := range projs {
			for _, f := range pr.Factors {
				if f.Metric == m {
					dof[m]--
					kinds[m][2]--
				}
			}
		}
		if dof[m] <= 0 {
			continue
		}
		byKind := map[string]int{}
		for kd, n := range kinds[m] {
			if n > 0 {
				byKind[names[kd]] = n
			}
		}
		out.Metrics = append(out.Metrics, MetricNoise{Metric: m, Name: m.JSONName(),
			SpreadPct: 100 * math.Sqrt2 * math.Sqrt(ss[m]/float64(dof[m])), Pairs: dof[m], ByKind: byKind})
	}
	return out
}

// NoiseAsOf is EstimateNoise of the runs measured on or before asOf
// (YYYY-MM-DD; undated runs count): the one estimate select, review,
// compare, the workbench and the PR body show for a curve and a date.
func NoiseAsOf(points []Point, asOf string) Noise {
	if asOf == "" {
		return EstimateNoise(points)
	}
	in := make([]Point, 0, len(points))
	for i := range points {
		if d := points[i].Prov.Date; d == "" || !dateAfter(d, asOf) {
			in = append(in, points[i])
		}
	}
	return EstimateNoise(in)
}

// NoiseAsOfAt is NoiseAsOf of the points at idx (ascending) among all,
// read where they lie (EstimateNoiseAt).
func NoiseAsOfAt(all []Point, idx []int, asOf string) Noise {
	return noiseAsOfWith(all, idx, asOf, &noiseScratch{})
}

// NoisesAsOfAt is NoiseAsOfAt of each of runs in turn, in one working
// memory: compare's thousand curves of a million runs.
func NoisesAsOfAt(all []Point, runs [][]int, asOf string) []Noise {
	out := make([]Noise, len(runs))
	var s noiseScratch
	for k, idx := range runs {
		out[k] = noiseAsOfWith(all, idx, asOf, &s)
	}
	return out
}

func noiseAsOfWith(all []Point, idx []int, asOf string, s *noiseScratch) Noise {
	if idx == nil {
		idx = []int{} // no points (nil stands for all of them)
	}
	if asOf == "" {
		return estimateNoiseWith(all, idx, s)
	}
	in := s.in[:0]
	for _, i := range idx {
		if d := all[i].Prov.Date; d == "" || !dateAfter(d, asOf) {
			in = append(in, i)
		}
	}
	if in == nil {
		in = []int{} // none on or before asOf
	}
	s.in = in
	return estimateNoiseWith(all, in, s)
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
func fullFirst(points []Point, runs []int, steady float64, out []int) []int {
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

// MarkGainsWithinNoise flags each gain no larger than its curve's spread of
// metric m (compare: a gain inside run-to-run noise is no gain).
func MarkGainsWithinNoise(curves []CurveGains, noise map[CurveKey]Noise, m Metric) {
	for i := range curves {
		n := noise[curves[i].Curve]
		for j := range curves[i].Gains {
			g := &curves[i].Gains[j]
			w, _, _ := n.Within(m, g.GainPct)
			g.WithinNoise = g.HasOther && w
			w, _, _ = n.Within(m, g.DashboardPct)
			g.DashboardWithinNoise = g.HasOther && w
		}
	}
}
