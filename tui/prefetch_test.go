package tui

import (
	"reflect"
	"sync/atomic"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/sweeptune/sweeptune/internal/fixtures"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
	"github.com/sweeptune/sweeptune/tui/layout"
	"github.com/sweeptune/sweeptune/tui/workbench"
)

// panesOf is what the plot and the table show.
func panesOf(m *Model) [2]string {
	return [2]string{m.panes[layout.Curve].View(), m.panes[layout.Points].View()}
}

// The work ahead makes the next curve's view and what the panes derive
// from it; shown, it is what a workbench that made nothing ahead shows.
func TestPrefetchedCurveIsTheCurve(t *testing.T) {
	pts := fixtures.SyntheticCurves(2400, 4)
	m, plain := newLoaded(t, 150, 45, pts), newLoaded(t, 150, 45, pts)
	m.prefetching = false
	cmd := m.prefetch()
	if cmd == nil {
		t.Fatal("nothing made ahead after the load")
	}
	// A round makes one item; the neighbours' views come first.
	for range m.st.Neighbours() {
		msg := cmd().(prefetchedMsg)
		cmd = m.handlePrefetched(msg)
	}
	for _, k := range m.st.Neighbours() {
		if _, _, _, ok := m.st.Made(k); !ok {
			t.Errorf("the view of %s was not made ahead", k)
		}
	}
	for _, keys := range [][]string{{"]"}, {"]"}, {"["}, {"y"}, {"x"}, {"2", "down", "m"}} {
		press(m, keys...)
		press(plain, keys...)
		if got, want := panesOf(m), panesOf(plain); got != want {
			t.Fatalf("after %v: made ahead\n%s\n%s\nnot\n%s\n%s", keys, got[0], got[1], want[0], want[1])
		}
	}
}

// Work ahead taken before a reload arrives after it: dropped, so the
// curves shown next are the new data's.
func TestPrefetchBeforeAReloadIsDropped(t *testing.T) {
	m := newLoaded(t, 150, 45, fixtures.SyntheticCurves(2400, 4))
	m.prefetching = false
	cmd := m.prefetch()
	pts := fixtures.SyntheticCurves(2400, 4)
	for i := range pts {
		v, _ := pts[i].Metrics.Get(model.TputPerGPU)
		pts[i].Metrics.Set(model.TputPerGPU, v*3+1)
	}
	reload(m, pts, 1)
	m.Update(cmd())
	plain := newLoaded(t, 150, 45, pts)
	for _, k := range []string{"]", "]", "["} {
		press(m, k)
		press(plain, k)
		if !reflect.DeepEqual(m.st.View(), plain.st.View()) {
			t.Fatalf("after %s: the view is not the reloaded data's", k)
		}
		if got, want := panesOf(m), panesOf(plain); got != want {
			t.Fatalf("after %s: shown\n%s\nwant\n%s", k, got[0], want[0])
		}
	}
}

// The work ahead goes on a round at a time until every curve near the
// shown one and every axis of the shown curve is made, then stops.
func TestPrefetchRoundsEnd(t *testing.T) {
	pts := fixtures.SyntheticCurves(2400, 4)
	m, plain := newLoaded(t, 150, 45, pts), newLoaded(t, 150, 45, pts)
	m.prefetching = false
	cmd := m.prefetch()
	for rounds := 0; cmd != nil; rounds++ {
		if rounds > 30 {
			t.Fatal("the work ahead does not end")
		}
		msg, ok := cmd().(prefetchedMsg)
		if !ok {
			t.Fatal("not the work ahead's message")
		}
		cmd = m.handlePrefetched(msg)
	}
	for _, c := range m.st.Curves {
		if _, _, _, ok := m.st.Made(c.Key); !ok {
			t.Errorf("the view of %s was not made ahead", c.Key)
		}
	}
	for _, keys := range [][]string{{"]", "]", "]"}, {"y", "y"}, {"x"}, {"["}} {
		press(m, keys...)
		press(plain, keys...)
		if got, want := panesOf(m), panesOf(plain); got != want {
			t.Fatalf("after %v: made ahead\n%s\n%s\nnot\n%s\n%s", keys, got[0], got[1], want[0], want[1])
		}
	}
}

// After a y or an x the work ahead makes the shown curve on the next axes
// first; after a curve, the neighbours' views.
func TestPrefetchOrderFollowsTheLastChange(t *testing.T) {
	m := newLoaded(t, 150, 45, fixtures.SyntheticCurves(2400, 4))
	// first is the first item the work ahead started by the key makes,
	// as the program plans it: from the key's own command.
	first := func(k string) prefetchItem {
		t.Helper()
		m.prefetching = false
		_, cmd := m.Update(testkit.Key(k))
		msg, ok := prefetchedIn(cmd)
		if !ok {
			t.Fatalf("after %s: nothing made ahead", k)
		}
		if len(msg.items) != 1 {
			t.Fatalf("after %s: %d items in a round", k, len(msg.items))
		}
		m.handlePrefetched(msg)
		return msg.items[0]
	}
	// A change of curve flagged beside the y that left the same view
	// shown (in the program, something between an as-of enter and the y
	// flagged one) leaves the y a change of axes alone.
	m.st.StepCurve(1)
	m.st.StepCurve(-1)
	if it := first("y"); it.curve != m.st.Curve || it.y.Name != m.st.NextY().Name || it.x.Name != m.st.X.Name {
		t.Errorf("after y: first made %s on %s, %s; want the shown curve on the next y %s", it.curve, it.x.Name, it.y.Name, m.st.NextY().Name)
	}
	if it := first("x"); it.curve != m.st.Curve || (it.x.Name == m.st.X.Name && it.y.Name == m.st.Y.Name) {
		t.Errorf("after x: first made %s on %s, %s; want the shown curve on other axes", it.curve, it.x.Name, it.y.Name)
	}
	if it := first("]"); it.curve == m.st.Curve || it.curve != m.st.Neighbours()[0] {
		t.Errorf("after ]: first made %s, want the neighbour %s", it.curve, m.st.Neighbours()[0])
	}
}

// With a filter typed in the table, what the work ahead makes is the
// filtered table a workbench that made nothing ahead shows, a filter on
// x included (its rows change with the x axis).
func TestPrefetchedFilteredTableIsTheTable(t *testing.T) {
	pts := fixtures.SyntheticCurves(2400, 4)
	m, plain := newLoaded(t, 150, 45, pts), newLoaded(t, 150, 45, pts)
	for _, w := range []*Model{m, plain} {
		press(w, "tab", "/")
		typeText(w, "x>30 -sglang np:1..3")
		press(w, "enter", "shift+tab")
	}
	if got, want := panesOf(m), panesOf(plain); got != want {
		t.Fatalf("filtered:\n%s\nnot\n%s", got[1], want[1])
	}
	table := m.panes[layout.Points].(prefetcher)
	made := false
	for _, keys := range [][]string{{"x"}, {"]"}, {"y"}, {"x"}, {"["}, {"["}} {
		next := func() workbench.AheadWork {
			return table.Prefetch(m.st.ViewSerial(), m.st.NextX(), m.st.Y)
		}
		if keys[0] == "x" && next() == nil && !made {
			t.Fatalf("before %v: the filtered table on the next x is made already", keys)
		}
		made = true
		settleAhead(m)
		if next() != nil {
			t.Fatalf("before %v: the work ahead did not make the filtered table on the next x", keys)
		}
		press(m, keys...)
		press(plain, keys...)
		if got, want := panesOf(m), panesOf(plain); got != want {
			t.Fatalf("after %v: made ahead\n%s\nnot\n%s", keys, got[1], want[1])
		}
	}
}

// A filter entered in the table starts the work ahead (the neighbours'
// filtered rows); while it is typed, nothing starts.
func TestEnteredFilterStartsTheWorkAhead(t *testing.T) {
	m := newLoaded(t, 150, 45, fixtures.SyntheticCurves(2400, 4))
	settleAhead(m)
	m.prefetching = false
	press(m, "tab", "/")
	typeText(m, "x>30")
	if m.prefetching {
		t.Fatal("the work ahead started while the filter was typed")
	}
	press(m, "enter")
	if !m.prefetching {
		t.Fatal("the work ahead did not start when the filter was entered")
	}
	settleAhead(m)
	table := m.panes[layout.Points].(prefetcher)
	for _, k := range m.st.Neighbours() {
		if table.Prefetch(m.st.Serial(k), m.st.X, m.st.Y) != nil {
			t.Errorf("the filtered rows of %s were not made ahead", k)
		}
	}
}

// With the as-of picker open, the work ahead makes the hovered date's
// views of the shown curve and of its overlays: enter then makes none.
func TestHoveredDateMakesTheOverlaysViews(t *testing.T) {
	m := newLoaded(t, 150, 45, fixtures.SyntheticCurves(2400, 4))
	press(m, "o", "down", "tab", "enter")
	if len(m.st.Overlays) == 0 {
		t.Fatal("no overlay chosen")
	}
	settleAhead(m)
	press(m, "@", "down")
	asOf, all, ok := m.curves.HoveredAsOf()
	if !ok {
		t.Fatal("no date hovered in the picker")
	}
	settleAhead(m)
	for _, k := range append([]model.CurveKey{m.st.Curve}, m.st.Overlays...) {
		if _, _, _, ok := m.st.MadeAt(k, asOf, all); !ok {
			t.Errorf("the view of %s as of %q was not made ahead", k, asOf)
		}
	}
}

// A key typed while the work ahead waits for quiet makes its plan stale:
// the command makes nothing and the work is planned again, for the state
// the key left (the shown curve on the next x after a y, not an item
// planned before it).
func TestKeyBeforeTheWorkAheadPlansItAgain(t *testing.T) {
	m := newLoaded(t, 150, 45, fixtures.SyntheticCurves(2400, 4))
	m.yieldTo = time.Nanosecond // the real program's wait, passed at once
	m.prefetching = false
	cmd := m.prefetch()
	if cmd == nil {
		t.Fatal("nothing made ahead after the load")
	}
	press(m, "y") // while the command waits
	msg := cmd().(prefetchedMsg)
	if len(msg.items) != 0 || !msg.replan {
		t.Fatalf("made %d items planned before the key (replan %v)", len(msg.items), msg.replan)
	}
	next := m.handlePrefetched(msg)
	if next == nil {
		t.Fatal("the work ahead was not planned again")
	}
	it := next().(prefetchedMsg).items[0]
	if it.curve != m.st.Curve || it.y.Name != m.st.NextY().Name {
		t.Fatalf("planned again: %s on %s, %s; want the shown curve on the next y %s", it.curve, it.x.Name, it.y.Name, m.st.NextY().Name)
	}
}

// prefetchedIn runs the work ahead among cmd's commands (batches opened)
// and returns what it made.
func prefetchedIn(cmd tea.Cmd) (prefetchedMsg, bool) { return msgIn[prefetchedMsg](cmd) }

// msgIn runs cmd's commands (batches opened) until one gives a message of
// type T, and returns it.
func msgIn[T tea.Msg](cmd tea.Cmd) (T, bool) {
	var none T
	if cmd == nil {
		return none, false
	}
	switch msg := cmd().(type) {
	case tea.BatchMsg:
		for _, c := range msg {
			if m, ok := msgIn[T](c); ok {
				return m, true
			}
		}
	case T:
		return msg, true
	}
	return none, false
}

// The first item of a plan (what the next key most likely needs) waits a
// shorter quiet after a key than the others; no wait stays none.
func TestFirstItemWaitsLessAfterAKey(t *testing.T) {
	if got := itemQuiet(0, keyQuiet); got != firstItemQuiet || got >= keyQuiet {
		t.Fatalf("first item waits %s after a key, want %s (under %s)", got, firstItemQuiet, keyQuiet)
	}
	for _, i := range []int{1, 2, 7} {
		if got := itemQuiet(i, keyQuiet); got != keyQuiet {
			t.Fatalf("item %d waits %s, want %s", i, got, keyQuiet)
		}
	}
	if itemQuiet(0, 0) != 0 || itemQuiet(3, 0) != 0 {
		t.Fatal("a work ahead that waits for nothing waits")
	}
}

// A key that comes while an item is made stops it after the part that
// runs: what was made is kept, the rest is planned again.
func TestKeyDuringAnItemCutsItAfterThePartThatRuns(t *testing.T) {
	view := []*model.Point{{ID: "a"}}
	made, keyCame := 0, false
	work := func(v []*model.Point, _ []model.Projection, _ model.CurveKey, _ *workbench.Geometry) any {
		made++
		keyCame = true // during the first part
		return len(v)
	}
	it := prefetchItem{view: view, work: []workbench.AheadWork{work, nil, work}}
	if it.make(func() bool { return !keyCame }) || made != 1 || it.data[0] != 1 || it.data[2] != nil {
		t.Fatalf("cut item: made %d parts, data %v", made, it.data)
	}
	it = prefetchItem{view: view, work: []workbench.AheadWork{work, nil, work}}
	if !it.make(func() bool { return true }) || it.data[0] != 1 || it.data[2] != 1 {
		t.Fatalf("whole item: data %v", it.data)
	}
}

// Near the collector's next cycle the work ahead makes an item only soon
// after a key or after a lull; it waits for either, a key planning again.
func TestWorkAheadNearACollectionWaitsForAKeyOrALull(t *testing.T) {
	var lastKey atomic.Int64
	near, far := func() bool { return true }, func() bool { return false }
	at := func(ago time.Duration) { lastKey.Store(time.Now().Add(-ago).UnixNano()) }
	for _, c := range []struct {
		ago        time.Duration
		near, want bool
	}{
		{50 * time.Millisecond, true, true},
		{500 * time.Millisecond, true, false},
		{2 * time.Second, true, true},
		{500 * time.Millisecond, false, true},
	} {
		at(c.ago)
		f := far
		if c.near {
			f = near
		}
		if got := collectionTimely(&lastKey, f); got != c.want {
			t.Errorf("a key %s ago, near %v: timely %v", c.ago, c.near, got)
		}
	}
	at(lullBeforeACycle - 100*time.Millisecond)
	if waitForKeyOrLull(&lastKey, lastKey.Load()) {
		t.Error("a lull planned the work again")
	}
	at(500 * time.Millisecond)
	planned := lastKey.Load()
	go func() { time.Sleep(30 * time.Millisecond); lastKey.Store(time.Now().UnixNano()) }()
	if !waitForKeyOrLull(&lastKey, planned) {
		t.Error("a key typed while it waited did not plan the work again")
	}
}
