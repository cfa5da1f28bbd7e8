package cli

import (
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/render"
	"github.com/sweeptune/sweeptune/sources"
)

// report is what report prints: per curve its points (model.Point marshals
// itself) and, per point, whether it is on the frontier of the chosen axes
// and a vertex of the upper concave hull.
type report struct {
	X, Y      model.Axis
	Curves    []reportCurve
	Warnings  []string
	Published []sources.PublishedSource // where published points came from
}

type reportCurve = render.ReportCurve

// buildReport marks each curve's frontier and hull vertices on the chosen
// axes; projs are the view's run-length projections (from every run, not
// only the shown ones).
func buildReport(ds *sources.Dataset, curves []model.Curve, projs []model.Projection, x, y model.Axis) report {
	rep := report{X: x, Y: y, Warnings: loadWarnings(ds, nil), Published: ds.Published} // stderr says them too
	for _, c := range curves {
		rc := render.MarkCurve(c, x, y)
		if pr, ok := model.ProjectionOf(projs, c.Key); ok {
			rc.RunLength = &pr
		}
		rep.Curves = append(rep.Curves, rc)
	}
	return rep
}
