package model

import (
	"cmp"
	"slices"
	"sort"
)

// Tests a removal review can apply.
const (
	TestLine   = "line"   // kept neighbours bracket x: compare with their line
	TestPareto = "pareto" // outside the kept x range: dominance by a kept point
	TestNone   = "none"   // the removed point lacks x or y: no verdict
)

// RemovalVerdict is the review of one removed point against the kept curve.
type RemovalVerdict struct {
	ID   string
	X, Y float64
	// Test is "line" when kept points bracket X, "pareto" outside the kept
	// x range, "none" when the point lacks a metric (never covered).
	Test string
	// Neighbours are the kept points adjacent in x: two that bracket X, one
	// at exactly X, or the single end point of the kept range (pareto test).
	Neighbours []string
	LineValue  float64 // ℓ(X); meaningful when HasLine
	HasLine    bool
	GapPct     float64 // 100 × (Y/ℓ − 1), negative under the line; when HasLine
	Covered    bool    // line test: Y ≤ ℓ; pareto test: ParetoDominated
	// ParetoDominated is reported for every removed point: a kept point is at
	// least as good on both axes and better on one. DominatedBy names it.
	ParetoDominated bool
	DominatedBy     string
}

// keptCurve is the kept points prepared for many queries.
type keptCurve struct {
	x, y Axis
	ids  []string
	// byX: one point per distinct x (the best y there, then smallest ID),
	// x ascending, for neighbours.
	byX []XYPoint
	// byU: every kept point in good-x ascending order, with bestFrom[k] the
	// index (into byU) of the best y among byU[k:] (ties: better x, then ID),
	// for dominance.
	byU      []XYPoint
	bestFrom []int
}

func newKeptCurve(kept []Point, x, y Axis) *keptCurve {
	kc := &keptCurve{x: x, y: y, ids: make([]string, len(kept))}
	for i := range kept {
		kc.ids[i] = kept[i].ID
	}
	c := Coords(kept, x, y)
	kc.byU = append([]XYPoint(nil), c...)

	slices.SortFunc(c, func(a, b XYPoint) int {
		if r := cmp.Compare(a.X, b.X); r != 0 {
			return r
		}
		if r := cmp.Compare(good(y, b.Y), good(y, a.Y)); r != 0 {
			return r
		}
		return kc.cmpID(a, b)
	})
	for i, p := range c {
		if i == 0 || p.X != c[i-1].X {
			kc.byX = append(kc.byX, p)
		}
	}

	slices.SortFunc(kc.byU, func(a, b XYPoint) int {
		if r := cmp.Compare(good(x, a.X), good(x, b.X)); r != 0 {
			return r
		}
		return kc.cmpID(a, b)
	})
	kc.bestFrom = make([]int, len(kc.byU))
	for k := len(kc.byU) - 1; k >= 0; k-- {
		kc.bestFrom[k] = k
		if k+1 < len(kc.byU) {
			b := kc.bestFrom[k+1]
			// Later entries have x at least as good; prefer them on equal y.
			if good(y, kc.byU[b].Y) >= good(y, kc.byU[k].Y) {
				kc.bestFrom[k] = b
			}
		}
	}
	return kc
}

func (kc *keptCurve) cmpID(a, b XYPoint) int {
	if r := cmp.Compare(kc.ids[a.Index], kc.ids[b.Index]); r != 0 {
		return r
	}
	return cmp.Compare(a.Index, b.Index)
}

// dominator returns the kept point that dominates (px, py), if any: the one
// with the highest y among those with x at least as good.
func (kc *keptCurve) dominator(px, py float64) (XYPoint, bool) {
	pu := good(kc.x, px)
	k := sort.Search(len(kc.byU), func(i int) bool { return good(kc.x, kc.byU[i].X) >= pu })
	if k == len(kc.byU) {
		return XYPoint{}, false
	}
	q := kc.byU[kc.bestFrom[k]]
	return q, Dominates(kc.x, kc.y, q.X, q.Y, px, py)
}

func (kc *keptCurve) review(id string, px, py float64) RemovalVerdict {
	v := RemovalVerdict{ID: id, X: px, Y: py, Test: TestPareto, Neighbours: []string{}}
	if q, ok := kc.dominator(px, py); ok {
		v.ParetoDominated, v.DominatedBy = true, kc.ids[q.Index]
	}
	n := len(kc.byX)
	k := sort.Search(n, func(i int) bool { return kc.byX[i].X >= px }) // first x ≥ px
	switch {
	case k < n && kc.byX[k].X == px:
		a := kc.byX[k]
		v.Test, v.Neighbours = TestLine, []string{kc.ids[a.Index]}
		v.LineValue, v.HasLine = a.Y, true
	case k > 0 && k < n:
		a, b := kc.byX[k-1], kc.byX[k]
		v.Test, v.Neighbours = TestLine, []string{kc.ids[a.Index], kc.ids[b.Index]}
		v.LineValue, v.HasLine = interpolate(a.X, a.Y, b.X, b.Y, px), true
	case k == 0 && n > 0:
		v.Neighbours = []string{kc.ids[kc.byX[0].Index]}
	case k == n && n > 0:
		v.Neighbours = []string{kc.ids[kc.byX[n-1].Index]}
	}
	if v.HasLine {
		v.Covered = !kc.y.Better(py, v.LineValue)
		if v.LineValue != 0 {
			v.GapPct = 100 * (py/v.LineValue - 1)
		}
	} else {
		v.Covered = v.ParetoDominated
	}
	return v
}

// ReviewRemovals checks each removed point against the KEPT curve only,
// never against other removed points (DESIGN.md §4 line test). Kept points
// that lack x or y are ignored; a removed point that lacks one gets Test
// "none" and is not covered. Verdicts come in the order of removed.
// O((k + r) log k).
func ReviewRemovals(kept, removed []Point, x, y Axis) []RemovalVerdict {
	kc := newKeptCurve(kept, x, y)
	out := make([]RemovalVerdict, len(removed))
	for i := range removed {
		p := &removed[i]
		px, py, ok := p.XY(x, y)
		if !ok {
			out[i] = RemovalVerdict{ID: p.ID, Test: TestNone, Neighbours: []string{}}
			continue
		}
		out[i] = kc.review(p.ID, px, py)
	}
	return out
}
