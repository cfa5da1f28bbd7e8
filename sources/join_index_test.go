package sources

import (
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/srt"
)

// The variants a point is compared with are those of its worker counts,
// in the order loaded: the first that runs at its concurrency, states no
// other knob value and names its model wins, as in a scan of them all.
func TestJoinPointTakesTheFirstVariantOfItsWorkers(t *testing.T) {
	variant := func(name string, pre, dec, bs int, models ...string) srt.Variant {
		return srt.Variant{File: name + ".yaml", Name: name, Models: models, Concurrencies: []int{64, 128},
			Knobs: model.Knobs{Mode: model.ModeDisagg, DecodeBS: bs,
				Prefill: model.Role{Workers: pre, GPUs: 4 * pre, TP: 4}, Decode: model.Role{Workers: dec, GPUs: 8, TP: 8}}}
	}
	variants := []srt.Variant{
		variant("3p1d-bs64", 3, 1, 64),
		variant("2p1d-other-model", 2, 1, 0, "qwen3"),
		variant("2p1d-bs64", 2, 1, 64),
		{File: "agg.yaml", Name: "agg", Knobs: model.Knobs{Mode: model.ModeAgg, Concurrency: 64}},
		variant("2p1d-bs128", 2, 1, 128),
		variant("2p2d", 2, 2, 0),
	}
	byWorkers := indexVariants(variants)
	cases := []struct {
		pre, dec, bs, conc int
		want               string
	}{
		{2, 1, 0, 64, "2p1d-bs64"},    // the model-less first one of its workers
		{2, 1, 128, 64, "2p1d-bs128"}, // BS 64 is another configuration
		{3, 1, 0, 128, "3p1d-bs64"},
		{2, 2, 0, 64, "2p2d"},
		{2, 1, 0, 32, ""}, // runs at no variant's concurrency
		{4, 1, 0, 64, ""}, // no variant of 4P1D
	}
	for _, c := range cases {
		p := model.Point{Curve: model.CurveKey{Model: "deepseek-v4"}, Knobs: model.Knobs{Mode: model.ModeDisagg, Concurrency: c.conc, DecodeBS: c.bs,
			Prefill: model.Role{Workers: c.pre}, Decode: model.Role{Workers: c.dec}}}
		got := ""
		if v := joinPoint(&p, variants, byWorkers); v != nil {
			got = v.Name
		}
		if got != c.want {
			t.Errorf("%dP%dD BS%d c%d joined %q, want %q", c.pre, c.dec, c.bs, c.conc, got, c.want)
		}
		if got != "" && p.Prov.Recipe != c.want+".yaml" {
			t.Errorf("%dP%dD c%d: recipe %q", c.pre, c.dec, c.conc, p.Prov.Recipe)
		}
	}
	if len(byWorkers[[2]int{2, 1}]) != 3 || len(byWorkers) != 3 {
		t.Errorf("index %v", byWorkers)
	}
}
