package model

import (
	"reflect"
	"testing"
)

// WritePages gives back the slice it was given, zeros still, whatever the
// size of an element against a page.
func TestWritePagesKeepsZeros(t *testing.T) {
	check := func(name string, got, want any) {
		t.Helper()
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: not the zeros it was given", name)
		}
	}
	b := make([]bool, 3<<20)
	check("bools", WritePages(b), make([]bool, 3<<20))
	check("slots", WritePages(make([]idSlot, 1<<17)), make([]idSlot, 1<<17))
	check("points", WritePages(make([]Point, 100)), make([]Point, 100))
	check("empty", WritePages([]string(nil)), []string(nil))
	check("zero-size", WritePages(make([]struct{}, 5)), make([]struct{}, 5))
	if got := WritePages(b); &got[0] != &b[0] || len(got) != len(b) {
		t.Error("not the same slice")
	}
}
