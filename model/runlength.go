package model

import (
	"math"
	"sort"
	"strconv"
)

// Run-length projection (docs/noise.md): a run shorter than a curve's
// steady-state runs does not measure the same thing (warm-up and drain weigh
// more; the PR this tool replaces multiplied a 1200 s run's throughput by
// about 3.8 to compare it with 3600 s runs). Configurations measured at both
// lengths give the factor per metric; a short run with no full-length run of
// its configuration is then shown projected, marked, never raw.

// SteadyStateS is the run length a curve is taken to be steady at when none
// of its runs is longer.
const SteadyStateS = 3600

// RunFactor is how one metric of a short run maps onto the curve's
// steady-state length: measured full value ÷ short value, the geometric mean
// over the configurations measured at both lengths.
type RunFactor struct {
	Metric Metric  `json:"-"`
	Name   string  `json:"metric"`
	ShortS float64 `json:"short_s"`
	FullS  float64 `json:"full_s"`
	Factor float64 `json:"factor"`
	// SpreadPct is the standard deviation of the pairs' log ratios around
	// the factor, in percent (0 with one pair: nothing to compare).
	SpreadPct float64 `json:"spread_pct"`
	Pairs     int     `json:"pairs"`
	// Configs are the configurations (Knobs.BaseID) that gave the pairs.
	Configs []string `json:"configs"`
}

// ProjectedRun is one short run shown at the steady-state length.
type ProjectedRun struct {
	Point Point  `json:"-"` // the projection: Prov.DurationS the full length, Prov.ProjectedFromS the run's own
	ID    string `json:"id"`
	// Dropped are the metrics no factor covers: left out, never mixed in raw.
	Dropped []string `json:"dropped,omitempty"`
}

// Skip names a point left out and why.
type Skip struct {
	ID     string `json:"id"`
	Reason string `json:"reason"`
}

// Projection is one curve's run-length projection.
type Projection struct {
	Curve   CurveKey    `json:"curve"`
	SteadyS float64     `json:"steady_s"` // the curve's steady-state run length
	Factors []RunFactor `json:"factors"`
	// Projected are the short runs without a full-length run of their
	// configuration that some factor covers.
	Projected []ProjectedRun `json:"projected,omitempty"`
	// Superseded are short runs whose configuration was also measured at
	// full length: the full run stands for it (the pair gave a factor).
	Superseded []string `json:"superseded,omitempty"`
	// Unprojected are short runs no factor of their length covers.
	Unprojected []Skip `json:"unprojected,omitempty"`
}

// Factor is the factor of one metric at one short length, if measured.
func (p *Projection) Factor(m Metric, shortS float64) (RunFactor, bool) {
	for _, f := range p.Factors {
		if f.Metric == m && f.ShortS == shortS {
			return f, true
		}
	}
	return RunFactor{}, false
}

// measuredRun: a point measured by someone (not planned, not a rival's
// curve drawn for comparison) with a known run length.
func MeasuredRun(p *Point) bool {
	return p.Source != SourcePlanned && p.Source != SourceCompetitor && p.Prov.ProjectedFromS == 0
}

// noiseMetric: a metric read from a source (the derived per-MW and cost
// metrics only repeat throughput).
func noiseMetric(m Metric) bool { return m != TputPerMW && m != CostPerMTok }

// ProjectRuns finds every curve's run-length factors and projects its lone
// short runs. Suspect runs (model/suspect.go), admitted or not, are not
// learnt from: they set neither the steady-state length nor a factor. Curves with no short run are left out; the result is in
// GroupCurves order. The points are read in place (100,000 in tens of
// milliseconds): only curves with a short run are grouped by configuration.
func ProjectRuns(points []Point) []Projection { return projectRunsOf(points, nil) }

// ProjectRunsOf is ProjectRuns of the points at idx (ascending) among
// all, read where they lie: a curve's runs of a dump, a page apart, are
// not copied together first.
func ProjectRunsOf(all []Point, idx []int) []Projection { return projectRunsOf(all, idx) }

// projectRunsOf is ProjectRuns of points[at], or of points with at nil.
func projectRunsOf(points []Point, at []int) []Projection {
	return projectScanned(points, scanRuns(points, at))
}

// RunScan is what ProjectRuns reads of every point (each curve's measured
// runs of a known length), found before the points have their IDs: a
// load finds it beside the naming, on the core the naming leaves idle,
// and the projections are then made from it (ProjectScannedRuns).
type RunScan struct{ curves []curveRuns }

type curveRuns struct {
	key     CurveKey
	steady  float64
	short   bool
	members []int // measured runs of known length
}

// ScanRuns is ProjectRuns' pass over the points. It reads their curve,
// source, run length and suspicion (so it follows the marking), not their
// IDs.
func ScanRuns(points []Point) *RunScan { return &RunScan{scanRuns(points, nil)} }

// ProjectScannedRuns is ProjectRuns(points) from their scan, the points
// unchanged since it.
func ProjectScannedRuns(points []Point, scan *RunScan) []Projection {
	return projectScanned(points, scan.curves)
}

// scanRuns is the scan of points[at], or of points with at nil.
func scanRuns(points []Point, at []int) []curveRuns {
	idx := map[CurveKey]int{}
	var cs []curveRuns
	last := -1 // points of one curve usually come together: skip the hash
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
		d := p.Prov.DurationS
		if !MeasuredRun(p) || d <= 0 || p.Suspect() {
			continue // a suspect run sets no length and no factor
		}
		ci := last
		if ci < 0 || cs[ci].key != p.Curve {
			var ok bool
			if ci, ok = idx[p.Curve]; !ok {
				ci = len(cs)
				idx[p.Curve] = ci
				cs = append(cs, curveRuns{key: p.Curve, steady: SteadyStateS})
			}
			last = ci
		}
		c := &cs[ci]
		c.members = append(c.members, i)
		if d > c.steady {
			c.steady = d
		}
	}
	return cs
}

// projectScanned makes the projections of the scanned curves.
func projectScanned(points []Point, cs []curveRuns) []Projection {
	var out []Projection
	for ci := range cs {
		c := &cs[ci]
		for _, i := range c.members {
			if points[i].Prov.DurationS < c.steady {
				c.short = true
				break
			}
		}
		if c.short {
			out = append(out, projectCurve(points, c.key, c.steady, c.members))
		}
	}
	sort.SliceStable(out, func(a, b int) bool { return keyLess(out[a].Curve, out[b].Curve) })
	return out
}

// ProjectionOf is the projection of one curve among ProjectRuns' results.
func ProjectionOf(projs []Projection, k CurveKey) (Projection, bool) {
	for _, p := range projs {
		if p.Curve == k {
			return p, true
		}
	}
	return Projection{}, false
}

// cfgRuns are one configuration's runs on a curve: full-length and short
// (with their lengths), indexes into the points.
type cfgRuns struct {
	id    string
	full  []int
	short []int
}

// projectCurve works out one curve's factors and projections from its
// measured runs of known length (members, indexes into points).
func projectCurve(points []Point, key CurveKey, steady float64, members []int) Projection {
	pr := Projection{Curve: key, SteadyS: steady, Factors: []RunFactor{}}
	byID := map[string]int{}
	var cfgs []cfgRuns
	var buf []byte
	for _, i := range members {
		p := &points[i]
		buf = p.Knobs.appendBaseID(buf[:0])
		ci, ok := byID[string(buf)] // no allocation for the lookup
		if !ok {
			id := string(buf)
			ci = len(cfgs)
			byID[id] = ci
			cfgs = append(cfgs, cfgRuns{id: id})
		}
		if p.Prov.DurationS >= steady {
			cfgs[ci].full = append(cfgs[ci].full, i)
		} else {
			cfgs[ci].short = append(cfgs[ci].short, i)
		}
	}
	var lengths []float64
	seen := map[float64]bool{}
	for ci := range cfgs {
		for _, i := range cfgs[ci].short {
			if d := points[i].Prov.DurationS; !seen[d] {
				seen[d] = true
				lengths = append(lengths, d)
			}
		}
	}
	sort.Float64s(lengths)
	// Factors per short length and metric, from configurations run at both.
	var at []int // short runs of the length, reused
	for _, d := range lengths {
		var paired []int // configurations with a full run and a run of length d
		for ci := range cfgs {
			if len(cfgs[ci].full) == 0 {
				continue
			}
			for _, i := range cfgs[ci].short {
				if points[i].Prov.DurationS == d {
					paired = append(paired, ci)
					break
				}
			}
		}
		if len(paired) == 0 {
			continue
		}
		for m := Metric(0); m < NumMetrics; m++ {
			if !noiseMetric(m) {
				continue
			}
			var logs []float64
			var ids []string
			for _, ci := range paired {
				at = at[:0]
				for _, i := range cfgs[ci].short {
					if points[i].Prov.DurationS == d {
						at = append(at, i)
					}
				}
				full, short := geoMean(points, cfgs[ci].full, m), geoMean(points, at, m)
				if full > 0 && short > 0 {
					logs = append(logs, math.Log(full/short))
					ids = append(ids, cfgs[ci].id)
				}
			}
			if len(logs) == 0 {
				continue
			}
			mean, sd := meanSD(logs)
			pr.Factors = append(pr.Factors, RunFactor{Metric: m, Name: m.JSONName(), ShortS: d, FullS: steady,
				Factor: math.Exp(mean), SpreadPct: 100 * sd, Pairs: len(logs), Configs: ids})
		}
	}
	// Each short run: superseded, projected or left out.
	for _, d := range lengths {
		noFactor := "no configuration of this curve was measured at both " + seconds(d) + " and " + seconds(steady) +
			" with its metrics: no factor to project it by"
		for ci := range cfgs {
			for _, i := range cfgs[ci].short {
				p := points[i]
				if p.Prov.DurationS != d {
					continue
				}
				if len(cfgs[ci].full) > 0 {
					pr.Superseded = append(pr.Superseded, p.ID)
					continue
				}
				run, ok := projectOne(&pr, p, d)
				if !ok {
					pr.Unprojected = append(pr.Unprojected, Skip{ID: p.ID, Reason: noFactor})
					continue
				}
				pr.Projected = append(pr.Projected, run)
			}
		}
	}
	return pr
}

// projectOne multiplies each metric the curve has a factor for; the others
// are cleared (named in Dropped). ok is false when no metric was covered.
func projectOne(pr *Projection, p Point, d float64) (ProjectedRun, bool) {
	run := ProjectedRun{ID: p.ID}
	var ms Metrics
	covered := false
	for _, m := range p.Metrics.Present() {
		v, _ := p.Metrics.Get(m)
		if !noiseMetric(m) {
			continue
		}
		f, ok := pr.Factor(m, d)
		if !ok {
			run.Dropped = append(run.Dropped, m.Name())
			continue
		}
		ms.Set(m, v*f.Factor)
		covered = true
	}
	if !covered {
		return run, false
	}
	// The derived metrics follow throughput: per MW in proportion, cost
	// per token inversely.
	if f, ok := pr.Factor(TputPerGPU, d); ok && ms.Has(TputPerGPU) {
		if v, ok := p.Metrics.Get(TputPerMW); ok {
			ms.Set(TputPerMW, v*f.Factor)
		}
		if v, ok := p.Metrics.Get(CostPerMTok); ok {
			ms.Set(CostPerMTok, v/f.Factor)
		}
	}
	raw := p.Metrics
	p.Metrics = ms
	p.Prov.Raw = &raw
	p.Prov.ProjectedFromS = d
	p.Prov.DurationS = pr.SteadyS
	run.Point = p
	return run, true
}

// ApplyProjection returns points with every projected run in place of its
// raw short run; other points are unchanged.
func ApplyProjection(points []Point, projs []Projection) []Point {
	repl := map[string]*Point{}
	for i := range projs {
		for j := range projs[i].Projected {
			r := &projs[i].Projected[j]
			repl[r.ID] = &r.Point
		}
	}
	out := make([]Point, len(points))
	for i := range points {
		if p, ok := repl[points[i].ID]; ok && points[i].Curve == p.Curve {
			out[i] = *p
			continue
		}
		out[i] = points[i]
	}
	return out
}

// geoMean is the geometric mean of metric m over the indexed points that
// have it positive; 0 when none does.
func geoMean(points []Point, idx []int, m Metric) float64 {
	sum, n := 0.0, 0
	for _, i := range idx {
		if v, ok := points[i].Metrics.Get(m); ok && v > 0 {
			sum += math.Log(v)
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return math.Exp(sum / float64(n))
}

// meanSD is the mean and the sample standard deviation (0 for one value).
func meanSD(xs []float64) (mean, sd float64) {
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	if len(xs) < 2 {
		return mean, 0
	}
	ss := 0.0
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	return mean, math.Sqrt(ss / float64(len(xs)-1))
}

func seconds(s float64) string { return strconv.FormatFloat(s, 'f', -1, 64) + " s" }
