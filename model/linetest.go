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
	// Neighbours are the kept points adjacent in x, x ascending: two that
	// bracket X, one at exactly X (line value = its y), or the single end
	// point of the kept range (pareto test).
	Neighbours []string
	LineValue  float64 // ℓ(X); meaningful when HasLine
	HasLine    bool
	GapPct     float64 // 100 × (Y/ℓ − 1), negative under the line; when HasLine
	Covered    bool    // line test: Y ≤ ℓ; pareto test: ParetoDominated
	// ParetoDominated is reported for every removed point: a kept point is at
	// least as good on both axes and better on one (Dominates). DominatedBy
	// names the one with the highest y among those with x at least as good.
	ParetoDominated bool
	DominatedBy     string
	// Twins are the other measurements of the removed configuration (same
	// knobs and concurrency): removing a configuration removes them too.
	Twins []string
	// UsesPlanned says the verdict leans on a planned point (a neighbour or
	// the dominator); Planned names them. Only with planned points kept.
	UsesPlanned bool
	Planned     []string
	// WithinNoise: the line-test margin (GapPct) is no larger than the
	// curve's run-to-run spread of the y metric (CurveReview.Noise).
	WithinNoise bool
}

// ReviewRemovals checks each removed point against the KEPT curve only,
// never against other removed points (docs/review.md, the line test). Kept points
// that lack x or y are ignored; several kept points at one x count as the
// best y there. A removed point that lacks x or y gets Test "none" and is not
// covered. Verdicts come in the order of removed.
//
// The kept points are never sorted: each is dropped into the slot between
// the sorted removed x values it falls in, and prefix/suffix scans over the
// slots give every removed point its neighbours and its best dominator.
// O(k log r + r log r) for k kept and r removed points.
func ReviewRemovals(kept, removed []Point, x, y Axis) []RemovalVerdict {
	return reviewRemovalsAt(len(kept), sliceAt(kept), len(removed), sliceAt(removed), x, y)
}

// reviewRemovalsAt is ReviewRemovals of the nk kept points at keptAt and
// the nr removed ones at removedAt.
func reviewRemovalsAt(nk int, keptAt pointAt, nr int, removedAt pointAt, x, y Axis) []RemovalVerdict {
	out := make([]RemovalVerdict, nr)
	rs := make([]XYPoint, 0, nr)
	for i := range nr {
		px, py, ok := removedAt(i).XY(x, y)
		if !ok {
			out[i] = RemovalVerdict{ID: removedAt(i).ID, Test: TestNone, Neighbours: []string{}}
			continue
		}
		rs = append(rs, XYPoint{X: px, Y: py, Index: i})
	}
	slices.SortFunc(rs, func(a, b XYPoint) int { return cmp.Compare(a.X, b.X) })
	xs := make([]float64, len(rs))
	for j, r := range rs {
		xs[j] = r.X
	}
	s := newSlots(nk, keptAt, x, y, xs)
	for j, r := range rs {
		out[r.Index] = s.verdict(j, removedAt(r.Index).ID, r.X, r.Y)
	}
	return out
}

// slots holds, per removed point j (sorted by x), the kept point nearest at
// or left of it, nearest at or right of it, and the best y on either side.
type slots struct {
	kept       pointAt
	c          []XYPoint // kept coordinates
	x, y       Axis
	left       []int // into c, -1 for none: max x ≤ xs[j], best y there, smallest ID
	right      []int // min x ≥ xs[j], likewise
	bestLeft   []int // highest y with x ≤ xs[j] (ties: better x, smallest ID)
	bestRight  []int // highest y with x ≥ xs[j], likewise
	higherGood bool
}

func newSlots(nk int, kept pointAt, x, y Axis, xs []float64) *slots {
	r := len(xs)
	s := &slots{kept: kept, c: coordsAt(nk, kept, x, y, nil), x: x, y: y, higherGood: x.HigherBetter}
	s.left, s.right = filled(r), filled(r)
	s.bestLeft, s.bestRight = filled(r), filled(r)
	sy := sign(y)
	for k, p := range s.c {
		// Removed points j ≥ jl have xs[j] ≥ p.X; those j ≤ jr have xs[j] ≤ p.X.
		jl := sort.SearchFloat64s(xs, p.X)
		jr := jl
		for jr < r && xs[jr] == p.X {
			jr++
		}
		jr--
		if jl < r {
			s.left[jl] = s.pick(s.left[jl], k, +1, sy)
			s.bestLeft[jl] = s.pickY(s.bestLeft[jl], k, sy)
		}
		if jr >= 0 {
			s.right[jr] = s.pick(s.right[jr], k, -1, sy)
			s.bestRight[jr] = s.pickY(s.bestRight[jr], k, sy)
		}
	}
	for j := 1; j < r; j++ {
		s.left[j] = s.pick(s.left[j], s.left[j-1], +1, sy)
		s.bestLeft[j] = s.pickY(s.bestLeft[j], s.bestLeft[j-1], sy)
	}
	for j := r - 2; j >= 0; j-- {
		s.right[j] = s.pick(s.right[j], s.right[j+1], -1, sy)
		s.bestRight[j] = s.pickY(s.bestRight[j], s.bestRight[j+1], sy)
	}
	return s
}

func filled(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = -1
	}
	return out
}

// pick prefers the x nearer the removed point (dir +1: higher x), then the
// better y, then the smaller ID.
func (s *slots) pick(a, b int, dir, sy float64) int {
	if a < 0 || b < 0 {
		return max(a, b)
	}
	if k, ok := larger(a, b, dir*s.c[a].X, dir*s.c[b].X); ok {
		return k
	}
	return s.byY(a, b, sy)
}

// pickY prefers the better y, then the better x (so that an equal y at a
// better x dominates), then the smaller ID.
func (s *slots) pickY(a, b int, sy float64) int {
	if a < 0 || b < 0 {
		return max(a, b)
	}
	if k, ok := larger(a, b, sy*s.c[a].Y, sy*s.c[b].Y); ok {
		return k
	}
	if k, ok := larger(a, b, sign(s.x)*s.c[a].X, sign(s.x)*s.c[b].X); ok {
		return k
	}
	return s.byY(a, b, sy)
}

// byY prefers the better y, then the smaller ID.
func (s *slots) byY(a, b int, sy float64) int {
	if k, ok := larger(a, b, sy*s.c[a].Y, sy*s.c[b].Y); ok {
		return k
	}
	if r := cmp.Compare(s.id(a), s.id(b)); r != 0 {
		if r < 0 {
			return a
		}
		return b
	}
	return min(a, b)
}

// larger is whichever of a and b has the larger value; ok is false on a tie.
func larger(a, b int, va, vb float64) (int, bool) {
	switch {
	case va == vb:
		return 0, false
	case va > vb:
		return a, true
	}
	return b, true
}

func (s *slots) id(k int) string { return s.kept(s.c[k].Index).ID }

func (s *slots) verdict(j int, id string, px, py float64) RemovalVerdict {
	v := RemovalVerdict{ID: id, X: px, Y: py, Test: TestPareto, Neighbours: []string{}}
	// The best dominator candidate lies on the side of better x, or at px.
	cand := s.bestRight[j]
	if !s.higherGood {
		cand = s.bestLeft[j]
	}
	if cand >= 0 {
		q := s.c[cand]
		if Dominates(s.x, s.y, q.X, q.Y, px, py) {
			v.ParetoDominated, v.DominatedBy = true, s.id(cand)
		}
	}
	a, b := s.left[j], s.right[j]
	switch {
	case a >= 0 && s.c[a].X == px:
		v.Test, v.Neighbours = TestLine, []string{s.id(a)}
		v.LineValue, v.HasLine = s.c[a].Y, true
	case a >= 0 && b >= 0:
		pa, pb := s.c[a], s.c[b]
		v.Test, v.Neighbours = TestLine, []string{s.id(a), s.id(b)}
		v.LineValue, v.HasLine = interpolate(pa.X, pa.Y, pb.X, pb.Y, px), true
	case a >= 0:
		v.Neighbours = []string{s.id(a)}
	case b >= 0:
		v.Neighbours = []string{s.id(b)}
	}
	if v.HasLine {
		v.Covered = !s.y.Better(py, v.LineValue)
		if v.LineValue != 0 {
			v.GapPct = 100 * (py/v.LineValue - 1)
		}
	} else {
		v.Covered = v.ParetoDominated
	}
	return v
}
