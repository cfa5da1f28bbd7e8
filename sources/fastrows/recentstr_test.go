package fastrows

import (
	"fmt"
	"strings"
	"testing"
)

// Many more values than the table has slots, of several fields, mixed
// row by row: the slots collide and are overwritten, and each row must
// still read its own strings (sources' TestAPIRowsFastPathIsGeneral
// holds the same rows to the general path).
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
	rows := rowsOf(t, []byte(b.String()))
	if len(rows) != 3*recentSlots {
		t.Fatalf("%d rows", len(rows))
	}
	for i, r := range rows {
		if want := fmt.Sprintf("hw%d", i%700); r.HW != want {
			t.Fatalf("row %d: hardware %q, want %q", i, r.HW, want)
		}
		if want := fmt.Sprintf("2026-11-%02d", 1+i%28); r.Date != want {
			t.Fatalf("row %d: date %q, want %q", i, r.Date, want)
		}
		if want := fmt.Sprintf("m%d", (i*7)%1100); r.Model != want {
			t.Fatalf("row %d: model %q, want %q", i, r.Model, want)
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
