package points

import (
	"testing"

	"github.com/sweeptune/sweeptune/tui/internal/testkit"
	"github.com/sweeptune/sweeptune/tui/keys"
)

// The work ahead fills the caches with other views' derivations; the
// shown view's stay, so the next key derives nothing again, and the
// caches stay bounded.
func TestShownDerivationsOutliveAFullCache(t *testing.T) {
	st := testkit.KeptState()
	m := New(st, keys.Default().Points, testkit.Plain())
	m.SetSize(140, 30)
	k := derivedKey{st.ViewSerial(), st.X.Name, st.Y.Name}
	shown, width := m.derived[k], m.widths[k.serial]
	if shown == nil || width == 0 {
		t.Fatalf("the shown view's derivation (%v) or width (%d) is not kept", shown != nil, width)
	}
	for i := range 3 * maxDerived {
		m.Adopt(uint64(1_000_000+i), st.X, st.Y, prefetched{d: &derived{orders: map[orderKey]*ordered{}}, width: 7})
		if len(m.derived) > maxDerived || len(m.widths) > maxDerived {
			t.Fatalf("after %d adopted: %d derivations, %d widths kept", i+1, len(m.derived), len(m.widths))
		}
	}
	if m.derived[k] != shown || m.widths[k.serial] != width {
		t.Fatal("the shown view's derivation or width went with the others")
	}
}
