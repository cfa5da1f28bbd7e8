package tui

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/render/plot"
	"github.com/sweeptune/sweeptune/sources/export"
	"github.com/sweeptune/sweeptune/workbench"
)

// e writes what the curve pane shows: the shown and overlaid curves'
// points table as CSV (the chosen x and y, frontier and hull status) and
// the plot as text, into new files (an existing file is never replaced).

// viewWrittenMsg reports the files e wrote.
type viewWrittenMsg struct {
	files []string
	err   error
}

// The text plot's size: a terminal's worth, whatever the pane's.
const viewPlotW, viewPlotH = 100, 26

func (m *Model) writeView() tea.Cmd {
	if len(m.st.View()) == 0 {
		m.info("nothing to write: no curve is shown")
		return nil
	}
	csvData, text := ViewFiles(m.st)
	base := filepath.Join(m.opts.ViewDir, "sweeptune-"+model.Slug(m.st.Curve.String())+"-"+m.st.Y.Name)
	m.info("writing the view…")
	dir := m.opts.ViewDir
	return func() tea.Msg {
		if dir != "" {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return viewWrittenMsg{err: err}
			}
		}
		var files []string
		for _, f := range []struct {
			ext  string
			data []byte
		}{{".csv", csvData}, {".txt", []byte(text)}} {
			name, err := export.WriteNewFile(base+f.ext, f.data)
			if err != nil {
				return viewWrittenMsg{files: files, err: err}
			}
			files = append(files, name)
		}
		return viewWrittenMsg{files: files}
	}
}

func (m *Model) handleViewWritten(msg viewWrittenMsg) {
	if msg.err != nil {
		m.fail("writing the view failed: " + msg.err.Error())
		return
	}
	m.info("wrote " + strings.Join(msg.files, ", "))
}

// ViewFiles renders the view's CSV and text plot (pure: tests call it).
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
	canvas := plot.Plot(series, plot.PlotOptions{Width: viewPlotW, Height: viewPlotH, X: st.X, Y: st.Y, LogX: st.LogX, Labels: st.Labels})
	var b strings.Builder
	title := st.Curve.String()
	if st.AsOf != "" {
		title += " · as of " + st.AsOf
	}
	fmt.Fprintln(&b, title)
	for _, l := range canvas.Lines {
		fmt.Fprintln(&b, strings.TrimRight(l, " "))
	}
	fmt.Fprintln(&b, plot.AxisCaption(st.X, st.Y, st.LogX))
	fmt.Fprintln(&b, "frontier points: "+plot.LegendText(series)+"   ○ dominated")
	return buf.Bytes(), b.String()
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
