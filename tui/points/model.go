// Package points is the points table pane: sortable, filterable, its
// cursor shared with the plot's selection.
package points

import (
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/table"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/render"
	"github.com/sweeptune/sweeptune/themes"
	"github.com/sweeptune/sweeptune/tui/frame"
	"github.com/sweeptune/sweeptune/tui/keys"
	"github.com/sweeptune/sweeptune/tui/msgs"
	"github.com/sweeptune/sweeptune/tui/workbench"
)

// Model is the points pane.
type Model struct {
	st     *workbench.State
	keys   keys.Points
	styles themes.Styles
	w, h   int

	table     grid
	filter    input
	query     query // the parsed filter
	filtering bool
	// enteredFilter is the filter's text when last not typing (EnteredFilter)
	enteredFilter string
	details       bool
	sortCol       int
	desc          bool

	idW     int     // the point column's wanted width (neededWidth)
	orphans int     // marks whose points are not loaded
	idx     []int   // table row → index into st.View()
	rowAt   []int32 // index into st.View() → table row, -1 filtered out
	extras  []extra
	rows    *lazyCells[table.Row] // formatted when first drawn (row)
	view    string
	// derived keeps what rebuild derives from a view (statuses, sorted
	// orders, widths), by the view's serial and the axes: a curve shown
	// again, an overlay or a display toggle sorts nothing again.
	derived map[derivedKey]*derived
	// shownSerial is the view the table shows (rebuild): its derivations
	// stay when the caches start again.
	shownSerial uint64
	used        uint64         // the derivations' clock (derived.used)
	widths      map[uint64]int // neededWidth by view serial
	ids         *idWidths      // the loaded points' ID widths, from the load (AdoptData)
	hay         *haystack      // the filtered view's free text, made at /
}

// New returns the pane over the shared state.
func New(st *workbench.State, km keys.Points, styles themes.Styles) *Model {
	m := &Model{st: st, keys: km, styles: styles, sortCol: colY, desc: true}
	m.table = grid{keys: km.Table, first: m.glyph, row: m.row}
	m.Refresh(workbench.ChangeAll)
	return m
}

// SetSize sets the inner size; one line is kept for the footer.
func (m *Model) SetSize(w, h int) {
	if w == m.w && h == m.h {
		return
	}
	m.w, m.h = w, h
	m.table.cols = columns(m.st.X, m.st.Y, m.w, m.idW, m.sortCol, m.desc, m.st.ShowGains, m.current().projected)
	m.table.height = max(h-2, 1) // header and footer
	m.table.offset = 0           // re-scroll from the top for the new height
	m.table.SetCursor(m.table.Cursor())
	m.redraw()
}

// SetStyles switches the theme.
func (m *Model) SetStyles(s themes.Styles) {
	m.styles = s
	m.redraw()
}

// Capturing reports an input mode in which every key belongs to the pane.
func (m *Model) Capturing() bool { return m.filtering }

// Refresh redoes what a state change touched.
func (m *Model) Refresh(c workbench.Change) {
	switch {
	case c&rebuildOn != 0:
		m.rebuild()
	}
	if c&(workbench.ChangeMarks|workbench.ChangeData) != 0 {
		m.orphans = len(m.st.Orphans())
	}
	if c&workbench.ChangeSelection != 0 {
		m.follow()
	}
	if c != 0 {
		m.redraw()
	}
}

// rebuild recomputes the shown curve's statuses, gains, filter, order and rows.
func (m *Model) rebuild() {
	view := m.st.ViewRefs()
	m.shownSerial = m.st.ViewSerial()
	m.query = parseQuery(m.filter.Value())
	d := m.current()
	m.extras = d.extras
	m.orderFromOtherX(d)
	o := d.order(view, m.query, m.filter.Value(), m.st.X, m.st.Y, m.sortCol, m.desc, m.hay.of(m.st.ViewSerial(), len(view)))
	m.idx, m.rowAt = o.idx, o.rowAt
	if o.rows == nil {
		o.rows = newLazyCells[table.Row](len(m.idx)) // formatted as drawn, kept with the order
	}
	m.rows = o.rows
	m.table.slugs = tagSlugs(m.st.Curve)
	serial := m.st.ViewSerial()
	w, ok := m.widths[serial]
	if !ok {
		w = m.keepWidth(serial, m.viewIDWidth(view)) // all rows: a filter does not move columns
	}
	m.idW = w
	m.table.cols = columns(m.st.X, m.st.Y, m.w, m.idW, m.sortCol, m.desc, m.st.ShowGains, d.projected)
	m.table.SetRows(m.rows.Len())
	m.follow()
}

// keepWidth keeps the ID column's width w for the view of serial.
func (m *Model) keepWidth(serial uint64, w int) int {
	if m.widths == nil || len(m.widths) >= maxWidths {
		shown, ok := m.widths[m.shownSerial]
		m.widths = map[uint64]int{}
		if ok {
			m.widths[m.shownSerial] = shown // measured over all its IDs
		}
	}
	m.widths[serial] = w
	return w
}

// viewIDWidth is neededWidth of the shown view, from the loaded points'
// measured widths when the load measured these points.
func (m *Model) viewIDWidth(view []*model.Point) int {
	if w, ok := m.ids.of(m.st.Points, view, m.st.ViewSources(), m.table.slugs); ok {
		return w
	}
	m.ids = nil // another load's: let its points go
	return neededWidth(view, m.table.slugs)
}

// PrepareData is the work done for the table on the loaded points, off
// the UI goroutine after the load's first frame: their IDs measured.
func (m *Model) PrepareData() func(pts []model.Point) any {
	return func(pts []model.Point) any { return measureIDs(pts) }
}

// AdoptData keeps what PrepareData's work made.
func (m *Model) AdoptData(data any) {
	if w, ok := data.(*idWidths); ok {
		m.ids = w
	}
}

// MeasuredIDs reports whether the table reads the loaded points' ID widths
// measured by PrepareData's work (else it measures a view's itself).
func (m *Model) MeasuredIDs() bool { return m.ids != nil }

// row is table row r, formatted when first asked (only drawn rows are).
func (m *Model) row(r int) table.Row {
	c := m.rows.at(r)
	if *c == nil {
		i := m.idx[r]
		*c = row(m.st.ViewRefs()[i], m.extras[i], m.st.X, m.st.Y)
	}
	return *c
}

// orderFromOtherX gives d, when it has not the shown order yet, the same
// order kept for the view on another x: unfiltered, by a column x and the
// statuses do not enter (the point, source, GPUs, C, y), the rows' order
// is the same on every x (the rows themselves are formatted again: they
// show x).
func (m *Model) orderFromOtherX(d *derived) {
	k := orderKey{m.sortCol, m.desc, ""}
	if m.filter.Value() != "" || m.st.ShowGains {
		return
	}
	if _, ok := d.orders[k]; ok {
		return
	}
	if o, ok := m.orderOnOtherX(m.st.ViewSerial(), m.st.Y.Name); ok {
		if len(d.orders) >= maxOrders {
			d.orders = map[orderKey]*ordered{}
		}
		d.orders[k] = &ordered{idx: o.idx, rowAt: o.rowAt} // never written once made
	}
}

// orderOnOtherX is the unfiltered order in the current sort kept for the
// view of serial on y and some x, when the sort's column is one whose
// order is the same on every x.
func (m *Model) orderOnOtherX(serial uint64, y string) (*ordered, bool) {
	if m.sortCol == colX || m.sortCol >= colStatus {
		return nil, false
	}
	k := orderKey{m.sortCol, m.desc, ""}
	for dk, other := range m.derived {
		if dk.serial != serial || dk.y != y {
			continue
		}
		if o, ok := other.orders[k]; ok {
			return o, true
		}
	}
	return nil, false
}

// derivedKey is what derived depends on: the view (its serial) and the
// axes. Gains depend on the overlays too: with gains shown nothing is
// kept.
type derivedKey struct {
	serial uint64
	x, y   string
}

// derived is what the table derives from one view on some axes.
type derived struct {
	coords []model.XYPoint // the view's geometry's coordinates on the axes, nil when not made from one
	// rest are the other points' values on the axes, all read when restOK
	// (workbench.Geometry.Values).
	rest      []workbench.Partial
	restOK    bool
	extras    []extra
	projected bool
	legend    []string // the run-length legend's lines
	orders    map[orderKey]*ordered
	// last is the last filter's matches, which a letter typed onto it
	// narrows instead of reading the whole view again.
	last *matched
	used uint64 // when last shown, planned ahead or kept (Model.used)
}

// orderKey is one sorted, filtered order of a view.
type orderKey struct {
	col   int
	desc  bool
	query string
}

// ordered is the rows of one order and their inverse, and the rows as
// drawn so far.
type ordered struct {
	idx   []int
	rowAt []int32
	rows  *lazyCells[table.Row]
}

// Bounds on the kept derivations: past maxDerived the least recently
// used goes (keepDerived); past maxOrders a view's orders are all dropped.
// The widths are a few bytes a view: maxWidths of them are kept.
const maxDerived, maxOrders, maxWidths = 48, 16, 1024

// current is the derivation of the shown view on the shown axes, from the
// cache or made now.
func (m *Model) current() *derived {
	view := m.st.ViewRefs()
	k := derivedKey{m.st.ViewSerial(), m.st.X.Name, m.st.Y.Name}
	if d, ok := m.derived[k]; ok && !m.st.ShowGains {
		m.touch(d)
		return d
	}
	if m.st.ShowGains {
		d := newDerived(view, m.st.ViewProjected(), m.st.Projections(), m.st.X, m.st.Y, m.st.Geometry(), m.st.ViewFlags())
		d.extras = curveExtras(m.st, view)
		return d
	}
	return m.keepDerived(k, newDerived(view, m.st.ViewProjected(), m.st.Projections(), m.st.X, m.st.Y, m.st.Geometry(), m.st.ViewFlags()))
}

// keepDerived caches d under k. A full cache drops the derivation used
// least recently, another view's before the shown view's. It used to
// start again but for the shown view's: the work ahead then made the
// curves ] and [ show again and again, and a ] typed while one was being
// made again made it on the key (at 1M × 12, 29 ms).
func (m *Model) keepDerived(k derivedKey, d *derived) *derived {
	if m.derived == nil {
		m.derived = map[derivedKey]*derived{}
	}
	if _, ok := m.derived[k]; !ok && len(m.derived) >= maxDerived {
		delete(m.derived, m.leastUsed())
	}
	m.derived[k] = d
	m.touch(d)
	return d
}

// leastUsed is the key of the derivation to drop: used least recently,
// not the shown view's while another's is kept.
func (m *Model) leastUsed() derivedKey {
	var out derivedKey
	var best *derived
	for k, d := range m.derived {
		if best == nil || m.dropsBefore(k, d, out, best) {
			out, best = k, d
		}
	}
	return out
}

// dropsBefore reports whether derivation a (of key ka) goes before b.
func (m *Model) dropsBefore(ka derivedKey, a *derived, kb derivedKey, b *derived) bool {
	if shownA, shownB := ka.serial == m.shownSerial, kb.serial == m.shownSerial; shownA != shownB {
		return shownB
	}
	return a.used < b.used
}

// touch marks d used now.
func (m *Model) touch(d *derived) {
	m.used++
	d.used = m.used
}

// newDerived derives the statuses, run-length legend and projected flag
// of a view on axes x, y (no gains), with its geometry when made (else
// nil); projected holds every projected run of the view in its order (the
// view itself will do); it reads only its arguments.
func newDerived(view []*model.Point, projected []model.Point, projs []model.Projection, x, y model.Axis, g *workbench.Geometry, flags *workbench.ViewFlags) *derived {
	d := &derived{extras: curveStatuses(view, x, y, g, flags), projected: hasProjected(projected), orders: map[orderKey]*ordered{}}
	if g != nil {
		d.coords, d.rest, d.restOK = g.Values()
	}
	for _, l := range render.RunLengthLegend(projected, projs, y.Metric, x.Metric) {
		d.legend = append(d.legend, l.Text())
	}
	return d
}

// prefetched is what Prefetch made for one view.
type prefetched struct {
	d     *derived
	width int
}

// EnteredFilter is the filter's text once entered (while it is typed,
// the text before it): what the work ahead matches the rows against.
func (m *Model) EnteredFilter() string {
	if m.filtering {
		return m.enteredFilter
	}
	m.enteredFilter = m.filter.Value()
	return m.enteredFilter
}

// Prefetch is rebuild's work for a view (serial, 0 when not kept yet) on
// axes x, y in the current sort and filter, as a function to run off the
// UI goroutine; nil when it is done already or not worth doing (gains
// shown: they depend on more). A filter is matched without the
// haystack, which only the shown view has: the same rows
// (TestNarrowedMatchesAreThePlainMatchesWhileTyping).
func (m *Model) Prefetch(serial uint64, x, y model.Axis) workbench.AheadWork {
	if m.st.ShowGains {
		return nil
	}
	text := m.filter.Value()
	k := orderKey{m.sortCol, m.desc, text}
	if d, ok := m.derived[derivedKey{serial, x.Name, y.Name}]; ok && serial != 0 {
		m.touch(d) // planned again: still wanted
		if _, ok := d.orders[k]; ok {
			return nil
		}
	}
	q := parseQuery(text)
	return func(view []*model.Point, projs []model.Projection, curve model.CurveKey, g *workbench.Geometry) any {
		d := newDerived(view, model.ProjectedOf(view), projs, x, y, g, nil)
		d.order(view, q, text, x, y, k.col, k.desc, nil)
		return prefetched{d: d, width: neededWidth(view, tagSlugs(curve))}
	}
}

// Adopt keeps what Prefetch's function made for the view of serial.
func (m *Model) Adopt(serial uint64, x, y model.Axis, data any) {
	p, ok := data.(prefetched)
	if !ok {
		return
	}
	k := derivedKey{serial, x.Name, y.Name}
	if d, ok := m.derived[k]; ok {
		m.touch(d)
		for ok, o := range p.d.orders {
			if _, had := d.orders[ok]; !had {
				d.orders[ok] = o
			}
		}
	} else {
		m.keepDerived(k, p.d)
	}
	if _, ok := m.widths[serial]; !ok {
		m.keepWidth(serial, p.width)
	}
}

// order is the view's rows filtered by q (typed as text) and sorted.
// hay is the view's haystack, or nil.
func (d *derived) order(view []*model.Point, q query, text string, x, y model.Axis, col int, desc bool, hay *haystack) *ordered {
	k := orderKey{col, desc, text}
	if o, ok := d.orders[k]; ok {
		return o
	}
	idx := matchingIn(view, q, x, y, d.last, hay)
	if len(q.terms) > 0 {
		d.last = &matched{q: q, idx: slices.Clone(idx)} // sortRows reorders idx
	}
	o := &ordered{idx: sortRows(idx, view, d.extras, x, y, col, desc, axisValues{d.coords, d.rest, d.restOK}), rowAt: make([]int32, len(view))}
	for i := range o.rowAt {
		o.rowAt[i] = -1
	}
	for r, i := range o.idx {
		o.rowAt[i] = int32(r)
	}
	if len(d.orders) >= maxOrders {
		d.orders = map[orderKey]*ordered{}
	}
	d.orders[k] = o
	return o
}

// curveExtras gives each point of the view its status on the curve (the
// frontier and hull of its measured points, as the plot draws them) and,
// when asked, its gain against the first overlay.
func curveExtras(st *workbench.State, view []*model.Point) []extra {
	ex := curveStatuses(view, st.X, st.Y, st.Geometry(), st.ViewFlags())
	if st.ShowGains {
		if cg, ok := st.Gains(); ok {
			byID := make(map[string]model.Gain, len(cg.Gains))
			for _, g := range cg.Gains {
				byID[g.ID] = g.Gain
			}
			for i := range view {
				if g, ok := byID[view[i].ID]; ok && g.HasOther {
					ex[i].gain, ex[i].hasGain = g.GainPct, true
				}
			}
		}
	}
	return ex
}

// curveStatuses is each point's status on the curve (curveExtras without
// the gains), from the view's geometry g on x, y when given (nil: found
// here); it reads only its arguments.
func curveStatuses(view []*model.Point, x, y model.Axis, g *workbench.Geometry, flags *workbench.ViewFlags) []extra {
	ex := make([]extra, len(view))
	// The short runs shown raw (measured points only) and the held-out
	// points: the view's flags when given, else one visit of each point.
	planned := g == nil && slices.ContainsFunc(view, func(p *model.Point) bool { return p.Source == model.SourcePlanned })
	var short, held []int
	if flags != nil {
		short, held = flags.RawShort, flags.HeldOut
	} else {
		for i, p := range view {
			if p.Source != model.SourcePlanned && p.Prov.RawShort() {
				short = append(short, i)
			}
			if p.HeldOut() {
				held = append(held, i)
			}
		}
	}
	// Without planned points the view is the measured points: not copied.
	measured, at := view, []int(nil)
	if planned {
		measured, at = make([]*model.Point, 0, len(view)), make([]int, 0, len(view))
		for i := range view {
			if view[i].Source != model.SourcePlanned {
				measured = append(measured, view[i])
				at = append(at, i)
			}
		}
	}
	pos := func(k int) int {
		if at == nil {
			return k
		}
		return at[k]
	}
	// Every point with both coordinates is under the hull unless it is
	// more (one hull and frontier for the three).
	var coords []model.XYPoint
	var front, hull []int
	if g != nil && at == nil { // the geometry is the measured points' when none is planned
		coords, front, hull = g.Coords, g.Frontier, g.Hull
	} else {
		coords, front, hull = model.FrontierHullRefs(measured, x, y)
	}
	for _, c := range coords {
		ex[pos(c.Index)].status = statusDom
	}
	for _, i := range short {
		ex[i].status = statusShort
	}
	for _, k := range front {
		ex[pos(k)].status = statusFront
	}
	for _, k := range hull {
		ex[pos(k)].status = statusHull
	}
	for _, i := range held {
		ex[i].status = statusSus
	}
	return ex
}

// follow moves the cursor to the shared selection when it is in the table.
func (m *Model) follow() {
	r := 0 // the selection is filtered out: start from the top
	if i, ok := m.st.ViewPos(m.st.Selected); ok && i < len(m.rowAt) && m.rowAt[i] >= 0 {
		r = int(m.rowAt[i])
	}
	if r != m.table.Cursor() {
		m.table.SetCursor(r)
	}
}

// glyph is column 0 of a row: › on the cursor, × marked, ◇ planned.
func (m *Model) glyph(r int, cursor bool) string {
	if r < 0 || r >= len(m.idx) {
		return ""
	}
	p := m.st.ViewRefs()[m.idx[r]]
	return glyph(cursor, m.st.Marks[p.ID], p.Source == model.SourcePlanned || m.st.IsAdded(p.ID))
}

// Update handles a key while the pane has focus.
func (m *Model) Update(msg tea.KeyMsg) tea.Cmd {
	if m.filtering {
		return m.updateFilter(msg)
	}
	if m.details {
		if key.Matches(msg, m.keys.Details) || msg.String() == "esc" {
			m.details = false
			m.redraw()
		}
		return nil
	}
	switch {
	case key.Matches(msg, m.keys.Filter):
		m.filtering = true
		if serial := m.st.ViewSerial(); serial != 0 && (m.hay == nil || m.hay.serial != serial) {
			m.hay = newHaystack(serial, m.st.ViewRefs())
		}
		m.redraw()
		return nil
	case key.Matches(msg, m.keys.Mark):
		return msgs.StatusCmd(m.st.ToggleMark(m.selectedID()), false)
	case key.Matches(msg, m.keys.Add):
		return m.addToExport()
	case key.Matches(msg, m.keys.Select):
		return msgs.StatusCmd(m.st.AcceptSelection(), false)
	case key.Matches(msg, m.keys.Details):
		m.details = true
		m.redraw()
		return nil
	case key.Matches(msg, m.keys.Sort):
		m.sortCol = m.sortCol%(numCols-1) + 1
		if m.sortCol == colGain && !m.st.ShowGains {
			m.sortCol = colID
		}
		m.rebuild()
		m.redraw()
		return nil
	case key.Matches(msg, m.keys.Reverse):
		m.desc = !m.desc
		m.rebuild()
		m.redraw()
		return nil
	case msg.String() == "esc" && m.filter.Value() != "":
		m.filter.SetValue("")
		m.rebuild()
		m.redraw()
		return nil
	}
	if m.table.Update(msg) {
		m.st.Select(m.selectedID())
		m.redraw()
	}
	return nil
}

// Click moves the cursor to the clicked row (body row 0 is the header).
func (m *Model) Click(x, y int) tea.Cmd {
	if m.filtering || m.details || y < 1 || y > m.table.height {
		return nil
	}
	r := m.table.offset + y - 1
	if r >= len(m.idx) {
		return nil
	}
	m.table.SetCursor(r)
	m.st.Select(m.selectedID())
	m.redraw()
	return nil
}

// addToExport puts the selected measured point in the export as it was
// measured (a again takes it out); planned points are there already.
func (m *Model) addToExport() tea.Cmd {
	p := m.st.Find(m.selectedID())
	switch {
	case p == nil:
		return msgs.StatusCmd("no point selected", true)
	case p.Source == model.SourcePlanned:
		return msgs.StatusCmd(p.ID+" is planned: it is in the export already (m removes it from the plan)", false)
	case p.Source == model.SourceCompetitor:
		return msgs.StatusCmd(p.ID+" is a competitor's point: only our own points go into the recipe", true)
	case m.st.Marks[p.ID]:
		return msgs.StatusCmd(p.ID+" is marked for removal: m unmarks it before a adds it", true)
	}
	return msgs.StatusCmd(m.st.ToggleAdded(p.ID), false)
}

func (m *Model) updateFilter(msg tea.KeyMsg) tea.Cmd {
	switch {
	case msg.String() == "esc":
		m.filtering = false
		m.filter.SetValue("")
	case key.Matches(msg, m.keys.Accept):
		m.filtering = false
	default:
		if m.filter.Update(msg) {
			m.rebuild()
			m.st.Select(m.selectedID())
		}
		m.redraw()
		return nil
	}
	m.rebuild()
	m.redraw()
	return nil
}

func (m *Model) selectedID() string {
	c := m.table.Cursor()
	if c < 0 || c >= len(m.idx) {
		return m.st.Selected
	}
	return m.st.ViewRefs()[m.idx[c]].ID
}

func (m *Model) redraw() {
	if m.w <= 0 || m.h <= 0 {
		m.view = ""
		return
	}
	if m.details {
		sel := m.st.Find(m.st.Selected)
		body := Details(sel, sel != nil && m.st.Marks[sel.ID], m.styles)
		body += "\n" + m.styles.Muted.Render("enter/esc: back to the table")
		m.view = strings.Join(frame.FitWrap(body, m.w, m.h), "\n")
		return
	}
	body := frame.Fit(m.table.View(m.styles), m.w, m.h-1)
	m.view = strings.Join(append(body, frame.FitLine(m.footer(), m.w)), "\n")
}

func (m *Model) footer() string {
	total := len(m.st.ViewRefs())
	if m.filtering {
		s := m.filter.View() + m.styles.Muted.Render(fmt.Sprintf("  %d of %s match", len(m.idx), model.Plural(total, "point")))
		if m.query.err != nil {
			s += "  " + m.styles.Bad.Render(m.query.err.Error())
		}
		return s
	}
	names := []string{"", "point", "source", "GPUs", "C", ShortY(m.st.Y), m.st.X.Name, "status", "gain"}
	dir := "▲"
	if m.desc {
		dir = "▼"
	}
	marked := fmt.Sprintf("%d marked", len(m.st.Marks))
	if m.orphans > 0 {
		marked += fmt.Sprintf(", %d orphaned", m.orphans)
	}
	parts := []string{fmt.Sprintf("%d of %s", len(m.idx), model.Plural(total, "point")), fmt.Sprintf("sort %s %s", names[m.sortCol], dir), marked}
	parts = append(parts, m.current().legend...)
	if q := m.filter.Value(); q != "" {
		parts = append([]string{"/" + q}, parts...)
	}
	lead := ""
	if m.filter.Value() != "" && m.query.err != nil {
		lead = m.query.err.Error() + " · "
	}
	s := fitParts(parts, m.w-ansi.StringWidth(lead))
	if lead != "" {
		return m.styles.Bad.Render(m.query.err.Error()) + m.styles.Muted.Render(" · "+s)
	}
	return m.styles.Muted.Render(s)
}

// fitParts joins parts with " · " in at most w cells: the sort order goes
// first, then parts from the right, ending in "…", so the counts (marked
// included) stay whole instead of being cut mid-word.
func fitParts(parts []string, w int) string {
	join := func(ps []string) string { return strings.Join(ps, " · ") }
	if ansi.StringWidth(join(parts)) <= w {
		return join(parts)
	}
	var keep []string
	for _, p := range parts {
		if !strings.HasPrefix(p, "sort ") {
			keep = append(keep, p)
		}
	}
	if ansi.StringWidth(join(keep)) <= w {
		return join(keep)
	}
	for len(keep) > 1 && ansi.StringWidth(join(keep)+" …") > w {
		keep = keep[:len(keep)-1]
	}
	return join(keep) + " …"
}

// View is the cached body.
func (m *Model) View() string { return m.view }

// Bindings are the keys that work now (the filter captures all others).
func (m *Model) Bindings() []key.Binding {
	if m.filtering {
		return []key.Binding{m.keys.Accept, m.keys.CancelFilter}
	}
	if m.details {
		return []key.Binding{m.keys.Details}
	}
	out := keys.TableBindings(m.keys.Table)
	return append(out, m.keys.Filter, m.keys.Mark, m.keys.Add, m.keys.Details, m.keys.Sort, m.keys.Reverse)
}

// Pending is nil: the table rebuilds on Refresh, with no background work.
func (m *Model) Pending() tea.Cmd { return nil }

// Handle owns no messages.
func (m *Model) Handle(tea.Msg) (tea.Cmd, bool) { return nil, false }

// Cursor is the table's cursor row (tests).
func (m *Model) Cursor() int { return m.table.Cursor() }

// Copy is the selected point's ID (C).
func (m *Model) Copy() (msgs.Copy, bool) {
	return msgs.Copy{Text: m.st.Selected, What: "point ID"}, m.st.Selected != ""
}
