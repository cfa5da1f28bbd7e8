// Package plot holds the pure text renderers that the report and the TUI
// share: the XY plot of a Pareto curve and the points table. No colour here:
// cells carry a class that the TUI maps to a theme's styles.
package plot

import (
	"math"
	"sort"
	"strings"

	"github.com/guptarohit/asciigraph"
	"github.com/sweeptune/sweeptune/model"
)

// MarkKind is the marker drawn at a point.
type MarkKind uint8

const (
	MarkFrontier  MarkKind = iota // on the Pareto frontier: ●
	MarkDominated                 // under it: ○
	MarkSelected                  // the selected point: ◆
	MarkRemoved                   // marked for removal: ×
	MarkPlanned                   // a planned point: ◇
	MarkSuspect                   // a suspect point (model/suspect.go): !
)

// SuspectGlyph marks a suspect point whatever its frontier status, so the
// points the validity gate distrusts read apart without colour.
const SuspectGlyph = '!'

// weight orders markers that land in one cell (higher shows).
func (k MarkKind) weight() uint8 {
	switch k {
	case MarkSelected:
		return 5
	case MarkRemoved:
		return 4
	case MarkPlanned:
		return 3
	case MarkFrontier:
		return 3
	case MarkSuspect:
		return 2
	}
	return 1
}

// Glyph is the marker's shape, so nothing depends on colour alone.
func (k MarkKind) Glyph() rune {
	switch k {
	case MarkDominated:
		return '○'
	case MarkSelected:
		return '◆'
	case MarkRemoved:
		return '×'
	case MarkPlanned:
		return '◇'
	case MarkSuspect:
		return SuspectGlyph
	default:
		return '●'
	}
}

// Cell classes beyond the series' own (1…99).
const (
	ClassAxis     uint8 = 0
	ClassSelected uint8 = 200
	ClassRemoved  uint8 = 201
)

// PlotPoint is one marker. Frontier says the series' line passes through
// it. Glyph and Class, when set, replace the series' frontier glyph and
// colour for this point (a local point on a published curve). The point
// it marks gives the label drawn beside it when the plot shows labels
// (LabelText), made only for the few it draws. The small fields come
// last, together: 48 bytes a marker (a large curve's series is tens of
// thousands of them, made on the key).
type PlotPoint struct {
	X, Y float64
	ID   string
	// of is the point behind the marker (views are never written once
	// made); nil for a marker made of coordinates alone.
	of       *model.Point
	Glyph    rune
	Kind     MarkKind
	Frontier bool
	Class    uint8
}

// MarkerOf is p's marker at x, y: its ID, its kind, its label when drawn.
func MarkerOf(p *model.Point, x, y float64, kind MarkKind) PlotPoint {
	return PlotPoint{X: x, Y: y, ID: p.ID, Kind: kind, of: p}
}

// Series is one line with its markers; Class (1-based) picks its colour.
// Glyph, when set, marks the series' frontier points instead of ●, so that
// series stay apart where there is no colour (the text report).
type Series struct {
	Name   string
	Class  uint8
	Glyph  rune
	Points []PlotPoint
	Legend []LegendItem // what the series' markers mean, for the legend
}

// PlotOptions sizes and labels the plot. Height counts every row returned
// (plot body, x-axis line and tick labels).
type PlotOptions struct {
	Width, Height int
	X, Y          model.Axis
	LogX          bool
	Selected      string
	Labels        bool // write each frontier point's label beside it
}

// Canvas is the rendered plot: exactly Height lines of exactly Width cells,
// and a class per cell for colouring.
type Canvas struct {
	Lines []string
	Class [][]uint8
	// Marks are where each point's marker was drawn (a click finds the
	// point under it).
	Marks []Marker
}

// Marker is a point's marker cell on the canvas: the point is
// series[Series].Points[Point] of the series drawn. No pointers, so
// recording 10,000 of them per draw costs no write barriers.
type Marker struct {
	Row, Col      int32
	Series, Point int32
}

// Nearest is the marker closest to a cell within reach cells (a row counts
// as two columns: cells are twice as tall as wide); ok is false when none
// is that close.
func (c Canvas) Nearest(row, col, reach int) (m Marker, ok bool) {
	best := reach*reach + 1
	for _, k := range c.Marks {
		dr, dc := 2*(int(k.Row)-row), int(k.Col)-col
		if d := dr*dr + dc*dc; d < best {
			best, m, ok = d, k, true
		}
	}
	return m, ok
}

// String joins the lines.
func (c Canvas) String() string { return strings.Join(c.Lines, "\n") }

const (
	yLabelWidth = 6 // "1.12M", "853k": fixed so every series lines up
	asciiOffset = 3
	minDataCols = 8
)

// Plot draws the frontier of each series with asciigraph and overlays the
// markers on its y-scale. It never panics: empty input gives an empty frame.
func Plot(series []Series, opt PlotOptions) Canvas {
	w, h := max(opt.Width, 1), max(opt.Height, 1)
	g := newGrid(w, h)
	prefix := yLabelWidth + 1 + 2 // label padded to width+1, a space, then ┤
	dataCols := w - prefix - 1
	bodyRows := h - 2 // x-axis line and tick labels
	sc, ok := newScale(series, opt, dataCols, bodyRows-1)
	if dataCols < minDataCols || bodyRows < 3 || !ok {
		msg := "no points with both metrics"
		if ok {
			msg = "plot area too small"
		}
		g.text(0, 0, msg, ClassAxis)
		return g.canvas()
	}
	drawn := false
	for _, s := range series {
		cols := sc.frontierColumns(s)
		if cols == nil {
			continue
		}
		out := asciigraph.Plot(cols,
			asciigraph.Height(bodyRows-1),
			asciigraph.LowerBound(sc.ymin), asciigraph.UpperBound(sc.ymax),
			asciigraph.Offset(asciiOffset),
			asciigraph.YAxisValueFormatter(yLabel))
		g.overlay(out, prefix, drawn, s.Class, bodyRows)
		drawn = true
	}
	if !drawn {
		g.yAxis(prefix, bodyRows, sc)
	}
	n := 0
	for _, s := range series {
		n += len(s.Points)
	}
	marks := make([]Marker, 0, n)
	for si, s := range series {
		for pi, p := range s.Points {
			if r, c, ok := sc.mark(g, p, s.Class, s.Glyph, prefix, opt.Selected); ok {
				marks = append(marks, Marker{Row: int32(r), Col: int32(c), Series: int32(si), Point: int32(pi)})
			}
		}
	}
	if opt.Labels {
		for _, s := range series {
			for _, p := range s.Points {
				if p.Frontier || p.ID == opt.Selected {
					if text := p.LabelText(); text != "" {
						sc.label(g, p, text, prefix, bodyRows)
					}
				}
			}
		}
	}
	sc.xAxis(g, prefix, bodyRows)
	cv := g.canvas()
	cv.Marks = marks
	return cv
}

// label writes a point's label beside its marker: right of it, else left,
// else on the row above or below; only over blank cells, so it never hides
// a marker or a line; a label that fits nowhere is left out.
func (sc *scale) label(g *grid, p PlotPoint, label string, prefix, bodyRows int) {
	x, ok := sc.px(p.X)
	if !ok || !finite(p.Y) {
		return
	}
	r0, c := sc.row(p.Y), prefix+sc.col(x)
	text := []rune(label)
	for _, try := range [][2]int{{0, c + 2}, {0, c - 1 - len(text)}, {-1, c + 1}, {1, c + 1}, {-1, c - len(text)}, {1, c - len(text)}} {
		r, start := r0+try[0], try[1]
		if r < 0 || r >= bodyRows || start < prefix || start+len(text) > len(g.runes[r]) {
			continue
		}
		free := true
		for k := start - 1; k <= start+len(text); k++ {
			if k >= prefix && k < len(g.runes[r]) && !(r == r0 && k == c) && g.runes[r][k] != ' ' {
				free = false
				break
			}
		}
		if free {
			g.text(r, start, string(text), ClassAxis)
			return
		}
	}
}

// scale maps data to cells exactly as asciigraph does for the y axis.
type scale struct {
	xmin, xmax float64 // in plot space (log10 when LogX)
	ymin, ymax float64
	cols, h    int // data columns; asciigraph Height
	logX       bool
	ratio      float64
	xfmt       func(float64) string
	// rowMin and rowTop are row's parts that are the scale's alone
	// (finish): a point's row rounds its own y, not the bounds again.
	rowMin, rowTop int
}

func newScale(series []Series, opt PlotOptions, cols, h int) (*scale, bool) {
	sc := &scale{xmin: math.Inf(1), xmax: math.Inf(-1), ymin: 0, ymax: math.Inf(-1), cols: cols, h: h, logX: opt.LogX}
	n := 0
	for _, s := range series {
		for _, p := range s.Points {
			x, ok := sc.px(p.X)
			if !ok || !finite(p.Y) {
				continue
			}
			n++
			sc.xmin, sc.xmax = math.Min(sc.xmin, x), math.Max(sc.xmax, x)
			sc.ymin, sc.ymax = math.Min(sc.ymin, p.Y), math.Max(sc.ymax, p.Y)
		}
	}
	if n == 0 {
		return sc, false
	}
	sc.finish(opt)
	return sc, true
}

// finish widens an empty range, rounds ymax up and sets the ratio.
func (sc *scale) finish(opt PlotOptions) {
	h := sc.h
	if sc.xmax == sc.xmin {
		sc.xmin, sc.xmax = sc.xmin-0.5, sc.xmax+0.5
	}
	if sc.ymax <= sc.ymin {
		sc.ymax = sc.ymin + 1
	}
	sc.ymax = niceCeil(sc.ymax)
	if h > 0 {
		sc.ratio = float64(h) / (sc.ymax - sc.ymin)
	}
	sc.rowMin = int(math.Round(sc.ymin * sc.ratio))
	sc.rowTop = int(math.Round(sc.ymax*sc.ratio)) - sc.rowMin
	sc.xfmt = xLabelFormatter(opt.X)
}

// px maps a data x to plot space; log scale needs x > 0.
func (sc *scale) px(x float64) (float64, bool) {
	if !finite(x) {
		return 0, false
	}
	if sc.logX {
		if x <= 0 {
			return 0, false
		}
		return math.Log10(x), true
	}
	return x, true
}

func (sc *scale) col(x float64) int {
	c := int(math.Round((x - sc.xmin) / (sc.xmax - sc.xmin) * float64(sc.cols-1)))
	return min(max(c, 0), sc.cols-1)
}

// row is asciigraph's own row of y among the body rows (0 = top).
func (sc *scale) row(y float64) int {
	r := sc.rowTop - (int(math.Round(y*sc.ratio)) - sc.rowMin)
	return min(max(r, 0), sc.h)
}

// frontierColumns resamples the series' frontier onto the data columns,
// linear between frontier points, NaN (a gap) elsewhere; nil when empty.
func (sc *scale) frontierColumns(s Series) []float64 {
	type xy struct{ x, y float64 }
	var f []xy
	for _, p := range s.Points {
		if x, ok := sc.px(p.X); ok && p.Frontier && finite(p.Y) {
			f = append(f, xy{x, p.Y})
		}
	}
	if len(f) == 0 {
		return nil
	}
	sort.Slice(f, func(i, j int) bool { return f[i].x < f[j].x })
	cols := make([]float64, sc.cols)
	for i := range cols {
		cols[i] = math.NaN()
	}
	for i := range f {
		c0 := sc.col(f[i].x)
		cols[c0] = f[i].y
		if i+1 < len(f) {
			c1 := sc.col(f[i+1].x)
			for c := c0 + 1; c < c1; c++ {
				t := float64(c-c0) / float64(c1-c0)
				cols[c] = f[i].y + t*(f[i+1].y-f[i].y)
			}
		}
	}
	return cols
}

func (sc *scale) mark(g *grid, p PlotPoint, class uint8, glyph rune, prefix int, selected string) (row, col int, drawn bool) {
	x, ok := sc.px(p.X)
	if !ok || !finite(p.Y) {
		return 0, 0, false
	}
	kind := p.Kind
	if selected != "" && p.ID == selected {
		kind = MarkSelected
	}
	if p.Class != 0 {
		class = p.Class
	}
	switch kind {
	case MarkSelected:
		class = ClassSelected
	case MarkRemoved:
		class = ClassRemoved
	}
	r, c := sc.row(p.Y), prefix+sc.col(x)
	// Where markers share a cell the weightier shows: selected, removal,
	// planned, frontier, suspect, then dominated; never a dominated point
	// over a frontier one.
	if !g.claim(r, c, kind.weight()) {
		return r, c, true
	}
	ch := kind.Glyph()
	switch {
	case (kind == MarkFrontier || kind == MarkDominated) && p.Glyph != 0:
		ch = p.Glyph
	case kind == MarkFrontier && glyph != 0:
		ch = glyph
	}
	g.set(r, c, ch, class)
	return r, c, true
}

func (sc *scale) xAxis(g *grid, prefix, bodyRows int) {
	axisRow, labelRow := bodyRows, bodyRows+1
	g.set(axisRow, prefix-1, '└', ClassAxis)
	for c := 0; c < sc.cols; c++ {
		g.set(axisRow, prefix+c, '─', ClassAxis)
	}
	ticks := max(2, min(sc.cols/14, 8))
	lastEnd := -1
	for i := 0; i < ticks; i++ {
		c := int(math.Round(float64(sc.cols-1) * float64(i) / float64(ticks-1)))
		v := sc.xmin + (sc.xmax-sc.xmin)*float64(i)/float64(ticks-1)
		if sc.logX {
			v = math.Pow(10, v)
		}
		label := sc.xfmt(v)
		start := prefix + c - len(label)/2
		if i == ticks-1 {
			start = min(start, len(g.runes[0])-len(label))
		}
		start = max(start, 0)
		g.set(axisRow, prefix+c, '┬', ClassAxis)
		if start > lastEnd {
			g.text(labelRow, start, label, ClassAxis)
			lastEnd = start + len(label)
		}
	}
}

// finite reports a usable number.
func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// niceCeil rounds up to 1, 2, 2.5 or 5 times a power of ten so y labels are round.
func niceCeil(v float64) float64 {
	if v <= 0 {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(v)))
	for _, m := range []float64{1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10} {
		if m*p >= v {
			return m * p
		}
	}
	return 10 * p
}

// HasSuspect reports whether any series draws a suspect marker (the
// legends name the ! only then).
func HasSuspect(series []Series) bool {
	for _, s := range series {
		for _, p := range s.Points {
			if p.Kind == MarkSuspect {
				return true
			}
		}
	}
	return false
}
