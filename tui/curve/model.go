package curve

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/sweeptune/sweeptune/internal/radix"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/render"
	"github.com/sweeptune/sweeptune/render/plot"
	"github.com/sweeptune/sweeptune/themes"
	"github.com/sweeptune/sweeptune/tui/keys"
	"github.com/sweeptune/sweeptune/tui/msgs"
	"github.com/sweeptune/sweeptune/tui/workbench"
)

// Model is the curve pane. It caches the series (rebuilt on data, marks or
// axis changes) and the rendered body (redrawn on any change).
type Model struct {
	st     *workbench.State
	keys   keys.Curve
	styles themes.Styles
	w, h   int

	series  []plot.Series
	gains   map[string]model.Gain
	noisy   map[string]string // IDs whose gain is within run-to-run noise → the words
	gainsVs string
	view    string
	canvas  plot.Canvas   // the last plot, for clicks
	drawn   []plot.Series // the series it drew (its markers index them)
	top     int           // body row of the canvas' first line

	// What rebuild derives from a view is kept by the view's serial and
	// the axes (a curve shown again, an overlay toggled: nothing redone);
	// the plot draws the series binned to its cells (bins), again only
	// when they change (version) or the canvas does.
	cached     kept[seriesKey, *cachedSeries]
	drawnViews []uint64 // the serials of the views drawn last (kept.put)
	orders     kept[derivedKey, []string]
	legends    kept[derivedKey, []string]
	bins       plot.Bins
	version    uint64
	// lastPlot is the canvas last drawn on: a view made beside the table
	// (Derive) bins its series for it ahead of the draw.
	lastPlot plot.PlotOptions
	// binnedAhead are bins rebuild found made for the shown series, for
	// the next redraw to take.
	binnedAhead *plot.Bins
	takenAhead  int // how many draws took them (tests)
}

// derivedKey is a view (its serial) on two axes.
type derivedKey struct {
	serial uint64
	x, y   string
}

// seriesKey is one curve's series: its view, the axes, and how it is
// drawn (overlay place and name; -1 for the shown curve).
type seriesKey struct {
	derivedKey
	optimal bool
	overlay int
	name    string
}

// cachedSeries is a series without removal marks, and each point's marker
// before them.
type cachedSeries struct {
	s    plot.Series
	base []plot.MarkKind
	// bins are s alone binned ahead for a canvas (Derive), nil when not:
	// rebuild takes them when s is all it draws and no mark changed it.
	bins *plot.Bins
	// ofView: s was made of the values the view's pass read (no point read)
	ofView bool
	// marked: a mark changed some marker's kind from base
	marked bool
}

// maxCached bounds each cache (kept).
const maxCached = 64

// viewKeyed is a cache's key: it names the view it derives from.
type viewKeyed interface {
	comparable
	viewSerial() uint64
}

func (k derivedKey) viewSerial() uint64 { return k.serial }

// New returns the pane over the shared state.
func New(st *workbench.State, km keys.Curve, styles themes.Styles) *Model {
	m := &Model{st: st, keys: km, styles: styles}
	m.Refresh(workbench.ChangeAll)
	return m
}

// SetSize sets the inner size.
func (m *Model) SetSize(w, h int) {
	if w != m.w || h != m.h {
		m.w, m.h = w, h
		m.redraw()
	}
}

// SetStyles switches the theme.
func (m *Model) SetStyles(s themes.Styles) { m.styles = s; m.redraw() }

// Refresh redoes what a state change touched.
func (m *Model) Refresh(c workbench.Change) {
	if c&(workbench.ChangeData|workbench.ChangeCurve) != 0 {
		// Series point at their views' points (labels made when drawn):
		// those of views the state no longer keeps go.
		m.cached.dropUnless(func(k seriesKey) bool { return m.st.Live(k.serial) })
	}
	switch {
	case c&rebuildOn != 0:
		m.rebuild()
	case c&workbench.ChangeMarks != 0:
		m.remark()
	}
	if c != 0 {
		m.redraw()
	}
}

func (m *Model) marks(id string) (plot.MarkKind, bool) {
	if m.st.Marks[id] {
		return plot.MarkRemoved, true
	}
	return 0, false
}

// rebuild draws the shown curve and its overlays, one frontier line each.
func (m *Model) rebuild() {
	shown := shownRefs{key: m.st.Curve, refs: m.st.ViewRefs()}
	m.version++
	m.series = m.curveSet(shown, m.st.OverlayCurves())
	m.gains, m.noisy = nil, nil
	if m.st.ShowGains {
		if g, ok := m.st.Gains(); ok {
			m.gains = map[string]model.Gain{}
			for _, pg := range g.Gains {
				m.gains[pg.ID] = pg.Gain
				if pg.WithinNoise {
					if m.noisy == nil {
						mn, _ := m.st.Noise().For(m.st.Y.Metric)
						m.noisy = map[string]string{"": render.WithinNoise(mn)}
					}
					m.noisy[pg.ID] = m.noisy[""]
				}
			}
			m.gainsVs = model.ShortName(m.st.Curve, m.st.Overlays[0])
		}
	}
}

// curveSet is plot.CurveSet with each curve's series kept: the
// overlays' as they are, the shown curve's without marks, which are put
// on its markers here (with frontier only, marks decide which points
// stay: it is made anew).
func (m *Model) curveSet(shown shownRefs, overlays []model.Curve) []plot.Series {
	x, y, opt := m.st.X, m.st.Y, m.st.OptimalOnly
	out := make([]plot.Series, 0, len(overlays)+1)
	m.drawnViews = append(m.drawnViews[:0], m.st.ViewSerial())
	for _, o := range overlays {
		m.drawnViews = append(m.drawnViews, m.st.CurveSerial(o.Key))
	}
	for i, o := range overlays {
		name := model.ShortName(shown.key, o.Key)
		k := seriesKey{derivedKey{m.drawnViews[i+1], x.Name, y.Name}, opt, i, name}
		c, ok := m.cached.get(k)
		if !ok {
			c = m.cached.put(k, &cachedSeries{s: plot.CurveSeries(o.Points, x, y, plot.CurveStyle{
				Name: name, Class: plot.OverlayClass(i), Glyph: plot.OverlayGlyph(i),
				Overlay: true, OptimalOnly: opt}, nil)}, m.drawnViews)
		}
		out = append(out, c.s)
	}
	style := plot.CurveStyle{Name: shown.key.String(), Class: plot.SourceClass(model.SourcePublished), OptimalOnly: opt}
	if opt {
		return append(out, plot.CurveSeriesRefs(shown.refs, x, y, style, m.marks))
	}
	k := m.shownSeriesKey()
	c, ok := m.cached.get(k)
	if !ok {
		c = m.cached.put(k, shownSeries(shown, x, y, m.st.Geometry()), m.drawnViews)
	}
	// The marks put on, over the kinds the last draw left; nothing to do
	// with no mark now and none put on before (at a million points a map
	// lookup a marker cost a millisecond of the frame's one-core part).
	if len(m.st.Marks) > 0 || c.marked {
		c.marked = false
		for i := range c.s.Points {
			p := &c.s.Points[i]
			p.Kind = c.base[i]
			if k, ok := m.marks(p.ID); ok {
				p.Kind, c.marked = k, true
			}
		}
	}
	m.binnedAhead = nil
	if c.bins != nil && !c.marked && len(out) == 0 {
		m.binnedAhead = c.bins
	}
	c.bins = nil // made for this draw only: the kinds may change after it
	return append(out, c.s)
}

// shownSeriesKey is the key of the shown curve's series without marks.
func (m *Model) shownSeriesKey() seriesKey {
	return seriesKey{derivedKey{m.st.ViewSerial(), m.st.X.Name, m.st.Y.Name}, false, -1, m.st.Curve.String()}
}

// shownRefs is the shown curve's key and its view's points by reference
// (workbench.State.ViewRefs).
type shownRefs struct {
	key  model.CurveKey
	refs []*model.Point
}

// shownSeries is the shown curve's series without marks, its frontier
// from the view's geometry g on x, y when given (nil: found here); it
// reads only its arguments.
func shownSeries(shown shownRefs, x, y model.Axis, g *workbench.Geometry) *cachedSeries {
	style := plot.CurveStyle{Name: shown.key.String(), Class: plot.SourceClass(model.SourcePublished)}
	var s plot.Series
	v, ofView := viewValues(g)
	if ofView {
		s = plot.CurveSeriesOfView(shown.refs, v, g.Frontier, style)
	} else if g != nil {
		s = plot.CurveSeriesWithFrontierRefs(shown.refs, g.Frontier, x, y, style, nil)
	} else {
		s = plot.CurveSeriesRefs(shown.refs, x, y, style, nil)
	}
	base := make([]plot.MarkKind, len(s.Points))
	for i := range s.Points {
		base[i] = s.Points[i].Kind
	}
	return &cachedSeries{s: s, base: base, ofView: ofView}
}

// viewValues are the geometry's values as the plot makes markers of
// them, when the pass that made the view read them all.
func viewValues(g *workbench.Geometry) (plot.ViewValues, bool) {
	if g == nil {
		return plot.ViewValues{}, false
	}
	coords, rest, ok := g.Values()
	ids, tags, marked := g.Marks()
	if !ok || !marked {
		return plot.ViewValues{}, false
	}
	var held []model.XYPoint
	for _, r := range rest {
		if r.HasX && r.HasY { // held out: a point with both is in coords otherwise
			held = append(held, model.XYPoint{X: r.X, Y: r.Y, Index: r.Index})
		}
	}
	return plot.ViewValues{Coords: coords, Held: held, IDs: ids, Tags: tags}, true
}

// xOrder is the IDs of the points with both coordinates, by x (their
// coordinates from the view's geometry g when given).
func xOrder(pts []*model.Point, x, y model.Axis, g *workbench.Geometry) []string {
	var c []model.XYPoint
	if g != nil {
		c = slices.Clone(g.Coords) // sorted here; the geometry is never written
	} else {
		c = model.CoordsRefs(pts, x, y)
	}
	byX(c)
	order := make([]string, 0, len(c))
	for _, p := range c {
		order = append(order, pts[p.Index].ID)
	}
	return order
}

// runLength is the run-length legend's lines of pts (a view, or its
// projected runs: the same lines).
func runLength(pts []model.Point, projs []model.Projection, x, y model.Axis) []string {
	var rl []string
	for _, l := range render.RunLengthLegend(pts, projs, y.Metric, x.Metric) {
		rl = append(rl, l.Text())
	}
	return rl
}

// legendOf is the legend under the plot of a view: its run-length lines
// (projected: the view's projected runs) and why it has no frontier, if
// so. The key and the work ahead both make it here.
func legendOf(view []*model.Point, projected []model.Point, projs []model.Projection, x, y model.Axis) []string {
	rl := runLength(projected, projs, x, y)
	if why := noFrontier(view); why != "" {
		rl = append(rl, why)
	}
	return rl
}

// noFrontier says why a curve shows no frontier when every point of its
// view is a short run left raw (a probe of 900 s is not steady state);
// "" when some point can stand on one.
func noFrontier(view []*model.Point) string {
	if len(view) == 0 {
		return ""
	}
	secs := map[float64]bool{}
	for _, p := range view {
		if !p.Prov.ShortRun() || p.Prov.Projected() {
			return ""
		}
		secs[p.Prov.DurationS] = true
	}
	run := "a short run"
	if len(secs) == 1 {
		run = fmt.Sprintf("a %s s run", strconv.FormatFloat(view[0].Prov.DurationS, 'f', -1, 64))
	}
	return fmt.Sprintf("no frontier: every point is %s, not steady state, and none is projected (no full-length twin to project from)", run)
}

// prefetched is what Prefetch made for one view.
type prefetched struct {
	series *cachedSeries
	order  []string
	legend []string
}

// Prefetch is rebuild's work for a view (serial, 0 when not kept yet) on
// axes x, y, as a function to run off the UI goroutine; nil when it is
// done already.
func (m *Model) Prefetch(serial uint64, x, y model.Axis) workbench.AheadWork {
	dk := derivedKey{serial, x.Name, y.Name}
	if serial != 0 && m.madeAhead(dk) {
		return nil
	}
	return func(view []*model.Point, projs []model.Projection, curve model.CurveKey, g *workbench.Geometry) any {
		return prefetched{series: shownSeries(shownRefs{curve, view}, x, y, g), order: xOrder(view, x, y, g), legend: legendOf(view, model.ProjectedOf(view), projs, x, y)}
	}
}

// madeAhead reports whether the view's series, order and legend on the
// axes of dk are all kept, and marks them used: planned again, they are
// still wanted (kept drops the least recently used).
func (m *Model) madeAhead(dk derivedKey) bool {
	_, order := m.orders.get(dk)
	_, legend := m.legends.get(dk)
	series := false
	for k := range m.cached.m {
		if k.derivedKey == dk && k.overlay < 0 {
			m.cached.get(k)
			series = true
		}
	}
	return order && legend && series
}

// Adopt keeps what Prefetch's function made for the view of serial.
func (m *Model) Adopt(serial uint64, x, y model.Axis, data any) {
	p, ok := data.(prefetched)
	if !ok {
		return
	}
	dk := derivedKey{serial, x.Name, y.Name}
	k := seriesKey{dk, false, -1, p.series.s.Name}
	if _, ok := m.cached.get(k); !ok {
		m.cached.put(k, p.series, m.drawnViews)
	}
	if _, ok := m.orders.get(dk); !ok {
		m.orders.put(dk, p.order, m.drawnViews)
	}
	if _, ok := m.legends.get(dk); !ok {
		m.legends.put(dk, p.legend, m.drawnViews)
	}
}

// remark updates the markers after a mark toggle without rebuilding the
// series: the frontier does not depend on marks. The shown curve is the
// last series.
func (m *Model) remark() {
	if len(m.series) == 0 {
		return
	}
	m.version++
	s := &m.series[len(m.series)-1]
	for pi := range s.Points {
		p := &s.Points[pi]
		switch {
		case p.Kind == plot.MarkPlanned:
		case m.st.Marks[p.ID]:
			p.Kind = plot.MarkRemoved
		case p.Frontier:
			p.Kind = plot.MarkFrontier
		default:
			p.Kind = plot.MarkDominated
		}
	}
}

func (m *Model) redraw() {
	if m.w <= 0 || m.h <= 0 {
		m.view = ""
		return
	}
	sel := m.st.Find(m.st.Selected)
	series := m.series
	if p := m.st.Preview; p != nil {
		if x, y, ok := p.XY(m.st.X, m.st.Y); ok {
			// Appended, not merged: the cached series stay untouched so a
			// slider step costs one plot, not a rebuild.
			series = append(series[:len(series):len(series)], plot.Series{
				Name: "preview", Class: plot.SourceClass(model.SourcePlanned),
				Points: []plot.PlotPoint{plot.MarkerOf(p, x, y, plot.MarkPlanned)},
				Legend: []plot.LegendItem{{Glyph: plot.MarkPlanned.Glyph(), Class: plot.SourceClass(model.SourcePlanned), Text: "preview"}},
			})
		}
	}
	in := Input{
		Series: series, X: m.st.X, Y: m.st.Y, LogX: m.st.LogX, Labels: m.st.Labels,
		Selected: sel, Marked: sel != nil && m.st.Marks[sel.ID],
	}
	dk := derivedKey{m.st.ViewSerial(), m.st.X.Name, m.st.Y.Name}
	rl, ok := m.legends.get(dk)
	if !ok {
		rl = m.legends.put(dk, legendOf(m.st.ViewRefs(), m.st.ViewProjected(), m.st.Projections(), m.st.X, m.st.Y), m.drawnViews)
	}
	in.RunLength = rl
	if b := m.binnedAhead; b != nil {
		// The shown series binned beside the table for the canvas drawn
		// last: Plot bins again if this canvas or scale is another.
		b.Renumber(m.version)
		m.bins, m.binnedAhead = *b, nil
		m.takenAhead++
	}
	in.Bins, in.Binned, in.Version = &m.bins, len(m.series), m.version
	if m.gains != nil && sel != nil {
		g, ok := m.gains[sel.ID]
		in.Gain = &GainNote{Vs: m.gainsVs, Gain: g, Known: ok, Noise: m.noisy[sel.ID]}
	}
	d := draw(in, m.styles, m.w, m.h)
	m.view, m.canvas, m.drawn, m.top, m.lastPlot = d.body, d.canvas, d.series, d.top, d.opt
}

// Title names the shown curve, for the pane's border.
func (m *Model) Title() string { return m.TitleFit(0) }

// TitleFit is Title in at most w cells (0: no limit): when the whole name
// does not fit, the fields the curve does not know ("unknown spec
// decoding") go first, then the spaces around the separators, so the
// border says which curve, and the date, rather than cutting them off.
func (m *Model) TitleFit(w int) string {
	if len(m.st.Curves) == 0 {
		return "curve"
	}
	suffix := ""
	if m.st.AllDates {
		suffix += " · every run"
	}
	if m.st.AsOf != "" {
		suffix += " · as of " + m.st.AsOf
	}
	k := m.st.Curve
	full := "curve: " + k.String() + suffix
	if w <= 0 || ansi.StringWidth(full) <= w {
		return full
	}
	var known []string
	for i := range model.FieldNames {
		if f := k.FieldText(i); !strings.HasPrefix(f, "unknown") {
			known = append(known, f)
		}
	}
	short := "curve: " + strings.Join(known, " · ") + suffix
	if ansi.StringWidth(short) <= w {
		return short
	}
	return "curve: " + strings.Join(known, "·") + strings.ReplaceAll(suffix, " · ", "·")
}

// Click selects the point whose marker is nearest the clicked body cell
// (within three columns); a click on empty plot selects nothing new.
func (m *Model) Click(x, y int) tea.Cmd {
	mk, ok := m.canvas.Nearest(y-m.top, x, 3)
	if !ok || int(mk.Series) >= len(m.drawn) || m.drawn[mk.Series].Name == "preview" {
		return nil
	}
	if id := m.drawn[mk.Series].Points[mk.Point].ID; id != "" {
		m.st.Select(id)
	}
	return nil
}

// Update handles a key while the pane has focus.
func (m *Model) Update(msg tea.KeyMsg) tea.Cmd {
	switch {
	case key.Matches(msg, m.keys.Prev):
		m.step(-1)
	case key.Matches(msg, m.keys.Next):
		m.step(1)
	case key.Matches(msg, m.keys.Mark):
		return msgs.StatusCmd(m.st.ToggleMark(m.st.Selected), false)
	}
	return nil
}

// step moves the selection to the neighbour along x.
func (m *Model) step(d int) {
	order := m.xOrder()
	if len(order) == 0 {
		return
	}
	i := -1
	for j, id := range order {
		if id == m.st.Selected {
			i = j
			break
		}
	}
	if i < 0 {
		m.st.Select(order[0])
		return
	}
	m.st.Select(order[min(max(i+d, 0), len(order)-1)])
}

// xOrder is the shown view's IDs with coordinates, by x, for ←/→: kept,
// or made when first walked (a key that only shows the view sorts
// nothing by x).
func (m *Model) xOrder() []string {
	dk := derivedKey{m.st.ViewSerial(), m.st.X.Name, m.st.Y.Name}
	if o, ok := m.orders.get(dk); ok {
		return o
	}
	return m.orders.put(dk, xOrder(m.st.ViewRefs(), m.st.X, m.st.Y, m.st.Geometry()), m.drawnViews)
}

// View is the cached body.
func (m *Model) View() string { return m.view }

// Bindings are the pane's enabled keys.
func (m *Model) Bindings() []key.Binding {
	return []key.Binding{m.keys.Prev, m.keys.Next, m.keys.Mark}
}

// Capturing is false: the plot has no input mode.
func (m *Model) Capturing() bool { return false }

// Pending is nil: the plot redraws on Refresh, with no background work.
func (m *Model) Pending() tea.Cmd { return nil }

// Handle owns no messages.
func (m *Model) Handle(tea.Msg) (tea.Cmd, bool) { return nil, false }

// Copy is the selected point's ID (C).
func (m *Model) Copy() (msgs.Copy, bool) {
	return msgs.Copy{Text: m.st.Selected, What: "point ID"}, m.st.Selected != ""
}

// byX sorts coordinates by x, stably: by x then index (ascending in
// Coords' order), unless some x is NaN, which < does not order.
func byX(c []model.XYPoint) {
	for i := range c {
		if math.IsNaN(c[i].X) {
			sort.SliceStable(c, func(i, j int) bool { return c[i].X < c[j].X })
			return
		}
	}
	// By x, ties in index order (Coords gives them so): a stable radix
	// sort of the x values' keys.
	keys, at := make([]uint64, len(c)), make([]int32, len(c))
	for i := range c {
		keys[i], at[i] = radix.FloatKey(c[i].X), int32(i)
	}
	radix.Sort(keys, at)
	sorted := make([]model.XYPoint, len(c))
	for j, i := range at {
		sorted[j] = c[i]
	}
	copy(c, sorted)
}
