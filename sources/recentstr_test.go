package sources

import (
	"fmt"
	"strings"
	"testing"
)

// Many more values than the table has slots, of several fields, mixed
// row by row: the slots collide and are overwritten, and each row must
// still read its own strings (as the general path reads them).
func TestRecentStringsCollideSafely(t *testing.T) {
	var b strings.Builder
	b.WriteString("[")
	for i := range 3 * recentSlots {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, `{"hardware": "hw%d", "framework": "fw%d", "model": "m%d", "precision": "p%d", "date": "2026-11-%02d", "conc": 4, "metrics": {"tput_per_gpu": 1}}`,
			i%700, i%3, (i*7)%1100, i%2, 1+i%28)
	}
	b.WriteString("]")
	data := []byte(b.String())
	sameParse(t, data)
	fast, _ := parseBothWays(data)
	if len(fast.Points) != 3*recentSlots {
		t.Fatalf("%d points", len(fast.Points))
	}
	for i, p := range fast.Points {
		if want := fmt.Sprintf("hw%d", i%700); p.Curve.Hardware != want {
			t.Fatalf("point %d: hardware %q, want %q", i, p.Curve.Hardware, want)
		}
		if want := fmt.Sprintf("2026-11-%02d", 1+i%28); p.Prov.Date != want {
			t.Fatalf("point %d: date %q, want %q", i, p.Prov.Date, want)
		}
	}
}

// The slot depends on the field: one value of two fields can be kept
// in two slots, and short values (under a word) hash all their bytes.
func TestRecentStringsSlot(t *testing.T) {
	var r recentStrs
	if r.slot(1, []byte("b200")) != r.slot(1, []byte("b200")) {
		t.Fatal("one value, one field: two slots")
	}
	distinct := map[*string]bool{}
	for _, v := range []string{"a", "b", "ab", "ba", "b200", "b300", "gb200", "gb300", "2026-11-01", "2026-11-02"} {
		distinct[r.slot(3, []byte(v))] = true
	}
	if len(distinct) < 8 {
		t.Fatalf("ten short values share %d slots", len(distinct))
	}
}
