package model_test

import (
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// TestKeepWhyNamesTheReasons: a kept list the user wrote (review --keep)
// leaves points out as "not in --keep"; one the workbench's toggles made
// carries their reasons in KeepWhy, and a point it does not name still
// falls back to "not in --keep".
func TestKeepWhyNamesTheReasons(t *testing.T) {
	keep := []string{idAggTP4C16, id3PC1228, id7PC5540, id9PB192}
	req := model.ReviewRequest{Points: demoPoints(t), Remove: []string{id8PC4096, idAggTEP2C16, id9PB160},
		Keep: keep, X: model.AxisMeanIntvty, Y: model.AxisTputPerGPU}
	reasons := func(r model.CurveReview) map[string]string {
		out := map[string]string{}
		for _, l := range r.LeftOut {
			out[l.ID] = l.Reason
		}
		return out
	}
	r, err := model.Review(req)
	if err != nil {
		t.Fatal(err)
	}
	if got := reasons(r)[id5PC2884]; got != "not in --keep" {
		t.Fatalf("explicit --keep: 5P c2884 left out as %q; all %+v", got, r.LeftOut)
	}
	req.KeepWhy = []model.LeftOut{{ID: id5PC2884, Reason: "taken out of the kept curve by hand"}}
	r, err = model.Review(req)
	if err != nil {
		t.Fatal(err)
	}
	got := reasons(r)
	if got[id5PC2884] != "taken out of the kept curve by hand" {
		t.Errorf("KeepWhy: 5P c2884 left out as %q; all %+v", got[id5PC2884], r.LeftOut)
	}
	for id, why := range got {
		if id != id5PC2884 && why == "taken out of the kept curve by hand" {
			t.Errorf("%s took another point's reason: %q", id, why)
		}
	}
	if len(r.Kept) != len(keep) {
		t.Errorf("kept %d points, want %d", len(r.Kept), len(keep))
	}
}
