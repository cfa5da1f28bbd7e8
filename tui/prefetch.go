package tui

import (
	tea "github.com/charmbracelet/bubbletea"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/workbench"
)

// After a change of curve, axis or data the workbench makes ahead, in a
// command, what the next likely keys would make on the key: the views of
// the curves ] and [ show, and what the plot and the table derive from
// them, and from the shown view on the next y and x. Results land in the
// caches keyed by view serial and axes, so nothing shown changes when they
// arrive; a key that comes first makes what it needs itself, as before.

// prefetcher is a pane that derives from views ahead.
type prefetcher interface {
	// Prefetch is the pane's work for a view (serial, 0 when not made
	// yet) on x, y, to run off the UI goroutine; nil when none is needed.
	Prefetch(serial uint64, x, y model.Axis) func(view []model.Point, projs []model.Projection, curve model.CurveKey) any
	// Adopt keeps what the work made, for the view of serial.
	Adopt(serial uint64, x, y model.Axis, data any)
}

// prefetchItem is one view on one pair of axes.
type prefetchItem struct {
	job    *workbench.ViewJob // the view to make, or nil when it is made
	serial uint64
	curve  model.CurveKey
	view   []model.Point
	projs  []model.Projection
	x, y   model.Axis
	work   []func(view []model.Point, projs []model.Projection, curve model.CurveKey) any
	made   *workbench.Prepared
	data   []any
}

// prefetchedMsg carries the work done.
type prefetchedMsg struct{ items []prefetchItem }

// prefetch starts the work ahead unless some runs (then it starts again
// when that one arrives).
func (m *Model) prefetch() tea.Cmd {
	if m.prefetching {
		m.prefetchAgain = true
		return nil
	}
	if m.loading || len(m.st.Points) == 0 {
		return nil
	}
	var items []prefetchItem
	add := func(it prefetchItem, serial uint64) {
		needed := it.job != nil
		for _, p := range m.panes {
			var w func([]model.Point, []model.Projection, model.CurveKey) any
			if pf, ok := p.(prefetcher); ok {
				w = pf.Prefetch(serial, it.x, it.y)
			}
			it.work = append(it.work, w)
			needed = needed || w != nil
		}
		if needed {
			items = append(items, it)
		}
	}
	x, y := m.st.X, m.st.Y
	serial, view, projs := m.st.ViewSerial(), m.st.View(), m.st.Projections()
	for _, a := range [][2]model.Axis{{x, m.st.NextY()}, {m.st.NextX(), y}} {
		if a[0].Name != x.Name || a[1].Name != y.Name {
			add(prefetchItem{serial: serial, curve: m.st.Curve, view: view, projs: projs, x: a[0], y: a[1]}, serial)
		}
	}
	view1 := func(k model.CurveKey, asOf string, allDates bool) {
		if job, ok := m.st.ViewJobAt(k, asOf, allDates); ok {
			add(prefetchItem{job: &job, curve: k, x: x, y: y}, 0)
		} else if pts, pr, s, ok := m.st.MadeAt(k, asOf, allDates); ok {
			add(prefetchItem{serial: s, curve: k, view: pts, projs: pr, x: x, y: y}, s)
		}
	}
	// An open picker's row first: enter shows it next.
	if asOf, all, ok := m.curves.HoveredAsOf(); ok {
		view1(m.st.Curve, asOf, all)
	}
	if k, ok := m.curves.HoveredCurve(); ok {
		view1(k, m.st.AsOf, m.st.AllDates)
	}
	for _, k := range m.st.Neighbours() {
		view1(k, m.st.AsOf, m.st.AllDates)
	}
	if len(items) == 0 {
		return nil
	}
	m.prefetching = true
	return func() tea.Msg {
		for i := range items {
			it := &items[i]
			if it.job != nil {
				it.made = it.job.Run()
				it.view, it.projs = it.made.Points(), it.made.Projections()
			}
			it.data = make([]any, len(it.work))
			for p, w := range it.work {
				if w != nil {
					it.data[p] = w(it.view, it.projs, it.curve)
				}
			}
		}
		return prefetchedMsg{items: items}
	}
}

// handlePrefetched keeps the work done (a view made before a data change
// is dropped) and starts the next when changes came meanwhile.
func (m *Model) handlePrefetched(msg prefetchedMsg) tea.Cmd {
	m.prefetching = false
	for _, it := range msg.items {
		serial := it.serial
		if it.made != nil {
			s, ok := m.st.Adopt(it.made)
			if !ok {
				continue
			}
			serial = s
		}
		for p, d := range it.data {
			if pf, ok := m.panes[p].(prefetcher); ok && d != nil {
				pf.Adopt(serial, it.x, it.y, d)
			}
		}
	}
	if m.prefetchAgain {
		m.prefetchAgain = false
		return m.prefetch()
	}
	return nil
}
