package intern

import (
	"strings"
	"testing"
)

func TestDateNumbers(t *testing.T) {
	dn := NewNumbering()
	if dn.Of("") != 0 {
		t.Fatal(`"" is not 0`)
	}
	a := "2026-11-14"
	b := strings.Clone(a) // the same date, its bytes elsewhere
	c := "2026-11-15"
	na, nb, nc := dn.Of(a), dn.Of(b), dn.Of(c)
	if na == 0 || na != nb || nc == na || nc == 0 {
		t.Fatalf("numbers %d %d %d", na, nb, nc)
	}
	// Many dates share the small table's slots: each keeps its number.
	want := map[string]int32{}
	for i := range 2000 {
		d := strings.Clone("2026-" + string(rune('a'+i%26)) + string(rune('a'+i/26%26)) + string(rune('a'+i/676)))
		n := dn.Of(d)
		if w, ok := want[d]; ok && w != n {
			t.Fatalf("%q: %d then %d", d, w, n)
		}
		want[d] = n
		if dn.Texts[n] != d {
			t.Fatalf("%q numbered %d, which is %q", d, n, dn.Texts[n])
		}
	}
	if len(dn.Texts) != len(want)+3 {
		t.Fatalf("%d texts for %d dates", len(dn.Texts), len(want)+3)
	}
}

func TestDateRanksOrderTheDates(t *testing.T) {
	dn := NewNumbering()
	for _, d := range []string{"2026-11-03", "2026-11-01", "2026-11-02T09:00", "2026-11-02"} {
		dn.Of(d)
	}
	rank := dn.Ranks()
	for a := range dn.Texts {
		for b := range dn.Texts {
			if (rank[a] < rank[b]) != (dn.Texts[a] < dn.Texts[b]) {
				t.Fatalf("%q rank %d, %q rank %d", dn.Texts[a], rank[a], dn.Texts[b], rank[b])
			}
		}
	}
}
