package numbering_test

import (
	"reflect"
	"testing"

	"github.com/sweeptune/sweeptune/internal/fixtures"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/model/numbering"
)

// The load's passes given one numbering of the curves do what the rules
// do: the suspects marked, the IDs (model.AssignIDs), the latest runs
// (model.LatestIndexRule) and the grouping (model.GroupCurvesInPlace of
// the kept points).
func TestNumberedPassesAreThePasses(t *testing.T) {
	base := fixtures.Rows(20000, 40)
	for i := 0; i < len(base); i += 7 {
		base[i].Knobs.Mode = "" // some without knobs: labels name them
		base[i].Label = "run"
	}
	plain := append([]model.Point(nil), base...)
	model.MarkImplausible(plain)
	model.AssignIDs(plain)
	wantLatest := model.LatestIndexRule(plain, nil, "2026-11-20")
	numbered := append([]model.Point(nil), base...)
	curves := model.NumberCurves(numbered)
	model.MarkImplausibleNumbered(numbered, curves)
	numbering.AssignIDs(numbered, curves)
	latest := numbering.LatestIndex(numbered, curves, "2026-11-20")
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
	_, wantCurves, wantOrder := numbering.GroupKeptInPlace(plain, wantLatest, nil)
	_, got, order := numbering.GroupKeptInPlace(numbered, latest, curves)
	if !reflect.DeepEqual(got, wantCurves) || !reflect.DeepEqual(order, wantOrder) {
		t.Fatal("grouping by the numbering differs")
	}
}
