package workbench

import (
	"slices"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/model/columns"
)

// viewAxes are the axes whose coordinates the pass that makes a view
// gathers (the shown view, made on the key): the geometry then reads them
// instead of the points again (State.Geometry).
type viewAxes struct{ x, y model.Axis }

// coordsPart is model.CoordsRefs of some of a view's points, in view
// order, with whether each is a short run shown raw.
type coordsPart struct {
	c   []model.XYPoint
	raw []bool
	// rest are the values on x and y of the points c leaves out (held
	// out, or without both metrics) that have either (Geometry.Rest).
	rest []Partial
}

// Partial is a view point's value on x, on y or on both when it has no
// coordinates in Geometry.Coords (held out, or a metric missing): the
// table sorts by them without reading the point.
type Partial struct {
	X, Y       float64
	Index      int
	HasX, HasY bool
}

// newCoordsPart has room for the coordinates of n points: a view's pass
// that grew its parts by appending copied them and their fresh pages
// again at each doubling, two-thirds of a new 83,000-point view's work.
func newCoordsPart(n int) coordsPart {
	return coordsPart{c: make([]model.XYPoint, 0, n), raw: make([]bool, 0, n)}
}

// add counts view point k, p, whose column entry is h, as
// model.CoordsRefs reads it (columns.CoordOnHot).
func (cp *coordsPart) add(h *columns.Hot, p *model.Point, k int, a *viewAxes) {
	if c, raw, ok := columns.CoordOnHot(h, p, k, a.x.Metric, a.y.Metric); ok {
		cp.c = append(cp.c, c)
		cp.raw = append(cp.raw, raw)
		return
	}
	x, hasX := h.Get(a.x.Metric, p)
	y, hasY := h.Get(a.y.Metric, p)
	if hasX || hasY {
		cp.rest = append(cp.rest, Partial{X: x, Y: y, Index: k, HasX: hasX, HasY: hasY})
	}
}

// viewMarks are each view point's ID and tag (model.Tag), by view
// index, read by the pass that made the view: what the plot's markers
// show besides the coordinates (Geometry.Marks).
type viewMarks struct {
	ids  []string
	tags []model.Tag
}

func newViewMarks(n int) viewMarks {
	return viewMarks{ids: make([]string, n), tags: make([]model.Tag, n)}
}

// mergeRest is the parts' rest in index order.
func mergeRest(parts ...coordsPart) []Partial {
	var out []Partial
	for _, p := range parts {
		out = append(out, p.rest...)
	}
	byIndex := func(a, b Partial) int { return a.Index - b.Index }
	if !slices.IsSortedFunc(out, byIndex) {
		slices.SortFunc(out, byIndex)
	}
	return out
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
	if out, short, ok := concatCoords(parts, n); ok {
		return out, short
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

// concatCoords is mergeCoords of parts whose indices follow one another
// (the halves of a view that copied no point, most views): the parts one
// after the other, in the first part's room when it has it, with no
// element-by-element merge and no new array; false for parts that
// interleave. A later part may lie in that room, further on (the halves
// of one array): it is moved down, as append moves overlapping elements.
func concatCoords(parts []coordsPart, n int) ([]model.XYPoint, []int, bool) {
	last := -1
	for _, p := range parts {
		if len(p.c) == 0 {
			continue
		}
		if p.c[0].Index <= last {
			return nil, nil, false
		}
		last = p.c[len(p.c)-1].Index
	}
	out := parts[0].c
	if cap(out) < n {
		out = make([]model.XYPoint, 0, n)
		out = append(out, parts[0].c...)
	}
	var short []int
	for j, p := range parts {
		if j > 0 {
			out = append(out, p.c...)
		}
		base := len(out) - len(p.c)
		for i, raw := range p.raw {
			if raw {
				short = append(short, base+i)
			}
		}
	}
	return out, short, true
}
