package model

import "sort"

// HullGap says where one point stands against the upper concave hull of its
// curve's frontier.
type HullGap struct {
	Index     int     // into the points given
	Vertex    bool    // a vertex of the hull
	HullValue float64 // the hull's y at the point's x
	// Gap is how far the point falls short of the hull (≥ 0 up to
	// rounding): HullValue − y, or y − HullValue on a lower-is-better y.
	Gap    float64
	GapPct float64 // 100 × Gap / HullValue: the same, in percent of the hull
}

// hull is the upper concave hull of a frontier with free disposal: from the
// best-x point to the highest-y point the chain of vertices, beyond it (worse
// x) flat at the highest y, since a configuration can always be run at a
// worse x. Vertices are kept in good-x order (ascending u). Both axes are
// taken in their good direction, so a lower-is-better y (cost) works too.
type hull struct {
	x, yAxis Axis
	u, y     []float64 // good(x, X) and good(y, Y) of the vertices, u ascending
	index    []int     // the vertices' indices into the points
}

// newHull builds the hull over a frontier given in x ascending order. A point
// on a hull edge (collinear) is not a vertex: time-sharing its neighbours
// gives the same.
func newHull(front []XYPoint, x, y Axis) hull {
	h := hull{x: x, yAxis: y}
	n := len(front)
	// Walk in good-x order; the frontier's y falls as x gets better, so the
	// chain starts at the last point with the highest y (plateau points before
	// it lie on the flat part).
	at := func(k int) XYPoint {
		if x.HigherBetter {
			return front[k]
		}
		return front[n-1-k]
	}
	start := 0
	for k := 1; k < n; k++ {
		if good(y, at(k).Y) >= good(y, at(start).Y) {
			start = k
		}
	}
	for k := start; k < n; k++ {
		p := at(k)
		u, v := good(x, p.X), good(y, p.Y)
		for m := len(h.u); m >= 2; m-- {
			// Pop the last vertex while it is not strictly above the chord
			// from the one before it to p.
			cross := (h.u[m-1]-h.u[m-2])*(v-h.y[m-2]) - (h.y[m-1]-h.y[m-2])*(u-h.u[m-2])
			if cross < 0 {
				break
			}
			h.u, h.y, h.index = h.u[:m-1], h.y[:m-1], h.index[:m-1]
		}
		h.u = append(h.u, u)
		h.y = append(h.y, v)
		h.index = append(h.index, p.Index)
	}
	return h
}

// value is the hull's raw y at raw x value xv.
func (h hull) value(xv float64) float64 {
	return good(h.yAxis, h.goodValue(xv)) // negation is its own inverse
}

// goodValue is the hull at xv in good-y terms.
func (h hull) goodValue(xv float64) float64 {
	if len(h.u) == 0 {
		return 0
	}
	u := good(h.x, xv)
	if u <= h.u[0] {
		return h.y[0]
	}
	last := len(h.u) - 1
	if u >= h.u[last] {
		return h.y[last]
	}
	k := sort.SearchFloat64s(h.u, u) // h.u[k-1] < u <= h.u[k]
	if h.u[k] == u {
		return h.y[k]
	}
	return interpolate(h.u[k-1], h.y[k-1], h.u[k], h.y[k], u)
}

// interpolate is the line through (x0, y0) and (x1, y1) at x, written as the
// line test is (docs/review.md) so that results agree to the last digit.
func interpolate(x0, y0, x1, y1, x float64) float64 {
	return y0 + (x-x0)*(y1-y0)/(x1-x0)
}

func hullOf(points []Point, x, y Axis) (hull, []XYPoint) {
	c := Coords(points, x, y)
	return newHull(frontierOf(points, c, x, y), x, y), c
}

// HullVertices returns the indices of the hull vertices of the points'
// frontier on (x, y), sorted by x ascending.
func HullVertices(points []Point, x, y Axis) []int {
	h, _ := hullOf(points, x, y)
	out := append([]int(nil), h.index...)
	if !x.HigherBetter {
		// Good-x order is x descending on a lower-is-better axis.
		for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
			out[i], out[j] = out[j], out[i]
		}
	}
	return out
}

// HullGaps gives, for every point that has both metrics (in input order),
// whether it is a hull vertex and how far below the hull it lies.
func HullGaps(points []Point, x, y Axis) []HullGap {
	h, all := hullOf(points, x, y)
	vertex := make([]bool, len(points))
	for _, i := range h.index {
		vertex[i] = true
	}
	out := make([]HullGap, len(all))
	for k, p := range all {
		g := HullGap{Index: p.Index, Vertex: vertex[p.Index], HullValue: p.Y}
		if !g.Vertex {
			g.HullValue = h.value(p.X)
			g.Gap = good(y, g.HullValue) - good(y, p.Y)
			if g.HullValue != 0 {
				g.GapPct = 100 * g.Gap / g.HullValue
			}
		}
		out[k] = g
	}
	return out
}
