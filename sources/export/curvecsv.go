package export

import (
	"encoding/csv"
	"io"
	"strconv"

	"github.com/sweeptune/sweeptune/model"
)

// CSVCurve is one curve's points with their frontier and hull flags on the
// chosen axes (index-aligned with Points).
type CSVCurve struct {
	Key        model.CurveKey
	Points     []model.Point
	OnFrontier []bool
	HullVertex []bool
	// Projections are the curve's run-length projections, for why a short
	// run is not projected (model.NotProjectedWhy).
	Projections []model.Projection
}

// WriteCurvesCSV writes the points table of the curves: one row per point
// (its label, or its shape and concurrency) with the chosen x and y at
// full precision (empty when absent) and its
// status on the curve: "hull vertex", "frontier" (under the hull),
// "dominated", "short run" (shown raw, on no frontier) or "" without both
// metrics. A projected run (docs/noise.md) gives its own length and
// measured x and y after them; a short run not projected, why.
func WriteCurvesCSV(w io.Writer, x, y model.Axis, curves []CSVCurve) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"curve", "id", "label", "source", "date", "gpus", "concurrency", x.Name, y.Name, "status",
		"projected_from_s", "raw " + x.Name, "raw " + y.Name, "not_projected"})
	for _, c := range curves {
		for i := range c.Points {
			p := &c.Points[i]
			_, _, both := p.XY(x, y)
			status := ""
			switch {
			case i < len(c.OnFrontier) && c.OnFrontier[i] && i < len(c.HullVertex) && c.HullVertex[i]:
				status = "hull vertex"
			case i < len(c.OnFrontier) && c.OnFrontier[i]:
				status = "frontier"
			case both && p.Prov.RawShort():
				status = "short run"
			case both:
				status = "dominated"
			}
			from, rawX, rawY := "", "", ""
			if p.Prov.Raw != nil {
				raw := model.Point{Metrics: *p.Prov.Raw}
				from, rawX, rawY = strconv.FormatFloat(p.Prov.ProjectedFromS, 'f', -1, 64), value(&raw, x.Metric), value(&raw, y.Metric)
			}
			cw.Write([]string{c.Key.String(), p.ID, p.DisplayLabel(), string(p.Source), p.Prov.Date,
				positive(p.GPUs()), positive(p.Knobs.Concurrency), value(p, x.Metric), value(p, y.Metric), status,
				from, rawX, rawY, model.NotProjectedWhy(p, c.Projections)})
		}
	}
	cw.Flush()
	return cw.Error()
}

func value(p *model.Point, m model.Metric) string {
	v, ok := p.Value(m)
	if !ok {
		return ""
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

func positive(n int) string {
	if n <= 0 {
		return ""
	}
	return strconv.Itoa(n)
}
