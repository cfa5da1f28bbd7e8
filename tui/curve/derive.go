package curve

import (
	"github.com/sweeptune/sweeptune/render/plot"
	"github.com/sweeptune/sweeptune/tui/workbench"
)

// rebuildOn are the changes after which Refresh rebuilds the series.
const rebuildOn = workbench.ChangeData | workbench.ChangeAxis | workbench.ChangeCurve | workbench.ChangeOverlay | workbench.ChangeDisplay

// Derive is rebuild's series of the shown curve as work that reads only
// the view, its geometry and the axes, and its keeping (tui.deriver): the
// key makes it beside the table's work. Nothing when it is kept, or when
// the plot shows the frontier only (the marks then decide which points
// stay: made by rebuild).
func (m *Model) Derive(c workbench.Change) (func() any, func(any)) {
	if c&rebuildOn == 0 || m.st.OptimalOnly {
		return nil, nil
	}
	k := m.shownSeriesKey()
	if _, ok := m.cached.get(k); ok {
		return nil, nil
	}
	shown := shownRefs{key: m.st.Curve, refs: m.st.ViewRefs()}
	x, y, g := m.st.X, m.st.Y, m.st.Geometry()
	// Drawn alone on the canvas of the last frame, the series is binned
	// here too: the draw then finds it binned (at a million points 1.5–3 ms
	// off the frame's one-core part).
	canvas, binAhead := m.lastPlot, m.lastPlot.Width > 0 && len(m.st.Overlays) == 0
	canvas.X, canvas.Y, canvas.LogX = x, y, m.st.LogX
	return func() any {
			c := shownSeries(shown, x, y, g)
			if binAhead {
				c.bins = new(plot.Bins)
				c.bins.Prepare([]plot.Series{c.s}, 0, canvas)
			}
			return c
		}, func(s any) {
			if _, ok := m.cached.get(k); !ok {
				m.cached.put(k, s.(*cachedSeries), m.drawnViews)
			}
		}
}
