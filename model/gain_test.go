package model_test

import (
	"fmt"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// The demo: against the vLLM frontier (table D) at p90 interactivity, 9P BS192
// gains +11.05 % and 7P c5540 +5.00 %; above p90 196.5 there is no value.
func TestGainsAgainstVLLM(t *testing.T) {
	pts := demoPoints(t)
	var ours, vllm []model.Point
	for _, p := range pts {
		if p.Source == model.SourceCompetitor {
			vllm = append(vllm, p)
		} else {
			ours = append(ours, p)
		}
	}
	x, y := model.AxisP90Intvty, model.AxisTputPerGPU
	if v, ok := model.GainAt(vllm, x, y, 97.4); !ok || money(v) != "1,005,892.79" {
		t.Errorf("vLLM at p90 97.4: %s %v, want 1,005,892.79", money(v), ok)
	}
	got := map[string]model.Gain{}
	for _, g := range model.Gains(ours, vllm, x, y) {
		got[ours[g.Index].ID] = g
	}
	for id, want := range map[string]string{id9PB192: "+11.05", id7PC5540: "+5.00"} {
		g, ok := got[id]
		if !ok || !g.HasOther || fmt.Sprintf("%+.2f", g.GainPct) != want {
			t.Errorf("%s: gain %+v, want %s %%", id, g, want)
		}
	}
	for _, id := range []string{"3p1d-dep2-dep16-b18-c700", idAggTEP2C16, id3PC1228, id5PC2884} {
		if g := got[id]; g.HasOther {
			t.Errorf("%s at p90 %.1f: vLLM value %v, want none (above 196.5)", id, g.X, g.Other)
		}
	}
	if _, ok := got[id8PC4096]; ok {
		t.Errorf("8P c4096 has no p90 interactivity but got a gain")
	}
}

func TestGainAtNeverExtrapolates(t *testing.T) {
	x := model.AxisP90Intvty
	other := []model.Point{pt("a", x, 10, 100), pt("b", x, 20, 50), pt("c", x, 15, 10)}
	cases := []struct {
		xv   float64
		want string
	}{{9.99, "none"}, {10, "100.00"}, {15, "75.00"}, {20, "50.00"}, {20.01, "none"}}
	for _, c := range cases {
		v, ok := model.GainAt(other, x, model.AxisTputPerGPU, c.xv)
		got := "none"
		if ok {
			got = fmt.Sprintf("%.2f", v)
		}
		if got != c.want {
			t.Errorf("at %v: %s, want %s (c is off the frontier)", c.xv, got, c.want)
		}
	}
	if _, ok := model.GainAt(nil, x, model.AxisTputPerGPU, 1); ok {
		t.Error("value on an empty curve")
	}
}
