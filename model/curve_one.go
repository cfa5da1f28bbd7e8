package model

import "sort"

// CountCurves are the curves of points in GroupCurves' order and, for
// each, how many of its points count: what a command that works on one
// curve needs to choose it, without the copy of every point GroupCurves
// makes (a million points: 664 MB).
func CountCurves(points []Point, count func(*Point) bool) ([]CurveKey, []int) {
	curveOf, curves := numberCurves(points)
	n := make([]int, len(curves.Keys()))
	for i, c := range curveOf {
		if count(&points[i]) {
			n[c]++
		}
	}
	order := make([]int, len(curves.Keys()))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return keyLess(curves.Keys()[order[a]], curves.Keys()[order[b]]) })
	keys, counts := make([]CurveKey, len(order)), make([]int, len(order))
	for i, c := range order {
		keys[i], counts[i] = curves.Keys()[c], n[c]
	}
	return keys, counts
}

// GatherCurve is curve k of points, its points copied in load order: the
// curve GroupCurves makes for k.
func GatherCurve(points []Point, k CurveKey) Curve {
	n := 0 // counted first: a large curve is copied once, not regrown
	for i := range points {
		if points[i].Curve == k {
			n++
		}
	}
	c := Curve{Key: k}
	if n == 0 {
		return c
	}
	c.Points = make([]Point, 0, n)
	for i := range points {
		if points[i].Curve == k {
			c.Points = append(c.Points, points[i])
		}
	}
	return c
}
