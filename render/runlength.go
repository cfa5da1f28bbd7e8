package render

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sweeptune/sweeptune/model"
)

// How a shown point's run length stands, worded once for every table,
// plot and pane (docs/noise.md): a projected run's numbers carry "≈" and a
// legend line names the factors; a short run no factor covers is flagged
// and is on no frontier.

// ProjectedMark is what stands beside a projected run's values.
const ProjectedMark = "≈"

// ValueCell is a metric's value as a table shows it: "≈ 1,033,760" for a
// projected run, the dash when absent.
func ValueCell(p *model.Point, m model.Metric) string {
	v, ok := p.Value(m)
	if !ok {
		return model.Dash
	}
	s := model.FormatValue(m, v)
	if p.Prov.Projected() {
		s = ProjectedMark + " " + s
	}
	return s
}

// ShortRunFlag is the flag of a short run shown raw: "short run (1200 s),
// not projected: no pairs"; "" for any other point.
func ShortRunFlag(p *model.Point, projs []model.Projection) string {
	why := model.NotProjectedWhy(p, projs)
	if why == "" {
		return ""
	}
	return ShortRunText(p.Prov.DurationS, why)
}

// ShortRunText is ShortRunFlag's wording for a length and a reason.
func ShortRunText(lengthS float64, why string) string {
	return "short run (" + secs(lengthS) + "), not projected: " + why
}

// RunLengthLegend says, under a table or plot of points, how its projected
// runs were projected, once per short length among them: "≈ projected from
// a 1200 s run × 3.80 (3 pairs, ±0.04 %)" for the y metric, the x metric's
// factor after it when it has one. metrics are the shown metrics (y
// first).
func RunLengthLegend(points []model.Point, projs []model.Projection, metrics ...model.Metric) []Line {
	type key struct {
		curve model.CurveKey
		s     float64
	}
	var seen []key
	var out []Line
	for i := range points {
		p := &points[i]
		if !p.Prov.Projected() {
			continue
		}
		k := key{p.Curve, p.Prov.ProjectedFromS}
		if slices.Contains(seen, k) {
			continue
		}
		seen = append(seen, k)
		pr, ok := model.ProjectionOf(projs, p.Curve)
		if !ok {
			out = append(out, Line{S(Warn, ProjectedMark+" projected from a "+secs(k.s)+" run")})
			continue
		}
		var parts []string
		for j, m := range metrics {
			f, ok := factorFor(&pr, m, k.s)
			if !ok {
				continue
			}
			op := "×"
			if m == model.CostPerMTok {
				op = "÷"
			}
			s := fmt.Sprintf("%s %.2f (%s, ±%.2f %%)", op, f.Factor, model.Plural(f.Pairs, "pair"), f.SpreadPct)
			if j > 0 { // the first (y) metric's factor is the legend's own
				s = m.Name() + " " + s
			}
			parts = append(parts, s)
		}
		text := ProjectedMark + " projected from a " + secs(k.s) + " run to " + secs(pr.SteadyS)
		if len(parts) > 0 {
			text = ProjectedMark + " projected from a " + secs(k.s) + " run " + strings.Join(parts, "; ")
		}
		out = append(out, Line{S(Warn, text)})
	}
	return out
}

// ShortRunLegend says, under a table with a short run shown raw, that such
// a run is on no frontier; nothing when there is none.
func ShortRunLegend(points []model.Point, projs []model.Projection) []Line {
	for i := range points {
		if model.NotProjectedWhy(&points[i], projs) != "" {
			return []Line{{S(Muted, "a short run not projected is shown with its own numbers and is on no frontier")}}
		}
	}
	return nil
}

// factorFor is the factor behind metric m at a short length: throughput's
// for the metrics derived from it.
func factorFor(pr *model.Projection, m model.Metric, shortS float64) (model.RunFactor, bool) {
	if m.Derived() {
		m = model.TputPerGPU
	}
	return pr.Factor(m, shortS)
}
