package curve

import "github.com/sweeptune/sweeptune/workbench"

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
	if _, ok := m.cached[k]; ok {
		return nil, nil
	}
	shown := shownRefs{key: m.st.Curve, refs: m.st.ViewRefs()}
	x, y, g := m.st.X, m.st.Y, m.st.Geometry()
	return func() any { return shownSeries(shown, x, y, g) }, func(s any) {
		if _, ok := m.cached[k]; !ok {
			keep(&m.cached, k, s.(*cachedSeries))
		}
	}
}
