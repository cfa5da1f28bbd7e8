package model

import (
	"github.com/sweeptune/sweeptune/internal/mem"
	"github.com/sweeptune/sweeptune/internal/permute"
)

// GroupKeptInPlace is GroupCurvesInPlace(KeepIndex(points, idx)) with each
// kept point moved once, not twice: the points at idx (ascending) are
// gathered curve by curve into the front of points, which the caller owns
// and gives up, the load order kept within each curve. order[k] is where
// the k-th kept point (in load order) went, for what lists points in the
// order they were loaded.
func GroupKeptInPlace(points []Point, idx []int) (kept []Point, curves []Curve, order []int32) {
	return GroupKeptInPlaceNumbered(points, idx, nil)
}

// GroupKeptInPlaceNumbered is GroupKeptInPlace with the points' curves
// numbered already (nil to number them).
func GroupKeptInPlaceNumbered(points []Point, idx []int, numbered *CurveNumbering) (kept []Point, curves []Curve, order []int32) {
	n := len(idx)
	curveOf := mem.Fresh[int32](n)
	var keys []CurveKey
	if numbered == nil {
		numbers := newCurveNumbers(n)
		for k, i := range idx {
			curveOf[k] = numbers.of(&points[i].Curve)
		}
		keys = numbers.keys
	} else {
		// the curves that keep a point, in the order they first do
		dense := make([]int32, len(numbered.keys)) // 1 + the dense number; 0 none yet
		for k, i := range idx {
			c := numbered.of[i]
			if dense[c] == 0 {
				keys = append(keys, numbered.keys[c])
				dense[c] = int32(len(keys))
			}
			curveOf[k] = dense[c] - 1
		}
	}
	counts := make([]int32, len(keys))
	for _, c := range curveOf {
		counts[c]++
	}
	kept = points[:n:n]
	curves, next := curveWindows(kept, keys, counts)
	// src[d] is where the point that goes to d is now; -1 once d is filled.
	src := mem.Fresh[int32](n)
	order = curveOf // each kept point's curve, then its place
	for k, i := range idx {
		d := next[curveOf[k]]
		next[curveOf[k]]++
		src[d] = int32(i)
		order[k] = d
	}
	holds := mem.Fresh[bool](n) // the place holds a kept point
	for _, i := range idx {
		if i < n {
			holds[i] = true
		}
	}
	permute.Along(points, permute.MovesOf(src, holds))
	return kept, sortCurves(curves), order
}
