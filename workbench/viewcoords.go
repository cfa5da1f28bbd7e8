package workbench

import "github.com/sweeptune/sweeptune/model"

// viewAxes are the axes whose coordinates the pass that makes a view
// gathers (the shown view, made on the key): the geometry then reads them
// instead of the points again (State.Geometry).
type viewAxes struct{ x, y model.Axis }

// coordsPart is model.CoordsRefs of some of a view's points, in view
// order, with whether each is a short run shown raw.
type coordsPart struct {
	c   []model.XYPoint
	raw []bool
}

// add counts view point k, p, as model.CoordsRefs reads it (model.CoordOf).
func (cp *coordsPart) add(p *model.Point, k int, a *viewAxes) {
	if c, raw, ok := model.CoordOf(p, k, a.x, a.y); ok {
		cp.c = append(cp.c, c)
		cp.raw = append(cp.raw, raw)
	}
}

// mergeCoords is the view's coordinates from parts each in view order
// (the points read in place, in two halves, and the copies), merged by
// index, and the places in them of the short runs shown raw: what
// model.FrontierHullOfCoords takes.
func mergeCoords(parts ...coordsPart) ([]model.XYPoint, []int) {
	n := 0
	for _, p := range parts {
		n += len(p.c)
	}
	out := make([]model.XYPoint, 0, n)
	var short []int
	at := make([]int, len(parts))
	for len(out) < n {
		best := -1
		for j, p := range parts {
			if at[j] < len(p.c) && (best < 0 || p.c[at[j]].Index < parts[best].c[at[best]].Index) {
				best = j
			}
		}
		p := parts[best]
		if p.raw[at[best]] {
			short = append(short, len(out))
		}
		out = append(out, p.c[at[best]])
		at[best]++
	}
	return out, short
}
