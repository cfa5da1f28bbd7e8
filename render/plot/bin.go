package plot

import (
	"math"
	"sort"
)

// Bins keeps series reduced to what one canvas can show of them, so that
// drawing them again (another selection, a preview point) costs what the
// canvas' cells cost, not what the points do. The canvas is Plot's, byte
// for byte, class for class, and a click finds the same point:
//
//   - where markers share a cell the last of the heaviest shows (claim), so
//     of each series' points in a cell the last of each weight is kept;
//   - a click finds the first marker of the nearest cell (Nearest), so the
//     first point of each series in a cell is kept;
//   - frontier points draw the lines and carry the labels: all are kept;
//   - the points at the extremes set the scale: they are kept;
//   - the selected point draws over everything: it is put back in its
//     place when it was binned away.
//
// Points without both coordinates draw nothing and are left out
// (docs/workbench-speed.md).
type Bins struct {
	version uint64 // the caller's version of the series binned
	w, h    int
	logX    bool
	src     []Series
	base    extents // of src, before any extra series
	sc      scale   // the scale the cells were found on
	out     []Series
	orig    [][]int32 // out[s].Points[k] is src[s].Points[orig[s][k]]
	ok      bool
}

// extents are the data's bounds in plot space, as newScale finds them.
type extents struct {
	xmin, xmax, ymin, ymax float64
	n                      int
}

func newExtents() extents {
	return extents{xmin: math.Inf(1), xmax: math.Inf(-1), ymin: 0, ymax: math.Inf(-1)}
}

// add takes in the points of series as newScale does.
func (e *extents) add(series []Series, logX bool) {
	for _, s := range series {
		if len(s.Points) >= parallelBins {
			e.addLarge(s.Points, logX)
			continue
		}
		e.addPoints(s.Points, logX)
	}
}

func (e *extents) addPoints(pts []PlotPoint, logX bool) {
	sc := scale{logX: logX}
	for i := range pts {
		p := &pts[i]
		x, ok := sc.px(p.X)
		if !ok || !finite(p.Y) {
			continue
		}
		e.n++
		e.xmin, e.xmax = math.Min(e.xmin, x), math.Max(e.xmax, x)
		e.ymin, e.ymax = math.Min(e.ymin, p.Y), math.Max(e.ymax, p.Y)
	}
}

// Plot draws series followed by extra exactly as Plot(append(series,
// extra...), opt) does. version names the content of series: when it and
// the canvas are those of the last call, the points are not looked at
// again (a caller that changes series in place changes version). It also
// returns the series the canvas' markers index.
func (b *Bins) Plot(series []Series, version uint64, extra []Series, opt PlotOptions) (Canvas, []Series) {
	if !b.bin(series, version, extra, opt) {
		all := append(series[:len(series):len(series)], extra...)
		return Plot(all, opt), all
	}
	drawn := b.withSelected(opt.Selected)
	drawn = append(drawn[:len(drawn):len(drawn)], extra...)
	return Plot(drawn, opt), drawn
}

// Prepare bins series for a canvas of opt, as a Plot of them with no
// extra series would, ahead of the draw (on another goroutine: it
// reads only series). A Plot with the same version, series, canvas and
// scale then finds them binned; any other bins them again.
func (b *Bins) Prepare(series []Series, version uint64, opt PlotOptions) {
	b.bin(series, version, nil, opt)
}

// Renumber gives bins made by Prepare the version the caller's series
// took since.
func (b *Bins) Renumber(version uint64) { b.version = version }

// bin brings the bins to series and extra on opt's canvas; false when
// the plot is drawn unbinned (too small a canvas, no point to scale).
func (b *Bins) bin(series []Series, version uint64, extra []Series, opt PlotOptions) bool {
	w, h := max(opt.Width, 1), max(opt.Height, 1)
	prefix := yLabelWidth + 1 + 2
	dataCols, bodyRows := w-prefix-1, h-2
	if dataCols < minDataCols || bodyRows < 3 {
		return false
	}
	if b.version != version || b.src == nil || len(b.src) != len(series) || b.w != w || b.h != h || b.logX != opt.LogX {
		*b = Bins{version: version, w: w, h: h, logX: opt.LogX, src: series, base: newExtents()}
		b.base.add(series, opt.LogX)
	}
	e := b.base
	e.add(extra, opt.LogX)
	if e.n == 0 {
		return false
	}
	sc := e.scale(opt, dataCols, bodyRows-1)
	if !b.ok || !sameScale(&b.sc, sc) {
		b.sc = *sc
		b.out, b.orig = binSeries(series, sc, prefix, w)
		b.ok = true
	}
	return true
}

// scale is newScale's result on these extents.
func (e extents) scale(opt PlotOptions, cols, h int) *scale {
	sc := &scale{xmin: e.xmin, xmax: e.xmax, ymin: e.ymin, ymax: e.ymax, cols: cols, h: h, logX: opt.LogX}
	sc.finish(opt)
	return sc
}

func sameScale(a, b *scale) bool {
	return a.xmin == b.xmin && a.xmax == b.xmax && a.ymin == b.ymin && a.ymax == b.ymax &&
		a.cols == b.cols && a.h == b.h && a.logX == b.logX && a.ratio == b.ratio
}

// binSeries keeps, of each series, the points that can show on the
// canvas (see Bins).
func binSeries(series []Series, sc *scale, prefix, w int) ([]Series, [][]int32) {
	cells := w * (sc.h + 1)
	out := make([]Series, len(series))
	orig := make([][]int32, len(series))
	for si, s := range series {
		out[si], orig[si] = keptOf(s, binKeep(s.Points, sc, prefix, w, cells))
	}
	return out, orig
}

// keptOf is s with the points keep marks, and where each was in s.
func keptOf(s Series, keep []bool) (Series, []int32) {
	kept := s
	kept.Points = nil
	var orig []int32
	for pi, k := range keep {
		if k {
			kept.Points = append(kept.Points, s.Points[pi])
			orig = append(orig, int32(pi))
		}
	}
	return kept, orig
}

// withSelected is the binned series with every point of the selected ID
// put back in its place.
func (b *Bins) withSelected(id string) []Series {
	if id == "" {
		return b.out
	}
	var out []Series
	for si, s := range b.src {
		o := b.orig[si]
		var add []int32
		for _, pi := range withID(s.Points, id) {
			k := sort.Search(len(o), func(k int) bool { return o[k] >= pi })
			if k == len(o) || o[k] != pi {
				add = append(add, pi)
			}
		}
		if len(add) == 0 {
			continue
		}
		if out == nil {
			out = append([]Series(nil), b.out...)
		}
		pts := make([]PlotPoint, 0, len(o)+len(add))
		for i, j := 0, 0; i < len(o) || j < len(add); {
			if j == len(add) || i < len(o) && o[i] < add[j] {
				pts = append(pts, s.Points[o[i]])
				i++
			} else {
				pts = append(pts, s.Points[add[j]])
				j++
			}
		}
		out[si].Points = pts
	}
	if out == nil {
		return b.out
	}
	return out
}
