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
		if len(m.derived) > maxDerived || len(m.widths) > maxWidths {
			t.Fatalf("after %d adopted: %d derivations, %d widths kept", i+1, len(m.derived), len(m.widths))
		}
	}
	if m.derived[k] != shown || m.widths[k.serial] != width {
		t.Fatal("the shown view's derivation or width went with the others")
	}
}

// A derivation the work ahead plans again (a curve ] shows) outlives the
// others it makes meanwhile: the least recently used go first, and the
// plan finds it made rather than making it again.
func TestPlannedDerivationsOutliveTheOthers(t *testing.T) {
	st := testkit.KeptState()
	m := New(st, keys.Default().Points, testkit.Plain())
	m.SetSize(140, 30)
	x, y := st.X, st.Y
	const once = uint64(900_001)
	made := func() any {
		return prefetched{d: &derived{orders: map[orderKey]*ordered{{m.sortCol, m.desc, ""}: {}}}, width: 7}
	}
	m.Adopt(once, x, y, made())
	testkit.PlannedAmidOthers(t, m, 900_000, x, y, 3*maxDerived, made)
	if len(m.derived) > maxDerived {
		t.Fatalf("%d derivations kept", len(m.derived))
	}
	if _, ok := m.derived[derivedKey{once, x.Name, y.Name}]; ok {
		t.Fatal("a derivation never used again outlived 144 others")
	}
	if _, ok := m.derived[derivedKey{st.ViewSerial(), x.Name, y.Name}]; !ok {
		t.Fatal("the shown view's derivation went")
	}
}
