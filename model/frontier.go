package model

import (
	"cmp"
	"iter"
	"math"
	"slices"

	"github.com/sweeptune/sweeptune/internal/par"
)

// XYPoint is one point's coordinates on an axis pair, with its index in the
// slice it came from.
type XYPoint struct {
	X, Y  float64
	Index int
}

// Coords returns the points that have both metrics, in input order. A
// suspect point the view has not admitted has none (Point.HeldOut): this is
// where it is kept out of every frontier, hull, gain, line test and fit.
func Coords(points []Point, x, y Axis) []XYPoint {
	return coordsAt(len(points), sliceAt(points), x, y, nil)
}

// CoordsRefs is Coords of the points refs refer to.
func CoordsRefs(refs []*Point, x, y Axis) []XYPoint {
	return coordsAt(len(refs), refsAt(refs), x, y, nil)
}

// pointAt reads point i of some points: a slice of them (sliceAt), or of
// references to them (refsAt: a view that shares the loaded points); nil
// stands for no points.
type pointAt func(i int) *Point

func sliceAt(points []Point) pointAt {
	if points == nil {
		return nil
	}
	return func(i int) *Point { return &points[i] }
}

func refsAt(refs []*Point) pointAt { return func(i int) *Point { return refs[i] } }

// coordsAt is Coords of the n points at reads; with short given, the
// places in it of the short runs shown raw are appended to *short (read
// with the point: one visit of each).
//
// A view of a large curve (41,700 points at a million rows over 12) is
// read on both cores: each half fills its own part of the result, and the
// second part is moved down to follow the first (docs/workbench-speed.md).
func coordsAt(n int, at pointAt, x, y Axis, short *[]int) []XYPoint {
	return coordsAtIn(make([]XYPoint, n), n, at, x, y, short)
}

// coordsAtIn is coordsAt in out's room (at least n).
func coordsAtIn(out []XYPoint, n int, at pointAt, x, y Axis, short *[]int) []XYPoint {
	out = out[:n]
	var start, got [2]int
	var shorts [2][]int
	par.Halves(n, parallelCoords, func(lo, hi int) {
		h := min(lo, 1) // the first half at 0, the second at 1
		start[h] = lo
		got[h], shorts[h] = coordsInto(out[lo:hi], lo, at, x, y, short != nil)
	})
	copy(out[got[0]:], out[start[1]:start[1]+got[1]]) // nothing when read in one part
	if short != nil {
		*short = append(*short, shorts[0]...)
		for _, k := range shorts[1] {
			*short = append(*short, got[0]+k)
		}
	}
	return out[: got[0]+got[1] : got[0]+got[1]]
}

// parallelCoords is the number of points from which coordsAt reads on
// both cores: below it the goroutine costs more than it saves.
const parallelCoords = 8192

// coordsInto writes the coordinates of points lo, lo+1, … (as many as dst
// holds) at the start of dst and returns how many it wrote; with short,
// also the places in dst of the short runs shown raw.
func coordsInto(dst []XYPoint, lo int, at pointAt, x, y Axis, short bool) (int, []int) {
	w := 0
	var shorts []int
	for k := range dst {
		i := lo + k
		if c, raw, ok := CoordOf(at(i), i, x, y); ok {
			if short && raw {
				shorts = append(shorts, w)
			}
			dst[w] = c
			w++
		}
	}
	return w, shorts
}

// CoordOf is point i, p, as Coords reads it on x, y: its coordinates,
// whether it is a short run shown raw, and false for a point held out
// (a suspect not admitted) or missing either metric.
func CoordOf(p *Point, i int, x, y Axis) (c XYPoint, rawShort, ok bool) {
	return CoordOn(p, i, x.Metric, y.Metric)
}

// CoordOn is CoordOf on the axes' metrics: a pass over every point of a
// view passes two metrics, not two 64-byte axes, a point.
func CoordOn(p *Point, i int, x, y Metric) (c XYPoint, rawShort, ok bool) {
	if s := p.Suspicion; s != nil && !s.Admitted {
		return XYPoint{}, false, false
	}
	xv, okx := p.Metrics.Get(x)
	yv, oky := p.Metrics.Get(y)
	if !okx || !oky {
		return XYPoint{}, false, false
	}
	return XYPoint{X: xv, Y: yv, Index: i}, p.Prov.RawShort(), true
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
// strictly better on one (docs/review.md). The review uses it.
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
// order. Points missing either metric are ignored, and so are short runs
// shown raw (Provenance.RawShort). O(n log n).
func Frontier(points []Point, x, y Axis) []int { return frontierAt(len(points), sliceAt(points), x, y) }

// FrontierRefs is Frontier of the points refs refer to.
func FrontierRefs(refs []*Point, x, y Axis) []int { return frontierAt(len(refs), refsAt(refs), x, y) }

// frontierAt is Frontier of the n points at reads.
func frontierAt(n int, at pointAt, x, y Axis) []int {
	front := frontierOfAt(at, coordsAt(n, at, x, y, nil), x, y)
	out := make([]int, len(front))
	for i, p := range front {
		out[i] = p.Index
	}
	return out
}

// frontierOf returns the frontier of c sorted by x ascending; c is left as it is.
func frontierOf(points []Point, c []XYPoint, x, y Axis) []XYPoint {
	return frontierOfAt(sliceAt(points), c, x, y)
}

// frontierOfAt is frontierOf of the points at reads (nil: none, ties
// broken by index alone).
func frontierOfAt(at pointAt, c []XYPoint, x, y Axis) []XYPoint {
	return frontierOfKept(at, withoutRawShortAt(at, c), nil, x, y)
}

// frontierOfKept is frontierOfAt of coordinates without short runs shown
// raw (withoutRawShortAt done).
func frontierOfKept(at pointAt, c []XYPoint, short []int, x, y Axis) []XYPoint {
	// Visit from the best x to the worst, best y first within one x; the
	// first of each x is the only candidate there. Signs are hoisted out of
	// the comparator: it runs n log n times.
	sx, sy := sign(x), sign(y)
	c = dropBeaten(c, short, sx, sy)
	slices.SortFunc(c, func(a, b XYPoint) int {
		if a.X != b.X {
			if sx*a.X > sx*b.X {
				return -1
			}
			return 1
		}
		if a.Y != b.Y {
			if sy*a.Y > sy*b.Y {
				return -1
			}
			return 1
		}
		if at != nil {
			if r := cmp.Compare(at(a.Index).ID, at(b.Index).ID); r != 0 {
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
			best := sy * front[len(front)-1].Y // best y at strictly better x
			v := sy * c[i].Y
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

// withoutRawShort is c without the short runs shown raw (no run-length
// factor projected them, Provenance.RawShort): like the review's kept
// curve, a frontier never leans on one (docs/noise.md). c itself is
// returned when it has none.
func withoutRawShort(points []Point, c []XYPoint) []XYPoint {
	return withoutRawShortAt(sliceAt(points), c)
}

func withoutRawShortAt(at pointAt, c []XYPoint) []XYPoint {
	if at == nil {
		return c
	}
	k := 0
	for k < len(c) && !at(c[k].Index).Prov.RawShort() {
		k++
	}
	if k == len(c) {
		return c
	}
	out := append(make([]XYPoint, 0, len(c)-1), c[:k]...)
	for _, p := range c[k+1:] {
		if !at(p.Index).Prov.RawShort() {
			out = append(out, p)
		}
	}
	return out
}

// sign is +1 on a higher-is-better axis, −1 otherwise.
func sign(a Axis) float64 {
	if a.HigherBetter {
		return 1
	}
	return -1
}

// dropBeaten returns a copy of c without the points that a whole x-bucket
// of strictly better x beats with a strictly higher y, in O(n), so that only
// a few points are left to sort. What it drops is beaten under either
// plateau rule.
func dropBeaten(c []XYPoint, short []int, sx, sy float64) []XYPoint {
	n := len(c) - len(short)
	if n < 512 {
		return withoutAt(c, short)
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for p := range keptOf(c, short) {
		lo, hi = min(lo, p.X), max(hi, p.X)
	}
	if lo == hi {
		return withoutAt(c, short)
	}
	nb := int(math.Sqrt(float64(n)))
	scale := float64(nb) / (hi - lo)
	bucket := func(xv float64) int {
		// Monotone in x, so a higher bucket means a strictly higher x.
		return min(int((xv-lo)*scale), nb-1)
	}
	best := make([]float64, nb)
	for i := range best {
		best[i] = math.Inf(-1)
	}
	for p := range keptOf(c, short) {
		b := bucket(p.X)
		best[b] = max(best[b], sy*p.Y)
	}
	// better[b]: the best y over buckets of strictly better x than b.
	better := make([]float64, nb)
	run := math.Inf(-1)
	for k := 0; k < nb; k++ {
		b := k // lower-is-better x: better buckets have lower indices
		if sx > 0 {
			b = nb - 1 - k
		}
		better[b] = run
		run = max(run, best[b])
	}
	var out []XYPoint
	for p := range keptOf(c, short) {
		if sy*p.Y >= better[bucket(p.X)] {
			out = append(out, p)
		}
	}
	return out
}

// keptOf is c without the places short lists (ascending), in order: the
// short runs shown raw left out as they are read, not copied out first.
func keptOf(c []XYPoint, short []int) iter.Seq[XYPoint] {
	return func(yield func(XYPoint) bool) {
		for i, p := range c {
			if len(short) > 0 && short[0] == i {
				short = short[1:]
				continue
			}
			if !yield(p) {
				return
			}
		}
	}
}

// withoutAt is c without the places short lists, in a new array.
func withoutAt(c []XYPoint, short []int) []XYPoint {
	out := make([]XYPoint, 0, len(c)-len(short))
	for p := range keptOf(c, short) {
		out = append(out, p)
	}
	return out
}
