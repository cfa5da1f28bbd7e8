package model

import (
	"strings"
	"testing"
)

func TestDateNumbers(t *testing.T) {
	dn := newDateNumbers()
	if dn.of("") != 0 {
		t.Fatal(`"" is not 0`)
	}
	a := "2026-11-14"
	b := strings.Clone(a) // the same date, its bytes elsewhere
	c := "2026-11-15"
	na, nb, nc := dn.of(a), dn.of(b), dn.of(c)
	if na == 0 || na != nb || nc == na || nc == 0 {
		t.Fatalf("numbers %d %d %d", na, nb, nc)
	}
	// Many dates share the small table's slots: each keeps its number.
	want := map[string]int32{}
	for i := range 2000 {
		d := strings.Clone("2026-" + string(rune('a'+i%26)) + string(rune('a'+i/26%26)) + string(rune('a'+i/676)))
		n := dn.of(d)
		if w, ok := want[d]; ok && w != n {
			t.Fatalf("%q: %d then %d", d, w, n)
		}
		want[d] = n
		if dn.texts[n] != d {
			t.Fatalf("%q numbered %d, which is %q", d, n, dn.texts[n])
		}
	}
	if len(dn.texts) != len(want)+3 {
		t.Fatalf("%d texts for %d dates", len(dn.texts), len(want)+3)
	}
}

func TestDateRanksOrderTheDates(t *testing.T) {
	dn := newDateNumbers()
	for _, d := range []string{"2026-11-03", "2026-11-01", "2026-11-02T09:00", "2026-11-02"} {
		dn.of(d)
	}
	rank := dn.ranks()
	for a := range dn.texts {
		for b := range dn.texts {
			if (rank[a] < rank[b]) != (dn.texts[a] < dn.texts[b]) {
				t.Fatalf("%q rank %d, %q rank %d", dn.texts[a], rank[a], dn.texts[b], rank[b])
			}
		}
	}
}
