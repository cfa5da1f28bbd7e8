package plot

import "github.com/sweeptune/sweeptune/model"

// ViewValues are what the pass that made a view read of its points, of
// which the shown curve's markers are made without reading a point again
// (at a million points, a view's points lie a page apart: two cache misses
// each, most of the markers' time).
type ViewValues struct {
	// Coords are the coordinates of the points the frontier is found
	// among; Held those of the other points with both (held out), each
	// by view index, ascending.
	Coords, Held []model.XYPoint
	// IDs and Tags are every view point's ID and tag, by view index.
	IDs  []string
	Tags []model.Tag
}

// CurveSeriesOfView is CurveSeriesWithFrontierRefs(refs, front, …, nil)
// made of v, the values of refs' points on x and y: the same series,
// no point read.
func CurveSeriesOfView(refs []*model.Point, v ViewValues, front []int, cs CurveStyle) Series {
	onFrontier := frontierFlags(len(refs), front)
	at := v.Coords
	if len(v.Held) > 0 {
		at = mergeByIndex(v.Coords, v.Held)
	}
	out, present := markersInHalves(len(at), parallelSeries, func(dst []PlotPoint, lo int, present []bool) int {
		w := 0
		for _, c := range at[lo : lo+len(dst)] {
			k, t := c.Index, v.Tags[c.Index]
			if pp, ok := marker(c.X, c.Y, v.IDs[k], refs[k], t, onFrontier[k], &cs, nil); ok {
				present[tagClass(t)-1] = true
				dst[w] = pp
				w++
			}
		}
		return w
	})
	return seriesOf(cs, len(refs), out, present)
}

// mergeByIndex is a and b, each ascending by index, as one.
func mergeByIndex(a, b []model.XYPoint) []model.XYPoint {
	out := make([]model.XYPoint, 0, len(a)+len(b))
	for len(a) > 0 && len(b) > 0 {
		if a[0].Index < b[0].Index {
			out, a = append(out, a[0]), a[1:]
		} else {
			out, b = append(out, b[0]), b[1:]
		}
	}
	return append(append(out, a...), b...)
}
