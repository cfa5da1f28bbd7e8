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
	shown := m.cached[k]
	if shown == nil {
		t.Fatal("the shown view's series is not kept")
	}
	for i := range 3 * maxCached {
		m.Adopt(uint64(1_000_000+i), st.X, st.Y, prefetched{series: &cachedSeries{s: plot.Series{Name: "other"}}, order: []string{}, legend: []string{}})
		if len(m.cached) > maxCached || len(m.orders) > maxCached || len(m.legends) > maxCached {
			t.Fatalf("after %d adopted: %d series, %d orders, %d legends kept", i+1, len(m.cached), len(m.orders), len(m.legends))
		}
	}
	if m.cached[k] != shown {
		t.Fatal("the shown view's series went with the others")
	}
}
