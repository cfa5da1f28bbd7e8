package model_test

import (
	"reflect"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// The passes given one numbering of the curves do what each does numbering
// them itself.
func TestNumberedPassesAreThePasses(t *testing.T) {
	base := rowPoints(20000, 40)
	for i := 0; i < len(base); i += 7 {
		base[i].Knobs.Mode = "" // some without knobs: labels name them
		base[i].Label = "run"
	}
	plain := append([]model.Point(nil), base...)
	model.MarkImplausible(plain)
	model.AssignIDs(plain)
	wantLatest := model.LatestIndex(plain, "2026-11-20")
	numbered := append([]model.Point(nil), base...)
	curves := model.NumberCurves(numbered)
	model.MarkImplausibleNumbered(numbered, curves)
	model.AssignIDsNumbered(numbered, curves)
	latest := model.LatestIndexNumbered(numbered, curves, "2026-11-20")
	if !reflect.DeepEqual(numbered, plain) || !reflect.DeepEqual(latest, wantLatest) {
		t.Fatal("the numbered passes differ")
	}
	suspects := 0
	for i := range plain {
		if plain[i].Suspect() {
			suspects++
		}
	}
	if len(wantLatest) == 0 || len(wantLatest) == len(plain) || suspects == 0 {
		t.Fatalf("%d of %d kept, %d suspect: the test checks nothing", len(wantLatest), len(plain), suspects)
	}
	_, wantCurves, wantOrder := model.GroupKeptInPlace(plain, wantLatest)
	_, got, order := model.GroupKeptInPlaceNumbered(numbered, latest, curves)
	if !reflect.DeepEqual(got, wantCurves) || !reflect.DeepEqual(order, wantOrder) {
		t.Fatal("grouping by the numbering differs")
	}
}
