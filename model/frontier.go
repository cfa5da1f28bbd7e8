package model

import (
	"cmp"
	"slices"
)

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

// good maps a value so that larger is better on the axis; negation is exact,
// so differences of good values are differences of the raw values.
func good(a Axis, v float64) float64 {
	if a.HigherBetter {
		return v
	}
	return -v
}

// Dominates reports whether q is at least as good as p on both axes and
// strictly better on one (DESIGN.md §4). The review uses it.
func Dominates(x, y Axis, qx, qy, px, py float64) bool {
	qu, pu, qv, pv := good(x, qx), good(x, px), good(y, qy), good(y, py)
	return qu >= pu && qv >= pv && (qu > pu || qv > pv)
}

// FrontierBeats is the relation the frontier drops points by; it mirrors the
// InferenceX dashboard (InferenceX-app lib/chart-utils.ts):
//   - higher-is-better x (interactivity charts, "upper_left" roofline): plain
//     Dominates, so of an equal-throughput plateau only the best-x point stays;
//   - lower-is-better x (E2EL charts, "upper_right" roofline): only a strictly
//     higher y at an equal or better x beats a point, so equal-throughput
//     plateaus at distinct x stay on the frontier (and count for coverage).
//
// Exact duplicates (same x and y) beat neither way; Frontier keeps one of them.
func FrontierBeats(x, y Axis, qx, qy, px, py float64) bool {
	if x.HigherBetter {
		return Dominates(x, y, qx, qy, px, py)
	}
	return good(x, qx) >= good(x, px) && good(y, qy) > good(y, py)
}

// Frontier returns the indices (into points) of the Pareto frontier on
// (x, y), sorted by x ascending, as the InferenceX dashboard draws it (see
// FrontierBeats for the plateau rule). Of exact duplicates the one with the
// smallest ID (then index) stays, so the result does not depend on input
// order. Points missing either metric are ignored. O(n log n).
func Frontier(points []Point, x, y Axis) []int {
	c := Coords(points, x, y)
	front := frontierOf(points, c, x, y)
	out := make([]int, len(front))
	for i, p := range front {
		out[i] = p.Index
	}
	return out
}

// frontierOf returns the frontier of c sorted by x ascending; c is reordered.
func frontierOf(points []Point, c []XYPoint, x, y Axis) []XYPoint {
	// Visit from the best x to the worst, best y first within one x; the
	// first of each x is the only candidate there.
	slices.SortFunc(c, func(a, b XYPoint) int {
		if r := cmp.Compare(good(x, b.X), good(x, a.X)); r != 0 {
			return r
		}
		if r := cmp.Compare(good(y, b.Y), good(y, a.Y)); r != 0 {
			return r
		}
		if points != nil {
			if r := cmp.Compare(points[a.Index].ID, points[b.Index].ID); r != 0 {
				return r
			}
		}
		return cmp.Compare(a.Index, b.Index)
	})
	plateau := !x.HigherBetter
	var front []XYPoint
	for i := 0; i < len(c); {
		j := i + 1
		for j < len(c) && c[j].X == c[i].X {
			j++
		}
		if len(front) == 0 {
			front = append(front, c[i])
		} else {
			best := good(y, front[len(front)-1].Y) // best y at strictly better x
			v := good(y, c[i].Y)
			if v > best || (plateau && v == best) {
				front = append(front, c[i])
			}
		}
		i = j
	}
	if x.HigherBetter {
		slices.Reverse(front)
	}
	return front
}
