package model_test

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

func TestReviewRemovalsWorkedExample(t *testing.T) {
	pts := demoPoints(t)
	kept := keptWorked(t, pts)
	removed := pick(t, pts, id8PC4096, idAggTEP2C16, id9PB160)
	got := model.ReviewRemovals(kept, removed, model.AxisMeanIntvty, model.AxisTputPerGPU)
	want := []struct {
		id, line, gap string
		nb            []string
	}{
		{id8PC4096, "853,132.41", "-5.85", []string{id7PC5540, id5PC2884}},
		{idAggTEP2C16, "243,084.79", "-76.28", []string{id3PC1228, idAggTP4C16}},
		{id9PB160, "1,100,893.85", "-0.59", []string{id9PB192, id7PC5540}},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d verdicts, want %d", len(got), len(want))
	}
	for i, w := range want {
		v := got[i]
		if v.ID != w.id || v.Test != model.TestLine || !v.HasLine || !v.Covered {
			t.Errorf("%s: got %+v, want a covered line verdict", w.id, v)
		}
		if s := money(v.LineValue); s != w.line {
			t.Errorf("%s: line value %s, want %s", w.id, s, w.line)
		}
		if s := fmt.Sprintf("%.2f", v.GapPct); s != w.gap {
			t.Errorf("%s: gap %s %%, want %s %%", w.id, s, w.gap)
		}
		if !reflect.DeepEqual(v.Neighbours, w.nb) {
			t.Errorf("%s: neighbours %v, want %v (x ascending)", w.id, v.Neighbours, w.nb)
		}
		// DATA.md: none of them is Pareto-dominated; only the line removes them.
		if v.ParetoDominated || v.DominatedBy != "" {
			t.Errorf("%s: Pareto-dominated by %q, want not dominated", w.id, v.DominatedBy)
		}
	}
}
