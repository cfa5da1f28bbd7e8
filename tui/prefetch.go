package tui

import (
	"fmt"
	"sync/atomic"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/sweeptune/sweeptune/internal/heapnear"
	"github.com/sweeptune/sweeptune/internal/par"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/tui/workbench"
)

// After a change of curve, axis or data the workbench makes ahead, in a
// command, what the next likely keys would make on the key: the views of
// the curves ] and [ show, and what the plot and the table derive from
// them, and from the shown view on the next y and x. Results land in the
// caches keyed by view serial and axes, so nothing shown changes when they
// arrive; a key that comes first makes what it needs itself, as before
// (docs/workbench-speed.md).

// prefetcher is a pane that derives from views ahead.
type prefetcher = workbench.AheadPane

// prefetchItem is one view on one pair of axes.
type prefetchItem struct {
	job    *workbench.ViewJob // the view to make, or nil when it is made
	serial uint64
	curve  model.CurveKey
	view   []*model.Point
	projs  []model.Projection
	x, y   model.Axis
	work   []workbench.AheadWork
	made   *workbench.Prepared
	data   []any
	took   time.Duration // making it (not the waits between), for the --debug log
}

// String is the item for the --debug log.
func (it *prefetchItem) String() string {
	made := fmt.Sprintf("view #%d: ", it.serial)
	if it.made != nil {
		made = "view and "
	}
	panes := 0 // that had work made
	for _, d := range it.data {
		if d != nil {
			panes++
		}
	}
	return fmt.Sprintf("%s%q on %s, %s (%s) in %s", made, it.curve.String(), it.x.Name, it.y.Name, model.Plural(panes, "pane"), it.took.Round(100*time.Microsecond))
}

// keyQuiet is how long after a key the work ahead waits to go on.
const keyQuiet = 150 * time.Millisecond

// firstItemQuiet is how long after a key the first item of its plan
// waits: what the next key most likely needs (after a y, the next x).
// Behind the full wait, an x typed 0.3 s after a y at 1M × 12 found the
// every-run view's item (85-160 ms) still running and made it itself
// (68 ms). Keys typed faster than it apart still hold it back.
const firstItemQuiet = 50 * time.Millisecond

// itemQuiet is how long after a key item i of a plan waits, quiet being
// the work ahead's wait (0: none).
func itemQuiet(i int, quiet time.Duration) time.Duration {
	if i == 0 {
		return min(quiet, firstItemQuiet)
	}
	return quiet
}

// prefetchRound is the most items one command makes: one, so each lands
// as soon as it is made. A key typed half a second after a change of date
// found the round of four that would have made its view still running
// (made on the key at 1M × 12: 43 ms, against 6 ms once made ahead).
const prefetchRound = 1

// prefetchReach is how far from the shown curve views are made ahead.
const prefetchReach = 6

// aheadKey is the shown view and axes the work ahead was last started
// for: after a change of axes alone (the view the same, whatever changes
// were flagged beside it) the next y and x come first.
type aheadKey struct {
	curve             model.CurveKey
	asOf              string
	allDates, suspect bool
	x, y              string
}

func (m *Model) aheadKeyNow() aheadKey {
	return aheadKey{m.st.Curve, m.st.AsOf, m.st.AllDates, m.st.IncludeSuspect, m.st.X.Name, m.st.Y.Name}
}

func (k aheadKey) sameView(o aheadKey) bool {
	return k.curve == o.curve && k.asOf == o.asOf && k.allDates == o.allDates && k.suspect == o.suspect
}

func (k aheadKey) sameAxes(o aheadKey) bool { return k.x == o.x && k.y == o.y }

// prefetchedMsg carries the work done; replan: a key came before the
// rest was made, which is planned again.
type prefetchedMsg struct {
	items  []prefetchItem
	replan bool
}

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
	full := false // a round holds a few items, so its results land soon
	add := func(it prefetchItem, serial uint64) {
		if full {
			return
		}
		needed := it.job != nil
		for _, p := range m.panes {
			var w workbench.AheadWork
			if pf, ok := p.(prefetcher); ok {
				w = pf.Prefetch(serial, it.x, it.y)
			}
			it.work = append(it.work, w)
			needed = needed || w != nil
		}
		if needed {
			items = append(items, it)
			full = len(items) >= prefetchRound
		}
	}
	x, y := m.st.X, m.st.Y
	serial, view, projs := m.st.ViewSerial(), m.st.ViewRefs(), m.st.Projections()
	axes := func(x1, y1 model.Axis) {
		if x1.Name != x.Name || y1.Name != y.Name {
			add(prefetchItem{serial: serial, curve: m.st.Curve, view: view, projs: projs, x: x1, y: y1}, serial)
		}
	}
	view1 := func(k model.CurveKey, asOf string, allDates bool) {
		if job, ok := m.st.ViewJobAt(k, asOf, allDates); ok {
			if m.st.Room(k) {
				add(prefetchItem{job: &job, curve: k, x: x, y: y}, 0)
			}
		} else if pts, pr, s, ok := m.st.MadeAt(k, asOf, allDates); ok {
			add(prefetchItem{serial: s, curve: k, view: pts, projs: pr, x: x, y: y}, s)
		}
	}
	// What the next key likely shows first: an open picker's row (enter
	// shows it), the curves ] and [ show, the next y and x.
	if asOf, all, ok := m.curves.HoveredAsOf(); ok {
		view1(m.st.Curve, asOf, all)
		for _, k := range m.st.Overlays {
			view1(k, asOf, all) // drawn with it under that date
		}
	}
	if k, ok := m.curves.HoveredCurve(); ok {
		view1(k, m.st.AsOf, m.st.AllDates)
	}
	// After a y or an x the next key is likelier an axis again; after a
	// curve or a date, a curve.
	nextAxes := func() {
		axes(x, m.st.NextY())
		axes(m.st.NextX(), y)
	}
	neighbours := func() {
		for _, k := range m.st.Neighbours() {
			view1(k, m.st.AsOf, m.st.AllDates)
		}
	}
	if m.axesFirst {
		nextAxes()
		neighbours()
	} else {
		neighbours()
		nextAxes()
	}
	// Then the rest, a round at a time, while the views fit the cache: the
	// other metrics of the shown curve, the curves further away.
	for _, a := range m.st.YAxesWithData() {
		axes(x, a)
	}
	for _, a := range m.st.XAxesWithData() {
		axes(a, y)
	}
	if n, at := len(m.st.Curves), max(m.st.CurveIndex(), 0); n > 3 {
		// At most prefetchReach curves each way: the panes' caches hold
		// what is made ahead with room to spare (else it would be made
		// again and again).
		for d := 2; d <= min(n/2, prefetchReach) && !full; d++ {
			view1(m.st.Curves[(at+d)%n].Key, m.st.AsOf, m.st.AllDates)
			view1(m.st.Curves[(at-d%n+n)%n].Key, m.st.AsOf, m.st.AllDates)
		}
	}
	m.prefetchMore = full
	if len(items) == 0 {
		return nil
	}
	m.prefetching = true
	// No collection is asked for when the work is done: one of a
	// million points' heap marks for 0.4–1.5 s, and a key typed then
	// waited behind it (docs/workbench-speed.md). The collector runs when
	// the heap has grown, paced over the allocations, as anywhere else.
	lastKey, quiet := m.lastKey, m.yieldTo
	planned := lastKey.Load()
	return func() tea.Msg {
		for i := range items {
			// The machine's cores are the keys' first: while keys come
			// fast, the work ahead waits between views.
			waitForQuiet(lastKey, itemQuiet(i, quiet))
			if quiet > 0 && lastKey.Load() != planned {
				// A key came since the plan: what it needs may be
				// another item (the x typed after a y waited 140 ms
				// behind an item planned before the y). Plan again.
				return prefetchedMsg{items: items[:i], replan: true}
			}
			if quiet > 0 && !collectionTimely(lastKey, nearCollection) && waitForKeyOrLull(lastKey, planned) {
				return prefetchedMsg{items: items[:i], replan: true}
			}
			// Between its parts too: a key that came during one has both
			// cores for its passes once that part is done, and the rest
			// is planned again (what was made is kept).
			if !items[i].make(func() bool { return quiet == 0 || lastKey.Load() == planned }) {
				return prefetchedMsg{items: items[:i+1], replan: true}
			}
		}
		return prefetchedMsg{items: items}
	}
}

// The collector starts a cycle when the heap nears its goal, and a key
// typed during the cycle's mark pays for the mark with what it allocates:
// at 1M x 12 an x typed 0.3 s after a y took 12-44 ms in three runs of
// six, inside the cycle the work ahead's items after the y had started.
// Near the goal, an item is made only soon after a key (the cycle then
// runs in the pause before the next) or after a lull in the typing.
const (
	soonAfterKey     = 200 * time.Millisecond // an item started this soon after a key may start a cycle
	lullBeforeACycle = time.Second            // and after this long without a key
)

// nearCollection reports the heap 85% of the way from what the last cycle
// left live to the next one's goal (the cycles at 1M x 12 started at
// 97-99%), when that left 256 MB or more: a smaller heap's cycle is over
// in a few milliseconds, and its work ahead need not wait.
func nearCollection() bool { return heapnear.Near(0.85, 256<<20) }

// collectionTimely reports whether an item made now may start a cycle of
// the collector at a good time: a key just typed, none for a while, or
// the heap not near the next cycle.
func collectionTimely(lastKey *atomic.Int64, near func() bool) bool {
	since := time.Since(time.Unix(0, lastKey.Load()))
	return since < soonAfterKey || since >= lullBeforeACycle || !near()
}

// waitForKeyOrLull waits for a key after planned (true: plan again) or a
// lull in the typing (false: go on).
func waitForKeyOrLull(lastKey *atomic.Int64, planned int64) bool {
	for time.Since(time.Unix(0, lastKey.Load())) < lullBeforeACycle {
		if lastKey.Load() != planned {
			return true
		}
		time.Sleep(20 * time.Millisecond)
	}
	return lastKey.Load() != planned
}

// make makes the item's view, if not made, and the panes' work on it,
// each part on one core (the other is the keys'). After each it goes on
// while goOn holds, and reports whether it made every part.
func (it *prefetchItem) make(goOn func() bool) bool {
	part := func(fn func()) bool {
		start := time.Now()
		par.Background(fn)
		it.took += time.Since(start)
		return goOn()
	}
	it.data = make([]any, len(it.work))
	if it.job != nil && !part(func() {
		it.made = it.job.Run()
		it.view, it.projs = it.made.Points(), it.made.Projections()
	}) {
		return false
	}
	var g *workbench.Geometry
	par.Background(func() { g = workbench.GeometryOf(it.view, it.x, it.y) }) // found once for every pane
	for p, w := range it.work {
		if w != nil && !part(func() { it.data[p] = w(it.view, it.projs, it.curve, g) }) {
			return false
		}
	}
	return true
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
	if m.prefetchAgain || m.prefetchMore || msg.replan {
		m.prefetchAgain = false
		return m.prefetch()
	}
	return nil
}
