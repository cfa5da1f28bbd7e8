// Package curve is the plot pane: one series per source drawn as its
// frontier, point markers, a legend and a readout of the selected point.
package curve

import (
	"fmt"
	"strings"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/render"
	"github.com/sweeptune/sweeptune/render/plot"
	"github.com/sweeptune/sweeptune/themes"
	"github.com/sweeptune/sweeptune/tui/frame"
	"github.com/sweeptune/sweeptune/tui/paint"
)

// Input is everything the pane draws; Render is pure over it.
type Input struct {
	Series   []plot.Series
	X, Y     model.Axis
	LogX     bool
	Labels   bool         // shape and concurrency beside frontier points
	Selected *model.Point // nil when nothing is selected
	Marked   bool         // the selected point is marked for removal
	Gain     *GainNote    // the selected point against an overlay, when asked
	// RunLength are the lines saying how the shown curve's projected runs
	// were projected (render.RunLengthLegend), under the axis caption.
	RunLength []string
	// Bins, when set, draws the first Binned series through it (binned to
	// the canvas' cells, the same plot) and the rest whole; Version names
	// their content (plot.Bins.Plot).
	Bins    *plot.Bins
	Binned  int
	Version uint64
}

// GainNote is the selected point's gain against an overlaid curve at its x.
type GainNote struct {
	Vs    string // the overlay's short name
	Gain  model.Gain
	Known bool // the point has both metrics
	// Noise is "within noise (±x %, n pairs)" when the gain is no larger
	// than the curve's run-to-run spread; "" otherwise.
	Noise string
}

// Render draws the pane body in exactly w×h cells.
func Render(in Input, st themes.Styles, w, h int) string {
	return draw(in, st, w, h).body
}

// drawing is a drawn body and what a click on it, and the next view's
// bins, need of it.
type drawing struct {
	body   string
	canvas plot.Canvas   // the plot
	series []plot.Series // the series its markers index
	top    int           // the body row the canvas starts on
	opt    plot.PlotOptions
}

// draw is Render plus the plot's canvas, the series its markers index
// and the body row it starts on, so a click on the body can be traced to
// a marker.
func draw(in Input, st themes.Styles, w, h int) drawing {
	if w <= 0 || h <= 0 {
		return drawing{}
	}
	// Legend, caption and readout wrap rather than being cut, as long as
	// the plot keeps minPlotH rows; below that they take one row each.
	legend := frame.Wrap(Legend(in.Series, st), w)
	caption := frame.Wrap(st.Muted.Render(plot.AxisCaption(in.X, in.Y, in.LogX)), w)
	for _, l := range in.RunLength {
		caption = append(caption, frame.Wrap(st.Warn.Render(l), w)...)
	}
	var head, vals []string
	if h >= 10 {
		head, vals = readout(in.Selected, in.Marked, in.X, in.Y, st, w)
		if in.Gain != nil {
			vals = append(vals, frame.Wrap(st.Text.Render(gainText(*in.Gain, in.Y)), w)...)
		}
	}
	if h < 6 {
		legend, caption = nil, nil
	}
	if h-len(legend)-len(caption)-len(head)-len(vals) < minPlotH {
		legend, caption, head, vals = first(legend), first(caption), first(head), first(vals)
	}
	readout := append(head, vals...)
	plotH := h - len(legend) - len(caption) - len(readout)
	opt := plot.PlotOptions{
		Width: w, Height: plotH, X: in.X, Y: in.Y, LogX: in.LogX, Selected: selectedID(in.Selected), Labels: in.Labels,
	}
	var canvas plot.Canvas
	drawn := in.Series
	if in.Bins != nil {
		canvas, drawn = in.Bins.Plot(in.Series[:in.Binned], in.Version, in.Series[in.Binned:], opt)
	} else {
		canvas = plot.Plot(in.Series, opt)
	}
	lines := make([]string, 0, h)
	lines = append(lines, legend...)
	lines = append(lines, paint.Canvas(canvas, st)...)
	lines = append(lines, caption...)
	lines = append(lines, readout...)
	return drawing{body: strings.Join(frame.Fit(strings.Join(lines, "\n"), w, h), "\n"), canvas: canvas, series: drawn, top: len(legend), opt: opt}
}

// minPlotH is the fewest plot rows worth wrapping the text around it for.
const minPlotH = 8

func first(lines []string) []string {
	if len(lines) > 1 {
		return lines[:1]
	}
	return lines
}

func selectedID(p *model.Point) string {
	if p == nil {
		return ""
	}
	return p.ID
}

// Legend names each drawn series' markers in their colour (the shown
// curve's sources, then each overlaid curve), then the marker shapes.
func Legend(series []plot.Series, st themes.Styles) string {
	var parts []string
	for _, it := range plot.Legend(series) {
		parts = append(parts, st.SeriesStyle(int(it.Class)).Render(fmt.Sprintf("%c %s", it.Glyph, it.Text)))
	}
	parts = append(parts, st.Muted.Render("○ dominated"))
	if plot.HasSuspect(series) {
		parts = append(parts, st.Muted.Render(string(plot.SuspectGlyph)+" suspect"))
	}
	parts = append(parts,
		st.MarkSelected.Render("◆")+st.Muted.Render(" selected"),
		st.MarkRemoved.Render("×")+st.Muted.Render(" removal"))
	return strings.Join(parts, "  ")
}

// gainText is "gain vs b200 · vllm at x 97.4: 1,005,892.79 → +11.05 %".
func gainText(g GainNote, y model.Axis) string {
	switch {
	case !g.Known:
		return fmt.Sprintf("gain vs %s: – (no %s or x)", g.Vs, y.Name)
	case !g.Gain.HasOther:
		return fmt.Sprintf("gain vs %s: – (x outside its frontier; never extrapolated)", g.Vs)
	}
	s := fmt.Sprintf("gain vs %s at the same x: %s there → %+.2f %%", g.Vs, model.FormatValue(y.Metric, g.Gain.Other), g.Gain.GainPct)
	if g.Noise != "" {
		s += " · " + g.Noise
	}
	return s
}

// Readout is the selected point's exact values: a head line and the values,
// each wrapped to w.
func Readout(p *model.Point, marked bool, x, y model.Axis, st themes.Styles, w int) []string {
	head, vals := readout(p, marked, x, y, st, w)
	return append(head, vals...)
}

// readout is the readout's head (label, ID, source, GPUs) and values, each
// wrapped to w.
func readout(p *model.Point, marked bool, x, y model.Axis, st themes.Styles, w int) (head, vals []string) {
	if p == nil {
		return []string{st.Muted.Render("no point selected")}, []string{""}
	}
	title := fmt.Sprintf("◆ %s  %s  %s  %s", p.DisplayLabel(), p.ID, p.Source, model.Plural(p.GPUs(), "GPU"))
	if marked {
		title += "  " + st.MarkRemoved.Render("× marked for removal")
	}
	var vs []string
	add := func(a model.Axis) {
		vs = append(vs, a.Name+" "+render.ValueCell(p, a.Metric))
	}
	add(y)
	add(x)
	for _, m := range []model.Metric{model.MeanIntvty, model.P90Intvty, model.P90E2EL} {
		if m != x.Metric {
			if p.Metrics.Has(m) {
				vs = append(vs, m.Name()+" "+render.ValueCell(p, m))
			}
		}
	}
	if p.Prov.RawShort() {
		vs = append(vs, fmt.Sprintf("short run (%.0f s), not projected: on no frontier", p.Prov.DurationS))
	}
	return frame.Wrap(st.Bold.Render(title), w), frame.Wrap(st.Text.Render(strings.Join(vs, "  ")), w)
}
