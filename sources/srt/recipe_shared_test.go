package srt

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// sharedDir is ../shared/formats; tests that need it skip when it is absent.
func sharedFile(t *testing.T, rel string) []byte {
	t.Helper()
	p := filepath.Join("..", "..", "..", "shared", "formats", rel)
	data, err := os.ReadFile(p)
	if err != nil {
		t.Skipf("shared formats not available: %v", err)
	}
	return data
}

func TestRecipeSharedBundle(t *testing.T) {
	data := sharedFile(t, "srt-slurm/inferencex-e2e__dsv41flash__sglang__gb300-fp4__agentx__disagg-variants.yaml")
	vs, warns := ParseRecipe("bundle.yaml", data)
	if len(warns) > 0 {
		t.Fatalf("warnings: %v", warns)
	}
	want := map[string]struct{ pw, dw, dn, bs, mrr, conc int }{
		"override_1p1d_c96":          {1, 1, 1, 128, 128, 96},
		"override_1p2d_c48":          {1, 2, 1, 64, 64, 48},
		"override_1p2d_spread_c16":   {1, 2, 2, 64, 64, 16},
		"override_2p1d_hicache_c256": {2, 1, 1, 256, 256, 256},
	}
	if len(vs) != 6 {
		t.Fatalf("got %d variants, want 6", len(vs))
	}
	for _, v := range vs {
		w, ok := want[v.Override]
		if !ok {
			continue
		}
		k := v.Knobs
		got := struct{ pw, dw, dn, bs, mrr, conc int }{k.Prefill.Workers, k.Decode.Workers, k.Decode.Nodes, k.DecodeBS, k.MaxRunningRequests, k.Concurrency}
		if got != w {
			t.Errorf("%s: got %+v, want %+v", v.Override, got, w)
		}
		if k.Prefill.GPUs != 2 || k.Prefill.TP != 2 || k.Prefill.EP != 2 || k.Prefill.DPAttn || k.Mode != model.ModeDisagg {
			t.Errorf("%s: prefill role %+v", v.Override, k.Prefill)
		}
		if k.SpecDecoding != "dspark" {
			t.Errorf("%s: spec %q", v.Override, k.SpecDecoding)
		}
	}
	if vs[0].Name != "disagg-gb300-1p1d-tp2ep2-c96" || vs[0].Image == "" {
		t.Errorf("first variant name %q image %q", vs[0].Name, vs[0].Image)
	}
}

func TestRecipeSharedSchema1(t *testing.T) {
	data := sharedFile(t, "srt-slurm/inferencex__dsv4-agentic__disagg-gb300-2p4d-dep8-dep16-c256-mtp-kvoffload.yaml")
	vs, warns := ParseRecipe("s1.yaml", data)
	if len(warns) > 0 || len(vs) != 1 {
		t.Fatalf("variants %d warnings %v", len(vs), warns)
	}
	k := vs[0].Knobs
	if k.Prefill.Workers != 1 || k.Prefill.GPUs != 8 || k.Prefill.Nodes != 2 || k.Prefill.Parallelism() != "dep8" {
		t.Errorf("prefill %+v", k.Prefill)
	}
	if k.Decode.GPUs != 16 || k.Decode.Parallelism() != "dep16" || k.DecodeBS != 256 || k.MaxRunningRequests != 3072 || k.Balance != "total_tokens" {
		t.Errorf("decode %+v bs %d mrr %d lb %q", k.Decode, k.DecodeBS, k.MaxRunningRequests, k.Balance)
	}
	if k.SpecDecoding != "mtp" || vs[0].Name != "disagg-gb300-2p4d-dep8-dep16-c256-mtp-kvoffload" {
		t.Errorf("spec %q name %q", k.SpecDecoding, vs[0].Name)
	}
}
