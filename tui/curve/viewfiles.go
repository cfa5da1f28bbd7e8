package curve

import (
	"bytes"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/render"
	"github.com/sweeptune/sweeptune/render/plot"
	"github.com/sweeptune/sweeptune/sources/export"
	"github.com/sweeptune/sweeptune/tui/workbench"
)

// The written view's plot size: a terminal's worth, whatever the pane's.
const viewPlotW, viewPlotH = 100, 26

// ViewFiles renders what the pane shows, for e: the shown and overlaid
// curves' points table as CSV (the chosen x and y, frontier and hull status)
// and the plot as text. ViewFiles renders the view's CSV and text plot (pure: tests call it).
func ViewFiles(st *workbench.State) (csvData []byte, text string) {
	curves := append([]model.Curve{st.ShownCurve()}, st.OverlayCurves()...)
	rows := make([]export.CSVCurve, len(curves))
	for i, c := range curves {
		front, hull := curveFlags(c.Points, st.X, st.Y)
		rows[i] = export.CSVCurve{Key: c.Key, Points: c.Points, OnFrontier: front, HullVertex: hull}
	}
	var buf bytes.Buffer
	export.WriteCurvesCSV(&buf, st.X, st.Y, rows)

	series := plot.CurveSet(st.ShownCurve(), st.OverlayCurves(), st.X, st.Y, st.OptimalOnly, nil)
	title := st.Curve.String()
	if st.AsOf != "" {
		title += " · as of " + st.AsOf
	}
	var d render.Doc
	d.Add(render.P(title))
	d.Append(render.Plot(series, plot.PlotOptions{Width: viewPlotW, Height: viewPlotH, X: st.X, Y: st.Y, LogX: st.LogX, Labels: st.Labels}))
	return buf.Bytes(), d.Plain()
}

// curveFlags are a curve's frontier and hull-vertex flags over its
// measured points (planned ones are never on it), as the plot draws them.
func curveFlags(pts []model.Point, x, y model.Axis) (front, hull []bool) {
	front, hull = make([]bool, len(pts)), make([]bool, len(pts))
	measured := make([]model.Point, 0, len(pts))
	at := make([]int, 0, len(pts))
	for i := range pts {
		if pts[i].Source != model.SourcePlanned {
			measured = append(measured, pts[i])
			at = append(at, i)
		}
	}
	for _, k := range model.Frontier(measured, x, y) {
		front[at[k]] = true
	}
	for _, k := range model.HullVertices(measured, x, y) {
		hull[at[k]] = true
	}
	return front, hull
}
