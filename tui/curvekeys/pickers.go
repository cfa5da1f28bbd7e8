package curvekeys

import (
	"fmt"
	"slices"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/render"
	"github.com/sweeptune/sweeptune/tui/picker"
)

func (m *Model) curveItems() []picker.Item {
	items := make([]picker.Item, len(m.st.Curves))
	for i, c := range m.st.Curves {
		items[i] = picker.Item{Text: c.Key.String(), Note: model.Plural(c.Points, "point") + " · " + c.DateRange()}
	}
	return items
}

// rankedCurveItems are the curves in the order of their retune value when
// the load was ranked (workbench.RankCurves; docs/audit.md), each with its
// value and one-line reason, and the curve index of each item; unranked
// curves (planned only, or a load too large to rank) follow in their order.
func (m *Model) rankedCurveItems() ([]picker.Item, []int, bool) {
	type ranked struct {
		i    int
		rank int
		note string
	}
	var rs, rest []ranked
	for i, c := range m.st.Curves {
		if row, ok := m.st.CurveRank(c.Key); ok {
			rs = append(rs, ranked{i, row.Rank, fmt.Sprintf("value %s · %s · %s", model.Thousands(row.Value, 1), render.AuditReason(row), model.Plural(c.Points, "point"))})
		} else {
			rest = append(rest, ranked{i, 0, model.Plural(c.Points, "point") + " · " + c.DateRange()})
		}
	}
	if len(rs) == 0 {
		order := make([]int, len(m.st.Curves))
		for i := range order {
			order[i] = i
		}
		return m.curveItems(), order, false
	}
	slices.SortStableFunc(rs, func(a, b ranked) int { return a.rank - b.rank })
	items := make([]picker.Item, 0, len(m.st.Curves))
	order := make([]int, 0, len(m.st.Curves))
	for _, r := range append(rs, rest...) {
		items = append(items, picker.Item{Text: m.st.Curves[r.i].Key.String(), Note: r.note})
		order = append(order, r.i)
	}
	return items, order, true
}

func (m *Model) openCurvePicker() {
	if len(m.st.Curves) == 0 {
		m.info("no curve loaded")
		return
	}
	items, order, ranked := m.rankedCurveItems()
	at := slices.Index(order, m.st.CurveIndex())
	title := "pick the curve to show"
	if ranked {
		title = "pick the curve to show · ranked by retune value (sweeptune audit)"
	}
	m.pick = picker.New(title, items, at, false, nil, m.km.Picker)
	m.pickKind, m.pickOrder = pickCurve, order
}

// pickedCurve is the curve index of the curve picker's item i.
func (m *Model) pickedCurve(i int) int {
	if i >= 0 && i < len(m.pickOrder) {
		return m.pickOrder[i]
	}
	return i
}

func (m *Model) openOverlayPicker() {
	if len(m.st.Curves) < 2 {
		m.info("only one curve is loaded: nothing to overlay")
		return
	}
	// The shown curve is not its own overlay: the list is the others.
	all := m.curveItems()
	var items []picker.Item
	var picked []int
	m.overlayOf = m.overlayOf[:0]
	for i, c := range m.st.Curves {
		if c.Key == m.st.Curve {
			continue
		}
		if slices.Contains(m.st.Overlays, c.Key) {
			picked = append(picked, len(items))
		}
		items = append(items, all[i])
		m.overlayOf = append(m.overlayOf, i)
	}
	// The cursor starts where the shown curve would be: up is the curve
	// before it, as in the curve picker.
	at := max(min(m.st.CurveIndex(), len(items)-1), 0)
	m.pick = picker.New("overlay curves on "+m.st.Curve.String(), items, at, true, picked, m.km.Picker)
	m.pick.Example = m.filterExample()
	m.pickKind, m.pickOrder = pickOverlays, nil
}

// openDatePicker lists the shown curve's run dates; after is the first
// date of a comparison (only later dates are offered for the second).
func (m *Model) openDatePicker(kind pickKind, after string) {
	runDates := m.st.CurveDates()
	var items []picker.Item
	at := 0
	switch kind {
	case pickAsOf:
		items = append(items, picker.Item{Text: "latest", Note: "each configuration's latest run"},
			picker.Item{Text: "every run", Note: "the history: every run of each configuration"})
		if m.st.AllDates {
			at = 1
		}
		for i, d := range runDates {
			items = append(items, picker.Item{Text: d, Note: "each configuration's latest run on or before it"})
			if d == m.st.AsOf && !m.st.AllDates {
				at = i + 2
			}
		}
	default:
		for _, d := range runDates {
			if d > after {
				items = append(items, picker.Item{Text: d})
			}
		}
		if kind == pickTo {
			at = len(items) - 1
		}
	}
	if len(runDates) == 0 || (kind != pickAsOf && len(items) == 0) || (kind == pickFrom && len(runDates) < 2) {
		m.info("the curve's points carry fewer than two run dates: nothing to compare")
		if kind == pickAsOf && len(runDates) == 0 {
			m.info("the curve's points carry no run dates")
		}
		return
	}
	title := map[pickKind]string{
		pickAsOf: "show the curve as of (each configuration's latest run on or before the date)",
		pickFrom: "compare two dates: the earlier date",
		pickTo:   "compare two dates: the later date (after " + after + ")",
	}[kind]
	m.pick = picker.New(title, items, at, false, nil, m.km.Picker)
	m.pickKind, m.pickFrom = kind, after
}

// updatePick gives a key to the open picker and applies its answer.
func (m *Model) updatePick(msg tea.KeyMsg) tea.Cmd {
	p, kind := m.pick, m.pickKind
	switch p.Update(msg) {
	case picker.Canceled:
		m.pick = nil
		m.info("cancelled")
		return nil
	case picker.Open:
		return nil
	}
	m.pick = nil
	switch kind {
	case pickCurve:
		if i := m.pickedCurve(p.Cursor()); i >= 0 && i < len(m.st.Curves) {
			m.st.SetCurve(m.st.Curves[i].Key)
			m.infoCurve()
		}
	case pickOverlays:
		m.setOverlays(p.Picked())
	case pickAsOf:
		m.setAsOf(p.Cursor())
	case pickFrom:
		if i := p.Cursor(); i >= 0 {
			m.openDatePicker(pickTo, p.Item(i).Text)
		}
	case pickTo:
		if i := p.Cursor(); i >= 0 {
			return m.compareDates(m.pickFrom, p.Item(i).Text)
		}
	}
	return nil
}

// setOverlays overlays the picked curves (the shown one left out).
func (m *Model) setOverlays(picked []int) {
	var keys []model.CurveKey
	var names []string
	for _, i := range picked {
		if i < 0 || i >= len(m.overlayOf) {
			continue
		}
		if k := m.st.Curves[m.overlayOf[i]].Key; k != m.st.Curve {
			keys = append(keys, k)
			names = append(names, model.ShortName(m.st.Curve, k))
		}
	}
	m.st.SetOverlays(keys)
	if len(keys) == 0 {
		m.info("no overlays")
	} else {
		m.info(fmt.Sprintf("%d overlaid: %s", len(keys), strings.Join(names, "; ")))
	}
}

// setAsOf applies the as-of picker's row i: latest, every run, or a date.
func (m *Model) setAsOf(i int) {
	switch {
	case i == 1:
		m.st.SetAsOf("", true)
		m.info("every run of each configuration (dated IDs tell them apart)")
	case i > 1:
		date := m.st.CurveDates()[i-2]
		m.st.SetAsOf(date, false)
		m.info("as of " + date + ": each configuration's latest run on or before it")
	default:
		m.st.SetAsOf("", false)
		m.info("as of: latest run of each configuration")
	}
}

// HoveredAsOf is what the open as-of picker's row would show if chosen
// now (setAsOf's reading of it); ok is false when it is not open.
func (m *Model) HoveredAsOf() (asOf string, allDates, ok bool) {
	if m.pick == nil || m.pickKind != pickAsOf {
		return "", false, false
	}
	switch i := m.pick.Cursor(); {
	case i < 0:
		return "", false, false
	case i == 1:
		return "", true, true
	case i > 1:
		if d := m.st.CurveDates(); i-2 < len(d) {
			return d[i-2], false, true
		}
		return "", false, false
	}
	return "", false, true
}

// HoveredCurve is the open curve picker's curve under the cursor.
func (m *Model) HoveredCurve() (model.CurveKey, bool) {
	if m.pick == nil || m.pickKind != pickCurve {
		return model.CurveKey{}, false
	}
	if i := m.pickedCurve(m.pick.Cursor()); i >= 0 && i < len(m.st.Curves) {
		return m.st.Curves[i].Key, true
	}
	return model.CurveKey{}, false
}

// filterExample is two filter words the overlay picker's hint suggests:
// the hardware and precision of an overlayable curve, so that typing them
// finds something ("gb300 fp4" on GB300 data, never a GPU not loaded).
func (m *Model) filterExample() string {
	for _, i := range m.overlayOf {
		k := m.st.Curves[i].Key
		var words []string
		for _, w := range []string{k.Hardware, k.Precision} {
			if w != "" && w != "unknown" {
				words = append(words, strings.ToLower(w))
			}
		}
		if len(words) > 0 {
			return strings.Join(words, " ")
		}
	}
	return ""
}
