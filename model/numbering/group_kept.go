package numbering

import (
	"github.com/sweeptune/sweeptune/internal/mem"
	"github.com/sweeptune/sweeptune/internal/permute"
	"github.com/sweeptune/sweeptune/model"
)

// GroupKeptInPlace is model.GroupCurvesInPlace(model.KeepIndex(points,
// idx)) with each kept point moved once, not twice, and the points' curves
// numbered already (nil to number them): the points at idx (ascending)
// are gathered curve by curve into the front of points, which the caller
// owns and gives up, the load order kept within each curve. order[k] is
// where the k-th kept point (in load order) went, for what lists points
// in the order they were loaded.
func GroupKeptInPlace(points []model.Point, idx []int, numbered *model.CurveNumbering) (kept []model.Point, curves []model.Curve, order []int32) {
	n := len(idx)
	var curveOf []int32 // each kept point's curve, dense
	var keys []model.CurveKey
	if numbered == nil {
		at := model.NumberCurvesAt(points, idx)
		curveOf, keys = at.Of(), at.Keys()
	} else {
		curveOf = mem.Fresh[int32](n)
		// the curves that keep a point, in the order they first do
		of, all := numbered.Of(), numbered.Keys()
		dense := make([]int32, len(all)) // 1 + the dense number; 0 none yet
		for k, i := range idx {
			c := of[i]
			if dense[c] == 0 {
				keys = append(keys, all[c])
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
	// One window of kept per curve, in order of first appearance; next is
	// where each window's next point goes.
	curves = make([]model.Curve, len(keys))
	next := make([]int32, len(keys))
	off := int32(0)
	for c := range keys {
		curves[c] = model.Curve{Key: keys[c], Points: kept[off : off+counts[c] : off+counts[c]]}
		next[c] = off
		off += counts[c]
	}
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
	return kept, model.SortCurves(curves), order
}
