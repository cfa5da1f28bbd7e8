package model

import "sort"

// XYPoint is one point's coordinates on an axis pair, with its index in the
// slice it came from.
type XYPoint struct {
	X, Y  float64
	Index int
}

// Coords returns the points that have both metrics, in input order.
func Coords(points []Point, x, y Axis) []XYPoint {
	out := make([]XYPoint, 0, len(points))
	for i := range points {
		if xv, yv, ok := points[i].XY(x, y); ok {
			out = append(out, XYPoint{X: xv, Y: yv, Index: i})
		}
	}
	return out
}

// Frontier returns the indices (into points) of the Pareto frontier on
// (x, y), sorted by x ascending. y is higher-is-better; x follows its axis.
// Exact duplicates keep the first. O(n log n).
func Frontier(points []Point, x, y Axis) []int {
	c := Coords(points, x, y)
	return frontierOf(c, x, y)
}

func frontierOf(c []XYPoint, x, y Axis) []int {
	// Visit from the best x to the worst; a point is on the frontier when
	// its y beats every y seen at strictly better x (ties at equal x: only
	// the best y survives).
	sort.SliceStable(c, func(i, j int) bool {
		if c[i].X != c[j].X {
			return x.Better(c[i].X, c[j].X)
		}
		if c[i].Y != c[j].Y {
			return y.Better(c[i].Y, c[j].Y)
		}
		return c[i].Index < c[j].Index
	})
	var front []XYPoint
	for i := 0; i < len(c); {
		j := i
		for j < len(c) && c[j].X == c[i].X {
			j++
		}
		// c[i] is the best y at this x; later ones at the same x are dominated.
		if len(front) == 0 || y.Better(c[i].Y, front[len(front)-1].Y) {
			front = append(front, c[i])
		}
		i = j
	}
	sort.Slice(front, func(a, b int) bool { return front[a].X < front[b].X })
	out := make([]int, len(front))
	for i, p := range front {
		out[i] = p.Index
	}
	return out
}
