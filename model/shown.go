package model

// The shown view's short runs (docs/noise.md): wherever points are shown or
// compared — report, compare, history, the workbench's plot, table and
// frontier — a short run of a length its curve has run-length factors for
// is shown projected, marked, its own numbers kept beside it; a short run
// without factors is shown raw, flagged, and is on no frontier. The CLI's
// view and the workbench's both settle their points here.

// ProjectShown replaces, in place, every short run among shown by its
// projection to its curve's steady-state length: metrics × the curve's
// factors for its length (ProjectRuns of runs, every loaded measurement),
// Prov.ProjectedFromS its own length, Prov.Raw its measured metrics. A run
// whose configuration was also measured at full length is projected too
// when shown, so no raw short run is ever mixed in. Short runs no factor
// covers stay raw (Prov.RawShort). It returns the projections, one per
// curve of runs with a short run, for the legend and --json.
func ProjectShown(shown, runs []Point) []Projection {
	return ProjectShownBy(shown, ProjectRuns(runs))
}

// ProjectShownBy is ProjectShown with the runs' projections worked out
// already (ProjectRuns), before the runs were compacted to what is shown.
func ProjectShownBy(shown []Point, projs []Projection) []Projection {
	if len(projs) == 0 {
		return projs
	}
	// The first projection of each curve, found by a map: shown points
	// of many curves interleaved do not scan every projection each.
	byCurve := make(map[CurveKey]int, len(projs))
	for j := len(projs) - 1; j >= 0; j-- {
		byCurve[projs[j].Curve] = j
	}
	var pr *Projection
	for i := range shown {
		p := &shown[i]
		d := p.Prov.DurationS
		if !MeasuredRun(p) || d <= 0 {
			continue
		}
		if pr == nil || pr.Curve != p.Curve {
			pr = nil
			j, ok := byCurve[p.Curve]
			if !ok {
				continue
			}
			pr = &projs[j]
		}
		if d >= pr.SteadyS {
			continue
		}
		projectPoint(pr, p, d)
	}
	return projs
}

// Projects reports whether ProjectShownBy projects a run, measured or
// not (MeasuredRun), of length d with the metrics of has by pr, the first
// projection of its curve: a measured run shorter than pr's steady state
// with a factor at its length for one of its metrics read from a source
// (projectPoint's cover). A view copies only the points it projects.
func (pr *Projection) Projects(measured bool, d float64, has uint32) bool {
	if !measured || d <= 0 || d >= pr.SteadyS {
		return false
	}
	for _, f := range pr.Factors {
		if f.ShortS == d && noiseMetric(f.Metric) && f.Metric < NumMetrics && has&(1<<f.Metric) != 0 {
			return true
		}
	}
	return false
}

// HasFactorAt reports whether the projection has a factor for some metric
// at a short length: without one, a run of that length has no pairs to be
// projected by.
func (p *Projection) HasFactorAt(shortS float64) bool {
	for _, f := range p.Factors {
		if f.ShortS == shortS {
			return true
		}
	}
	return false
}

// FactorsAt are the factors at one short length, in metric order.
func (p *Projection) FactorsAt(shortS float64) []RunFactor {
	var out []RunFactor
	for _, f := range p.Factors {
		if f.ShortS == shortS {
			out = append(out, f)
		}
	}
	return out
}

// Unprojected is points with every projected run back to its measured
// metrics and length (the review without --project-runs, the export: they
// judge and write what was measured). points is not changed.
func Unprojected(points []Point) []Point {
	var out []Point
	for i := range points {
		if points[i].Prov.Raw == nil {
			continue
		}
		if out == nil {
			out = append([]Point(nil), points...)
		}
		unproject(&out[i])
	}
	if out == nil {
		return points
	}
	return out
}

// unproject takes a projected run back to what was measured.
func unproject(p *Point) {
	p.Metrics = *p.Prov.Raw
	p.Prov.DurationS, p.Prov.ProjectedFromS, p.Prov.Raw = p.Prov.ProjectedFromS, 0, nil
}

// NotProjectedWhy is why a short run shown raw was not projected: "no
// pairs" when no configuration of its curve was measured at both its
// length and full length, "no factor for its metrics" when the pairs
// measured other metrics; "" for any other point.
func NotProjectedWhy(p *Point, projs []Projection) string {
	if !p.Prov.RawShort() || !MeasuredRun(p) {
		return ""
	}
	if pr, ok := ProjectionOf(projs, p.Curve); ok && pr.HasFactorAt(p.Prov.DurationS) {
		return "no factor for its metrics"
	}
	return "no pairs"
}

// MarkGainRuns sets each gain's run-length marks from its point (points:
// the compared points, projs: ProjectShown's projections). A gain's point
// is the one of its ID, unique over a dataset (AssignIDs): where the gain's
// Index holds it (Compare's gains index the points compared), it is read
// there, the others are looked up by ID.
func MarkGainRuns(curves []CurveGains, points []Point, projs []Projection) {
	var byID map[string]int
	for ci := range curves {
		for gi := range curves[ci].Gains {
			g := &curves[ci].Gains[gi]
			i := g.Index
			if i < 0 || i >= len(points) || points[i].ID != g.ID {
				if byID == nil {
					byID = make(map[string]int, len(points))
					for i := range points {
						byID[points[i].ID] = i
					}
				}
				var ok bool
				if i, ok = byID[g.ID]; !ok {
					continue
				}
			}
			if points[i].Curve != g.Curve {
				continue
			}
			p := &points[i]
			g.ProjectedFromS = p.Prov.ProjectedFromS
			if g.NotProjected = NotProjectedWhy(p, projs); g.NotProjected != "" {
				g.ShortRunS = p.Prov.DurationS
			}
		}
	}
}
