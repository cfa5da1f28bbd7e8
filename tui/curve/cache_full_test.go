package curve

import (
	"testing"

	"github.com/sweeptune/sweeptune/render/plot"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
	"github.com/sweeptune/sweeptune/tui/keys"
)

// The work ahead fills the caches with other views' series, orders and
// legends; the shown view's stay, so the next key derives nothing again,
// and the caches stay bounded.
func TestShownSeriesOutliveAFullCache(t *testing.T) {
	st := testkit.KeptState()
	m := New(st, keys.Default().Curve, testkit.Plain())
	m.SetSize(120, 40)
	k := m.shownSeriesKey()
	shown := m.cached.m[k]
	if shown == nil {
		t.Fatal("the shown view's series is not kept")
	}
	for i := range 3 * maxCached {
		m.Adopt(uint64(1_000_000+i), st.X, st.Y, prefetched{series: &cachedSeries{s: plot.Series{Name: "other"}}, order: []string{}, legend: []string{}})
		if m.cached.len() > maxCached || m.orders.len() > maxCached || m.legends.len() > maxCached {
			t.Fatalf("after %d adopted: %d series, %d orders, %d legends kept", i+1, m.cached.len(), m.orders.len(), m.legends.len())
		}
	}
	if m.cached.m[k] != shown {
		t.Fatal("the shown view's series went with the others")
	}
}

// A view the work ahead plans again (a curve ] shows) keeps its series,
// order and legend while the others it makes meanwhile fill the caches:
// the least recently used go first, and the plan finds it made.
func TestPlannedSeriesOutliveTheOthers(t *testing.T) {
	st := testkit.KeptState()
	m := New(st, keys.Default().Curve, testkit.Plain())
	m.SetSize(120, 40)
	x, y := st.X, st.Y
	made := func() prefetched {
		return prefetched{series: &cachedSeries{s: plot.Series{Name: "next"}}, order: []string{}, legend: []string{}}
	}
	const once = uint64(900_001)
	m.Adopt(once, x, y, made())
	testkit.PlannedAmidOthers(t, m, 900_000, x, y, 3*maxCached, func() any { return made() })
	if m.cached.len() > maxCached || m.orders.len() > maxCached || m.legends.len() > maxCached {
		t.Fatalf("%d series, %d orders, %d legends kept", m.cached.len(), m.orders.len(), m.legends.len())
	}
	if m.Prefetch(once, x, y) == nil {
		t.Fatal("a view never planned again outlived 192 others")
	}
	if _, ok := m.cached.m[m.shownSeriesKey()]; !ok {
		t.Fatal("the shown view's series went")
	}
}
