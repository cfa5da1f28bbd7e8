package model

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
	curveOf := make([]int32, n)
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
	src := make([]int32, n)
	order = curveOf // each kept point's curve, then its place
	for k, i := range idx {
		d := next[curveOf[k]]
		next[curveOf[k]]++
		src[d] = int32(i)
		order[k] = d
	}
	// A place in the front that holds a dropped point starts a chain: it is
	// filled from its source, which is then free to be filled in turn, up
	// to a source past the front, which nothing needs. What is left are
	// cycles among kept points, rotated through one spare point as
	// GroupCurvesInPlace does.
	holds := make([]bool, n) // the place holds a kept point
	for _, i := range idx {
		if i < n {
			holds[i] = true
		}
	}
	warm := 0
	for d := range n {
		if holds[d] || src[d] < 0 {
			continue
		}
		// ahead runs warmAhead sources down the chain (warmPoint).
		ahead := src[d]
		for range warmAhead {
			if ahead < int32(n) && src[ahead] >= 0 {
				ahead = src[ahead]
			}
		}
		for cur := int32(d); ; {
			s := src[cur]
			if ahead < int32(n) && src[ahead] >= 0 {
				warm += warmPoint(&points[src[ahead]])
				ahead = src[ahead]
			}
			points[cur] = points[s]
			src[cur] = -1
			if s >= int32(n) {
				break
			}
			cur = s
		}
	}
	var spare Point
	for i := range n {
		if src[i] < 0 || src[i] == int32(i) {
			continue
		}
		spare = points[i]
		d := int32(i)
		ahead := src[d]
		for range warmAhead {
			if ahead != int32(i) {
				ahead = src[ahead]
			}
		}
		for s := src[d]; s != int32(i); s = src[d] {
			if ahead != int32(i) {
				warm += warmPoint(&points[ahead])
				ahead = src[ahead]
			}
			points[d] = points[s]
			src[d] = -1
			d = s
		}
		points[d] = spare
		src[d] = -1
	}
	warmSink.Add(int64(warm))
	return kept, sortCurves(curves), order
}
