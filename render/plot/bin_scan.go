package plot

import (
	"math"

	"github.com/sweeptune/sweeptune/internal/par"
)

// parallelBins is the number of points from which a series is binned,
// and its extents found, on both cores: a curve's every-run view at a
// million points draws 83,000, each read three times before a frame.
const parallelBins = 8192

// markWeights is how many weights a marker can have (MarkKind.weight).
const markWeights = 6

// cellScan is what one scan of a range of a series' points found on the
// canvas: per cell, the first point and the last of each weight, and the
// first point at each extreme (min x, max x, min y, max y).
type cellScan struct {
	first []int32 // -1: no point in the cell
	last  []int32 // cell*markWeights + weight; -1: none of that weight
	ext   [4]int  // -1: no point with coordinates
	ex    [4]float64
}

func newCellScan(cells int) cellScan {
	s := cellScan{first: make([]int32, cells), last: make([]int32, cells*markWeights), ext: [4]int{-1, -1, -1, -1}}
	for i := range s.first {
		s.first[i] = -1
	}
	for i := range s.last {
		s.last[i] = -1
	}
	return s
}

// scan reads points lo..hi-1 of pts, marking each frontier point in keep.
func (cs *cellScan) scan(pts []PlotPoint, lo, hi int, sc *scale, prefix, w int, keep []bool) {
	for pi := lo; pi < hi; pi++ {
		p := &pts[pi]
		x, ok := sc.px(p.X)
		if !ok || !finite(p.Y) {
			continue
		}
		c := sc.row(p.Y)*w + prefix + sc.col(x)
		if cs.first[c] < 0 {
			cs.first[c] = int32(pi)
		}
		cs.last[c*markWeights+int(p.Kind.weight())] = int32(pi)
		if p.Frontier {
			keep[pi] = true
		}
		for k, v := range [4]float64{-x, x, -p.Y, p.Y} {
			if cs.ext[k] < 0 || v > cs.ex[k] {
				cs.ext[k], cs.ex[k] = pi, v
			}
		}
	}
}

// merge takes in b, a scan of the points after a's: the first point of a
// cell is a's when it has one, the last b's, an extreme b's only when
// strictly beyond a's (the first point at it).
func (cs *cellScan) merge(b *cellScan) {
	for c, i := range b.first {
		if cs.first[c] < 0 {
			cs.first[c] = i
		}
	}
	for c, i := range b.last {
		if i >= 0 {
			cs.last[c] = i
		}
	}
	for k := range cs.ext {
		if b.ext[k] >= 0 && (cs.ext[k] < 0 || b.ex[k] > cs.ex[k]) {
			cs.ext[k], cs.ex[k] = b.ext[k], b.ex[k]
		}
	}
}

// binKeep marks the points of one series binSeries keeps: the first of
// each cell (a click finds it), the last of each weight in each cell (it
// shows), the frontier and the first point at each extreme. A large
// series is scanned on both cores, each half into cells of its own, and
// the halves merged (TestBinsPlotIsPlotLarge).
func binKeep(pts []PlotPoint, sc *scale, prefix, w, cells int) []bool {
	keep := make([]bool, len(pts))
	var halves [2]cellScan
	par.Halves(len(pts), parallelBins, func(lo, hi int) {
		cs := newCellScan(cells)
		cs.scan(pts, lo, hi, sc, prefix, w, keep)
		halves[min(lo, 1)] = cs
	})
	cs := &halves[0]
	if halves[1].first != nil {
		cs.merge(&halves[1])
	}
	for _, i := range cs.first {
		if i >= 0 {
			keep[i] = true
		}
	}
	for _, i := range cs.last {
		if i >= 0 {
			keep[i] = true
		}
	}
	for _, k := range cs.ext {
		if k >= 0 {
			keep[k] = true
		}
	}
	return keep
}

// addLarge is extents.add of one large series, each half of its points
// on a core: minima and maxima merge exactly (math.Min and math.Max order
// -0 before +0 whichever comes first, and no NaN gets this far).
func (e *extents) addLarge(pts []PlotPoint, logX bool) {
	var halves [2]extents
	par.Halves(len(pts), parallelBins, func(lo, hi int) {
		h := newExtents()
		h.addPoints(pts[lo:hi], logX)
		halves[min(lo, 1)] = h
	})
	for _, h := range halves {
		if h.n == 0 {
			continue
		}
		e.n += h.n
		e.xmin, e.xmax = math.Min(e.xmin, h.xmin), math.Max(e.xmax, h.xmax)
		e.ymin, e.ymax = math.Min(e.ymin, h.ymin), math.Max(e.ymax, h.ymax)
	}
}

// withID is the places of the points with ID id, in order. A large
// series is looked through on both cores: an ID of the same length is
// compared byte by byte, its bytes a cache miss each at a million points,
// on the frame's one-core part.
func withID(pts []PlotPoint, id string) []int32 {
	var found [2][]int32
	par.Halves(len(pts), parallelBins, func(lo, hi int) {
		h := min(lo, 1) // the first half at 0, the second at 1
		for i := lo; i < hi; i++ {
			if pts[i].ID == id {
				found[h] = append(found[h], int32(i))
			}
		}
	})
	return append(found[0], found[1]...)
}
