package model

import (
	"reflect"
	"testing"
)

// Every measurement as of a date: undated runs always, a date by its
// day, every run with no date given.
func TestDatedIndexIsTheDateRule(t *testing.T) {
	dates := []string{"2026-11-14", "", "2026-11-15", "2026-11-14T23:59:59Z", "2026-11", "2026-11-13", "2027"}
	points := make([]Point, len(dates))
	for i, d := range dates {
		points[i].Prov.Date = d
		points[i].ID = d
	}
	for asOf, want := range map[string][]int{
		"":           {0, 1, 2, 3, 4, 5, 6},
		"2026-11-14": {0, 1, 3, 4, 5},
		"2026-11-13": {1, 4, 5},
		"2026-10-01": {1},
	} {
		if got := DatedIndex(points, asOf); !reflect.DeepEqual(got, want) {
			t.Errorf("DatedIndex as of %q = %v, want %v", asOf, got, want)
		}
		got := Dated(points, asOf)
		if len(got) != len(want) || cap(got) != len(want) {
			t.Fatalf("Dated as of %q: %d points (room for %d), want %d", asOf, len(got), cap(got), len(want))
		}
		for k, i := range want {
			if got[k].ID != points[i].ID {
				t.Errorf("Dated as of %q [%d] = %q, want %q", asOf, k, got[k].ID, points[i].ID)
			}
		}
	}
}
