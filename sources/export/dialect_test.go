package export_test

import (
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/export"
	"github.com/sweeptune/sweeptune/sources/srt"
)

// Export into every recipe dialect: the override is written in the
// bundle's own words, and resolving it (deep merge) gives back the point.

// exportOne exports one point into the bundle and returns the new block
// and the variant the written bundle resolves it to.
func exportOne(t *testing.T, recipe string, pts []model.Point, id string) (string, srt.Variant, *export.ExportPlan) {
	t.Helper()
	plan, err := export.BuildExport(export.ExportRequest{Points: pts, Add: []string{id}, RecipePath: recipe})
	if err != nil {
		t.Fatalf("export: %v", err)
	}
	vs, warns := srt.ParseRecipe(recipe, plan.Files[0].New)
	if len(warns) > 0 {
		t.Fatalf("written bundle: %v", warns)
	}
	for _, v := range vs {
		if v.Override == model.OverrideName(id) {
			return plan.Overrides[0].Text, v, plan
		}
	}
	t.Fatalf("no %s in the written bundle:\n%s", model.OverrideName(id), plan.Files[0].New)
	return "", srt.Variant{}, nil
}

func sameKnobs(t *testing.T, got srt.Variant, want model.Knobs) {
	t.Helper()
	g := got.Knobs
	if g.Shape() != want.Shape() || g.GPUs() != want.GPUs() || g.Concurrency != want.Concurrency || g.DecodeBS != want.DecodeBS ||
		g.Prefill.Workers != want.Prefill.Workers || g.Prefill.GPUs != want.Prefill.GPUs || g.Decode.Workers != want.Decode.Workers {
		t.Errorf("resolves to %s (%d GPUs, c%d), want %s (%d GPUs, c%d)", g.Shape(), g.GPUs(), g.Concurrency, want.Shape(), want.GPUs(), want.Concurrency)
	}
}

func TestExportIntoSchema1Bundle(t *testing.T) {
	pts := plannedPoints(t, `
  - mode: disagg
    prefill: {workers: 3, gpus: 4, tp: 4}
    decode: {workers: 2, gpus: 8, tp: 8, cuda-graph-max-bs: 64}
    concurrency: 256
`)
	recipe := bundleCopy(t, "s1-bundle.yaml", "")
	text, v, _ := exportOne(t, recipe, pts, "3p2d-tp4-tp8-b64-c256")
	want := `# 3 x TP4 prefill (2 nodes) + 2 x TP8 decode, 28 GPUs, decode BS 64 per rank, max-running-requests 64:
# not measured yet (planned).
override_3p2d_tp4_tp8_b64_c256:
  name: bundle-3p2d-tp4-tp8-b64-c256
  resources:
    prefill_nodes: 2
    prefill_workers: 3
    gpus_per_prefill: 4
    decode_nodes: 2
    decode_workers: 2
  backend:
    sglang_config:
      decode:
        cuda-graph-max-bs: 64
        max-running-requests: 64
  benchmark:
    concurrencies: [256]
`
	if text != want {
		t.Errorf("override:\n%s\nwant:\n%s", text, want)
	}
	sameKnobs(t, v, pts[0].Knobs)
	if v.Knobs.MaxRunningRequests != 64 || v.Name != "bundle-3p2d-tp4-tp8-b64-c256" {
		t.Errorf("MRR %d name %q", v.Knobs.MaxRunningRequests, v.Name)
	}
}

func TestExportAggIntoVLLMBundle(t *testing.T) {
	pts := plannedPoints(t, `
  - mode: agg
    agg: {workers: 2, gpus: 4, tp: 4, ep: 4, dp-attn: true, cuda-graph-max-bs: 256}
    concurrency: 512
`)
	recipe := bundleCopy(t, "s1-agg-bundle.yaml", "")
	text, v, _ := exportOne(t, recipe, pts, "agg-dep4-b256-c512")
	want := `# 2 x DEP4 aggregated, 8 GPUs, batch cap 256:
# not measured yet (planned).
override_agg_dep4_b256_c512:
  name: agg-vllm-agg-dep4-b256-c512
  resources:
    agg_nodes: 2
    agg_workers: 2
  backend:
    vllm_config:
      aggregated:
        max-num-seqs: 256
  benchmark:
    env:
      CONC: "512"
`
	if text != want {
		t.Errorf("override:\n%s\nwant:\n%s", text, want)
	}
	sameKnobs(t, v, pts[0].Knobs)
}

const trtllmBundle = `schema: 2
base:
  name: trt
  resources: {gpu_type: b200, gpus_per_node: 8}
  engine: trtllm
  roles:
    prefill:
      nodes: 1
      workers: 2
      gpus: 4
      args: {tensor_parallel_size: 4, moe_expert_parallel_size: 4, enable_attention_dp: true}
    decode:
      nodes: 1
      workers: 1
      gpus: 8
      args:
        tensor_parallel_size: 8
        moe_expert_parallel_size: 8
        enable_attention_dp: true
        max_batch_size: 64
        cuda_graph_config: {enable_padding: true, max_batch_size: 64}
  benchmark: {concurrencies: "512"}
override_c1024:
  benchmark: {concurrencies: "1024"}
`

func TestExportIntoTRTLLMBundleSpeaksTRTLLM(t *testing.T) {
	pts := plannedPoints(t, `
  - mode: disagg
    prefill: {workers: 4, gpus: 4, tp: 4, ep: 4, dp-attn: true}
    decode: {workers: 2, gpus: 8, tp: 8, ep: 8, dp-attn: true, cuda-graph-max-bs: 128, max-running-requests: 2048}
    concurrency: 2048
`)
	recipe := bundleCopy(t, "trt.yaml", trtllmBundle)
	text, v, plan := exportOne(t, recipe, pts, "4p2d-dep4-dep8-b128-c2048")
	for _, line := range []string{"    prefill:\n      nodes: 2\n      workers: 4\n", "    decode:\n      nodes: 2\n      workers: 2\n      args:\n        max_batch_size: 128\n        cuda_graph_config:\n          max_batch_size: 128\n", "  benchmark:\n    concurrencies: \"2048\"\n"} {
		if !strings.Contains(text, line) {
			t.Errorf("override lacks %q:\n%s", line, text)
		}
	}
	if strings.Contains(text, "max-running-requests") || len(plan.Notes) != 1 || !strings.Contains(plan.Notes[0], "trtllm takes no max-running-requests") {
		t.Errorf("MRR is not a TRT-LLM argument: %s notes %v", text, plan.Notes)
	}
	sameKnobs(t, v, pts[0].Knobs)
}

// A point and a bundle of different modes is bad input, not a refusal.
func TestExportModeMismatch(t *testing.T) {
	pts := plannedPoints(t, "  - {mode: agg, agg: {workers: 1, gpus: 8, tp: 8}, concurrency: 4}\n")
	_, err := export.BuildExport(export.ExportRequest{Points: pts, Add: []string{"agg-tp8-c4"}, RecipePath: bundleCopy(t, "s1-bundle.yaml", "")})
	if err == nil || !strings.Contains(err.Error(), "agg-tp8-c4 is aggregated but the base of") {
		t.Errorf("err %v", err)
	}
}

// --image brings the master entry's image and the bundle's container to the
// image the points ran; without it both stay and a note says why.
func TestExportImageUpdatesEntryAndContainerTogether(t *testing.T) {
	const ran = "lmsysorg/sglang:nightly-dev-cu13-20261030-302b78cc"
	_, req := retuneCopy(t)
	plan := mustPlan(t, req)
	notes := strings.Join(plan.Notes, "\n")
	if !strings.Contains(notes, "the points ran "+ran+" but the bundle's base container is lmsysorg/sglang:nightly-dev-cu13-20261015-586355a8: pass it as --image to update model.container and the entry's image") ||
		strings.Count(notes, "--image") != 1 {
		t.Errorf("notes:\n%s", notes)
	}
	req.Image = ran
	plan = mustPlan(t, req)
	r, _, err := srt.ParseRecipeDoc(req.RecipePath, plan.Files[0].New)
	if err != nil {
		t.Fatal(err)
	}
	if c, _ := srt.Lookup(r.Base, "model", "container"); c != ran {
		t.Errorf("base container %v", c)
	}
	mc, _, err := srt.ParseMaster(req.MasterPath, plan.Files[1].New)
	if err != nil {
		t.Fatal(err)
	}
	if e := mc.Entry(disaggKey); e.Image != ran {
		t.Errorf("entry image %q", e.Image)
	}
	// Only the one line of each changed: every other byte of the head stays.
	if d := plan.Files[1].Diff; strings.Count(d, "\n-  image:") != 1 || strings.Count(d, "\n+  image: "+ran) != 1 {
		t.Errorf("master diff:\n%s", d)
	}
}
