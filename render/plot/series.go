package plot

import (
	"slices"
	"strings"

	"github.com/sweeptune/sweeptune/internal/par"
	"github.com/sweeptune/sweeptune/model"
)

// SourceClass is the series class of a source tag (1-based, display order).
func SourceClass(s model.Source) uint8 {
	for i, src := range model.Sources {
		if src == s {
			return uint8(i + 1)
		}
	}
	return uint8(len(model.Sources) + 1)
}

// SourceGlyph is the frontier marker of a source's points on the shown
// curve, so sources stay apart without colour: ● published, ■ local,
// ◇ planned, ▲ competitor.
func SourceGlyph(s model.Source) rune {
	switch s {
	case model.SourceLocal:
		return '■'
	case model.SourcePlanned:
		return MarkPlanned.Glyph()
	case model.SourceCompetitor:
		return '▲'
	default:
		return MarkFrontier.Glyph()
	}
}

// overlayGlyphs mark overlaid curves' frontier points, one per curve (the
// shown curve's sources use ● ■ ◇).
var overlayGlyphs = []rune{'▲', '▼', '★', '✚', '▶', '◀', '♣', '♠'}

// OverlayGlyph is the frontier marker of the i-th overlaid curve.
func OverlayGlyph(i int) rune { return overlayGlyphs[i%len(overlayGlyphs)] }

// OverlayClass is the colour class of the i-th overlaid curve: after the
// sources' classes (1…4 are the shown curve's published, local, planned
// and the competitor colour), wrapping over the theme's series colours.
func OverlayClass(i int) uint8 { return uint8(4 + i%60) }

// DominatedOverlay marks an overlaid curve's points off its frontier.
const DominatedOverlay = '·'

// CurveStyle says how one curve is drawn.
type CurveStyle struct {
	Name  string
	Class uint8 // the line's colour class
	// Glyph marks every frontier point; 0 marks each by its source
	// (● published, ■ local) in its source's colour: the shown curve.
	Glyph rune
	// Overlay draws points off the frontier as · (another curve's).
	Overlay bool
	// OptimalOnly leaves out measured points off the frontier.
	OptimalOnly bool
}

// CurveSeries is one curve as one series: one frontier line over its
// measured points (whatever their source), markers for every point.
// Planned points are markers only (◇): they are not measured; suspect
// points are marked ! (kept out of the frontier unless admitted). marks, when
// non-nil, overrides a point's marker (removal marks).
func CurveSeries(pts []model.Point, x, y model.Axis, cs CurveStyle, marks func(id string) (MarkKind, bool)) Series {
	return CurveSeriesRefs(model.RefsTo(pts), x, y, cs, marks)
}

// CurveSeriesRefs is CurveSeries of the points refs refer to (a view that
// shares the loaded points); its plot points point at them.
func CurveSeriesRefs(refs []*model.Point, x, y model.Axis, cs CurveStyle, marks func(id string) (MarkKind, bool)) Series {
	// The frontier of the measured points: refs themselves when none is
	// planned (nothing copied).
	measured, at := refs, []int(nil) // at: measured index → refs index
	for _, p := range refs {
		if p.Source == model.SourcePlanned {
			measured, at = make([]*model.Point, 0, len(refs)), make([]int, 0, len(refs))
			break
		}
	}
	if at != nil {
		for i, p := range refs {
			if p.Source != model.SourcePlanned {
				measured = append(measured, p)
				at = append(at, i)
			}
		}
	}
	front, _ := model.DashboardFrontierRefs(measured, x, y) // the frontier the dashboard draws (North-star gate)
	if at != nil {
		for j, k := range front {
			front[j] = at[k]
		}
	}
	return curveSeries(refs, front, x, y, cs, marks)
}

// CurveSeriesWithFrontier is CurveSeries of points none of which is
// planned, whose frontier on x, y (model.Frontier) is found already.
func CurveSeriesWithFrontier(pts []model.Point, front []int, x, y model.Axis, cs CurveStyle, marks func(id string) (MarkKind, bool)) Series {
	return curveSeries(model.RefsTo(pts), front, x, y, cs, marks)
}

// CurveSeriesWithFrontierRefs is CurveSeriesWithFrontier of the points
// refs refer to.
func CurveSeriesWithFrontierRefs(refs []*model.Point, front []int, x, y model.Axis, cs CurveStyle, marks func(id string) (MarkKind, bool)) Series {
	return curveSeries(refs, front, x, y, cs, marks)
}

// curveSeries is CurveSeries given the frontier (indices into pts).
//
// Without marks to ask (the shown curve's series: its marks are put on
// afterwards), a large curve's markers are made on both cores, each half
// into its own part of the result (docs/workbench-speed.md).
func curveSeries(pts []*model.Point, front []int, x, y model.Axis, cs CurveStyle, marks func(id string) (MarkKind, bool)) Series {
	onFrontier := frontierFlags(len(pts), front)
	split := parallelSeries
	if marks != nil {
		split = len(pts) + 1 // marks is the caller's: asked on its goroutine only
	}
	out, present := markersInHalves(len(pts), split, func(dst []PlotPoint, lo int, present []bool) int {
		return markers(dst, pts, lo, onFrontier, x, y, &cs, marks, present)
	})
	return seriesOf(cs, len(pts), out, present)
}

// frontierFlags is front (indices below n) as a flag per index.
func frontierFlags(n int, front []int) []bool {
	on := make([]bool, n)
	for _, k := range front {
		on[k] = true
	}
	return on
}

// markersInHalves makes the markers of n inputs with fill (given the part of the
// result to fill, where its first input is, and its own flags of the
// source classes it met), on both cores from split on, and returns them
// in order with the classes met.
func markersInHalves(n, split int, fill func(dst []PlotPoint, lo int, present []bool) int) ([]PlotPoint, [2][]bool) {
	out := make([]PlotPoint, n)
	var start, got [2]int
	present := [2][]bool{make([]bool, len(model.Sources)+1), make([]bool, len(model.Sources)+1)}
	par.Halves(n, split, func(lo, hi int) {
		h := min(lo, 1) // the first half at 0, the second at 1
		start[h] = lo
		got[h] = fill(out[lo:hi], lo, present[h])
	})
	copy(out[got[0]:], out[start[1]:start[1]+got[1]]) // nothing when made in one part
	k := got[0] + got[1]
	return out[:k:k], present
}

// seriesOf is the series of cs with its markers (made of n points) and
// the legend of the source classes they met.
func seriesOf(cs CurveStyle, n int, out []PlotPoint, present [2][]bool) Series {
	s := Series{Name: cs.Name, Class: cs.Class, Glyph: cs.Glyph, Points: out}
	if cs.Glyph != 0 {
		text := cs.Name
		switch {
		case n == 0:
			text += " (no runs by this date)"
		case len(s.Points) == 0:
			text += " (nothing on these axes)"
		}
		s.Legend = []LegendItem{{Glyph: cs.Glyph, Class: cs.Class, Text: text}}
		return s
	}
	for i, src := range model.Sources {
		if present[0][i] || present[1][i] {
			s.Legend = append(s.Legend, LegendItem{Glyph: SourceGlyph(src), Class: SourceClass(src), Text: string(src)})
		}
	}
	return s
}

// LegendItem is one entry of a plot's legend.
type LegendItem struct {
	Glyph rune
	Class uint8
	Text  string
}

// CurveSet is the series of a plot: each overlaid curve (named by what
// differs from the shown one, its own glyph and colour), then the shown
// curve on top, one frontier line each.
func CurveSet(shown model.Curve, overlays []model.Curve, x, y model.Axis, optimalOnly bool, marks func(id string) (MarkKind, bool)) []Series {
	out := make([]Series, 0, len(overlays)+1)
	for i, o := range overlays {
		out = append(out, CurveSeries(o.Points, x, y, CurveStyle{
			Name: model.ShortName(shown.Key, o.Key), Class: OverlayClass(i), Glyph: OverlayGlyph(i),
			Overlay: true, OptimalOnly: optimalOnly}, nil))
	}
	return append(out, CurveSeries(shown.Points, x, y, CurveStyle{
		Name: shown.Key.String(), Class: SourceClass(model.SourcePublished), OptimalOnly: optimalOnly}, marks))
}

// Legend lists every series' items: the shown curve's (the last series)
// first, then the overlays in the order chosen.
func Legend(series []Series) []LegendItem {
	if len(series) == 0 {
		return nil
	}
	out := append([]LegendItem(nil), series[len(series)-1].Legend...)
	for _, s := range series[:len(series)-1] {
		out = append(out, s.Legend...)
	}
	return out
}

// LegendText is the legend without colour: "● published  ■ local  ▲ vllm".
func LegendText(series []Series) string {
	var parts []string
	for _, it := range Legend(series) {
		parts = append(parts, string(it.Glyph)+" "+it.Text)
	}
	return strings.Join(parts, "  ")
}

// LabelText is the label drawn beside the marker: its point's
// PointLabel, "" for a marker of coordinates alone.
func (p *PlotPoint) LabelText() string {
	if p.of == nil {
		return ""
	}
	return PointLabel(p.of)
}

// PointLabel is the shape and concurrency an engineer reads a point by:
// "7P BS96 c5540", "agg TP4 c16"; a point without knobs by its label.
func PointLabel(p *model.Point) string {
	if p.Knobs.Mode == "" {
		return p.Label
	}
	return p.Knobs.ShortLabel()
}

// parallelSeries is the number of points from which curveSeries makes the
// markers on both cores.
const parallelSeries = 8192

// markers writes the markers of points lo, lo+1, … (as many as dst holds)
// at the start of dst, setting present[c-1] for each source class c among
// them, and returns how many it wrote.
func markers(dst []PlotPoint, pts []*model.Point, lo int, onFrontier []bool, x, y model.Axis, cs *CurveStyle, marks func(id string) (MarkKind, bool), present []bool) int {
	w := 0
	for k := range dst {
		i := lo + k
		p := pts[i]
		xv, yv, ok := p.XY(x, y)
		if !ok {
			continue
		}
		t := model.TagOf(p)
		if pp, ok := marker(xv, yv, p.ID, p, t, onFrontier[i], cs, marks); ok {
			present[tagClass(t)-1] = true
			dst[w] = pp
			w++
		}
	}
	return w
}

// marker is the marker at xv, yv of the point of, its ID and tag, on the
// frontier or not, as cs draws it; false when cs leaves it out.
func marker(xv, yv float64, id string, of *model.Point, t model.Tag, front bool, cs *CurveStyle, marks func(id string) (MarkKind, bool)) (PlotPoint, bool) {
	// A label is drawn beside a frontier point, or the selected one,
	// made when drawn (LabelText).
	pp := PlotPoint{X: xv, Y: yv, ID: id, Kind: MarkDominated, Frontier: front, of: of}
	if front {
		pp.Kind = MarkFrontier
	}
	switch {
	case t.SourceIndex() == plannedSource:
		pp.Kind = MarkPlanned
		pp.Class = SourceClass(model.SourcePlanned)
	case cs.Glyph == 0:
		pp.Glyph, pp.Class = tagGlyph(t), tagClass(t)
		if !front {
			pp.Glyph = 0
		}
	case cs.Overlay && !front:
		pp.Glyph = DominatedOverlay
	}
	if t.Suspect() {
		// Shown and marked, on or off the frontier (held out of it
		// unless the view admits it).
		pp.Kind, pp.Glyph = MarkSuspect, 0
	}
	if marks != nil {
		if k, ok := marks(id); ok {
			pp.Kind = k
		}
	}
	if cs.OptimalOnly && (pp.Kind == MarkDominated || pp.Kind == MarkSuspect && !pp.Frontier) {
		return pp, false
	}
	return pp, true
}

// plannedSource is SourcePlanned's place in model.Sources.
var plannedSource = slices.Index(model.Sources, model.SourcePlanned)

// tagClass is SourceClass of the tagged point's source.
func tagClass(t model.Tag) uint8 {
	if i := t.SourceIndex(); i >= 0 {
		return uint8(i + 1)
	}
	return uint8(len(model.Sources) + 1)
}

// tagGlyph is SourceGlyph of the tagged point's source (one none of
// model.Sources is drawn as any other: ●).
func tagGlyph(t model.Tag) rune {
	if i := t.SourceIndex(); i >= 0 {
		return SourceGlyph(model.Sources[i])
	}
	return SourceGlyph("")
}
