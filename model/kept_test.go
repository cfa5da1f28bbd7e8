package model

import "testing"

func TestKeptCurveOneMeasurementPerConfigSteadyStateOnly(t *testing.T) {
	cfg := func(workers, conc int) Knobs {
		return Knobs{Mode: ModeDisagg, Prefill: Role{Workers: workers, GPUs: 2, TP: 2, EP: 2, DPAttn: true},
			Decode: Role{Workers: 1, GPUs: 16, TP: 16, EP: 16, DPAttn: true}, Concurrency: conc}
	}
	pts := []Point{
		{ID: "a", Knobs: cfg(3, 1228), Source: SourcePublished},
		{ID: "b", Knobs: cfg(3, 700), Source: SourceLocal, Prov: Provenance{DurationS: 1200}},
		{ID: "c", Knobs: cfg(5, 2884), Source: SourceLocal, Prov: Provenance{DurationS: 3600}},
		{ID: "a@published", Knobs: cfg(3, 1228), Source: SourcePublished},
		{ID: "v", Label: "vLLM", Source: SourceCompetitor},
		{ID: "d", Knobs: cfg(8, 4096), Source: SourcePublished},
		{ID: "d@local", Knobs: cfg(8, 4096), Source: SourceLocal},
	}
	for i := range pts {
		pts[i].Metrics.Set(MeanIntvty, 100)
		pts[i].Metrics.Set(TputPerGPU, 1000)
	}
	pts[0].Metrics.Clear(MeanIntvty) // first 3P c1228 lacks x: its re-measurement stands
	var got []string
	for _, p := range KeptCurve(pts, map[string]bool{"d": true}, AxisMeanIntvty, AxisTputPerGPU) {
		got = append(got, p.ID)
	}
	want := []string{"c", "a@published", "d@local"}
	if len(got) != len(want) {
		t.Fatalf("kept %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("kept %v, want %v", got, want)
		}
	}
}
