package render

import (
	"strings"

	"github.com/sweeptune/sweeptune/render/plot"
)

// Plot is a plot of series as text: the canvas' lines, the axis caption
// and the legend (the report's plots and the workbench's written view).
func Plot(series []plot.Series, o plot.PlotOptions) Doc {
	var d Doc
	canvas := plot.Plot(series, o)
	for _, l := range canvas.Lines {
		d.Add(P(strings.TrimRight(l, " ")))
	}
	d.Add(S(Muted, plot.AxisCaption(o.X, o.Y, o.LogX)))
	legend := "frontier points: " + plot.LegendText(series) + "   ○ dominated"
	if plot.HasSuspect(series) {
		legend += "  " + string(plot.SuspectGlyph) + " suspect"
	}
	d.Add(S(Muted, legend))
	return d
}
