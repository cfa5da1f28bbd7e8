package sources

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/srt"
)

// One synthetic fixture per real-world shape (testdata/shapes), so CI
// checks every dialect without ../shared.

func shape(rel string) string { return filepath.Join("..", "testdata", "shapes", rel) }

func recipeVariants(t *testing.T, rel string) []srt.Variant {
	t.Helper()
	data, err := os.ReadFile(shape(rel))
	if err != nil {
		t.Fatal(err)
	}
	if got := FormatName(data); got != "srt-slurm recipe" {
		t.Fatalf("%s detected as %q", rel, got)
	}
	vs, warns := srt.ParseRecipe(rel, data)
	if len(warns) > 0 {
		t.Fatalf("%s: %v", rel, warns)
	}
	return vs
}

type roleWant struct{ workers, nodes, gpus, tp, ep int }

func roleIs(t *testing.T, who string, r model.Role, want roleWant, dp bool) {
	t.Helper()
	got := roleWant{r.Workers, r.Nodes, r.GPUs, r.TP, r.EP}
	if got != want || r.DPAttn != dp {
		t.Errorf("%s: got %+v dp %v, want %+v dp %v", who, got, r.DPAttn, want, dp)
	}
}

func TestShapeSchema1FlatSGLangDisagg(t *testing.T) {
	vs := recipeVariants(t, "recipes/s1-flat-sglang-disagg.yaml")
	if len(vs) != 1 {
		t.Fatalf("%d variants", len(vs))
	}
	v := vs[0]
	k := v.Knobs
	if v.Override != "" || v.Name != "s1-3p1d-dep4-dep16" || v.Engine != "sglang" || k.Mode != model.ModeDisagg || v.Image != "lmsysorg/sglang:v0.5.0" {
		t.Errorf("variant %q %q %q %q %q", v.Override, v.Name, v.Engine, k.Mode, v.Image)
	}
	roleIs(t, "prefill", k.Prefill, roleWant{3, 3, 4, 4, 4}, true)
	roleIs(t, "decode", k.Decode, roleWant{1, 4, 16, 16, 16}, true) // deepep sizes EP to TP
	if k.DecodeBS != 64 || k.MaxRunningRequests != 1024 || k.Balance != "total_requests" || k.DecodeExtraSlots != 64 || k.SpecDecoding != "mtp" {
		t.Errorf("caps %+v", k)
	}
	if !reflect.DeepEqual(v.Concurrencies, []int{512, 1024}) || k.Concurrency != 0 {
		t.Errorf("concurrencies %v / %d", v.Concurrencies, k.Concurrency)
	}
	if k.Shape() != "3p1d-dep4-dep16-b64" {
		t.Errorf("shape %s", k.Shape())
	}
}

func TestShapeSchema1FlatTRTLLM(t *testing.T) {
	v := recipeVariants(t, "recipes/s1-flat-trtllm-disagg.yaml")[0]
	k := v.Knobs
	roleIs(t, "prefill", k.Prefill, roleWant{2, 1, 4, 4, 4}, true)
	roleIs(t, "decode", k.Decode, roleWant{1, 1, 8, 8, 8}, true)
	if v.Engine != "trtllm" || k.DecodeBS != 64 || k.SpecDecoding != "mtp" || k.Concurrency != 654 || k.MaxRunningRequests != 0 {
		t.Errorf("%s %+v", v.Engine, k)
	}
}

func TestShapeSchema1FlowStyleVLLMAgg(t *testing.T) {
	v := recipeVariants(t, "recipes/s1-flow-vllm-agg.yaml")[0]
	k := v.Knobs
	if k.Mode != model.ModeAgg || v.Engine != "vllm" {
		t.Fatalf("mode %q engine %q", k.Mode, v.Engine)
	}
	roleIs(t, "agg", k.Prefill, roleWant{1, 1, 4, 4, 4}, true) // DP4 × TP1 with expert parallel: dep4
	if k.DecodeBS != 256 || k.SpecDecoding != "mtp" || k.Concurrency != 64 || k.Shape() != "agg-dep4-b256" {
		t.Errorf("%+v shape %s", k, k.Shape())
	}
}

func TestShapeSweepTemplate(t *testing.T) {
	vs := recipeVariants(t, "recipes/s1-sweep.yaml")
	want := []struct {
		sel, name string
		tp, conc  int
	}{{"sweep[0]", "sweep_tp4_conc16", 4, 16}, {"sweep[1]", "sweep_tp4_conc32", 4, 32}, {"sweep[2]", "sweep_tp8_conc16", 8, 16}, {"sweep[3]", "sweep_tp8_conc32", 8, 32}}
	if len(vs) != len(want) {
		t.Fatalf("%d variants", len(vs))
	}
	for i, w := range want {
		v := vs[i]
		roleIs(t, w.sel, v.Knobs.Prefill, roleWant{1, 1, w.tp, w.tp, 0}, false)
		if v.Override != w.sel || v.Name != w.name || v.Knobs.DecodeBS != w.conc || v.Knobs.Concurrency != w.conc {
			t.Errorf("%d: %q %q bs %d conc %d", i, v.Override, v.Name, v.Knobs.DecodeBS, v.Knobs.Concurrency)
		}
	}
}

func TestShapeSchema1Bundle(t *testing.T) {
	vs := recipeVariants(t, "recipes/s1-bundle.yaml")
	if len(vs) != 3 {
		t.Fatalf("%d variants", len(vs))
	}
	wide, a, b := vs[0], vs[1], vs[2]
	if wide.Override != "override_wide" || wide.Name != "bundle_wide" || a.Override != "zip_override_lowlat[0]" || a.Name != "lowlat-a" ||
		b.Override != "zip_override_lowlat[1]" || b.Name != "lowlat-b" {
		t.Fatalf("selectors %q %q / %q %q / %q %q", wide.Override, wide.Name, a.Override, a.Name, b.Override, b.Name)
	}
	roleIs(t, "wide prefill", wide.Knobs.Prefill, roleWant{2, 1, 4, 4, 0}, false)
	roleIs(t, "wide decode", wide.Knobs.Decode, roleWant{2, 2, 8, 8, 0}, false)
	if wide.Knobs.DecodeBS != 256 || !reflect.DeepEqual(wide.Concurrencies, []int{512, 1024}) {
		t.Errorf("wide %+v %v", wide.Knobs, wide.Concurrencies)
	}
	roleIs(t, "lowlat decode", a.Knobs.Decode, roleWant{1, 1, 8, 8, 0}, false)
	if a.Knobs.DecodeBS != 8 || !reflect.DeepEqual(a.Concurrencies, []int{4}) || b.Knobs.DecodeBS != 16 || !reflect.DeepEqual(b.Concurrencies, []int{8, 16}) {
		t.Errorf("zip %d %v / %d %v", a.Knobs.DecodeBS, a.Concurrencies, b.Knobs.DecodeBS, b.Concurrencies)
	}
}

func TestShapeSchema2SingleColocated(t *testing.T) {
	v := recipeVariants(t, "recipes/s2-single-colocate.yaml")[0]
	k := v.Knobs
	roleIs(t, "prefill", k.Prefill, roleWant{1, 1, 2, 2, 0}, false)
	roleIs(t, "decode", k.Decode, roleWant{3, 0, 2, 2, 0}, false)
	if v.Engine != "trtllm" || k.DecodeBS != 48 || k.Concurrency != 96 || k.GPUs() != 8 {
		t.Errorf("%s %+v GPUs %d", v.Engine, k, k.GPUs())
	}
}

func TestShapeSchema2Nested(t *testing.T) {
	vs := recipeVariants(t, "recipes/s2-nested.yaml")
	if len(vs) != 2 || vs[0].Override != "override_c16" || vs[0].Name != "nested-c16" || vs[1].Override != "override_c4" || vs[1].Name != "nested_c4" {
		t.Fatalf("%+v", vs)
	}
	for i, conc := range []int{16, 4} {
		k := vs[i].Knobs
		roleIs(t, "prefill", k.Prefill, roleWant{1, 1, 4, 4, 1}, false)
		roleIs(t, "decode", k.Decode, roleWant{1, 0, 4, 4, 1}, false) // args merged from the anchor
		if vs[i].Engine != "vllm" || k.DecodeBS != 64 || k.Concurrency != conc {
			t.Errorf("%d: %s %+v", i, vs[i].Engine, k)
		}
	}
}

func TestShapeSchema2RolesWithBackend(t *testing.T) {
	v := recipeVariants(t, "recipes/s2-roles-backend.yaml")[0]
	roleIs(t, "agg", v.Knobs.Prefill, roleWant{4, 2, 4, 4, 1}, false)
	if v.Engine != "tokenspeed" || v.Knobs.DecodeBS != 32 || !reflect.DeepEqual(v.Concurrencies, []int{1, 2, 4}) {
		t.Errorf("%s %+v %v", v.Engine, v.Knobs, v.Concurrencies)
	}
}

func TestShapeLLMDSaysWhatItIs(t *testing.T) {
	ds := LoadPaths([]string{shape("recipes/llm-d.yaml")}, Options{})
	if len(ds.Warnings) != 1 || !strings.Contains(ds.Warnings[0].Msg, "llm-d recipe: not an srt-slurm recipe") {
		t.Errorf("%v", ds.Warnings)
	}
}

func loadShape(t *testing.T, rel string, opt Options) *Dataset {
	t.Helper()
	return LoadPaths([]string{shape(rel)}, opt)
}

func TestShapeBenchServingSeconds(t *testing.T) {
	ds := loadShape(t, "results/bench/glm_fp8_vllm_tp8_isl1024_osl128_conc32.json", Options{})
	p := cleanPoint(t, ds, "agg-tp8-c32")
	metricsAre(t, p, map[model.Metric]float64{
		model.TputPerGPU: 850, model.InputTputPerGPU: 750, model.OutputTputPerGPU: 100,
		model.MedianIntvty: 25, model.MedianTTFT: 0.5, model.P99TTFT: 1.0,
		model.MedianE2EL: 6, model.P99TPOT: 0.08,
	})
	if p.Metrics.Has(model.MeanIntvty) || p.GPUs() != 8 || p.Curve.Model != "example/GLM-FP8" || p.Curve.Scenario != "1k128" ||
		p.Curve.Framework != "vllm" || p.Curve.Precision != "fp8" ||
		p.Prov.Date != "2026-02-13" || p.Prov.DurationS != 60 || p.Source != model.SourceLocal {
		t.Errorf("%+v", p)
	}
}

func TestShapeBenchServingMillisecondsCtxGen(t *testing.T) {
	ds := loadShape(t, "results/bench/concurrency_16_req_rate_inf_gpus_12_ctx_4_gen_8.json", Options{})
	noWarnings(t, ds)
	p := &ds.Points[0]
	metricsAre(t, p, map[model.Metric]float64{
		model.TputPerGPU:       3200.0 / 12,
		model.InputTputPerGPU:  400, // (3200 − 1600) over the 4 prefill GPUs
		model.OutputTputPerGPU: 200, model.MeanIntvty: 100, model.MedianIntvty: 125,
		model.P90Intvty: 80, model.MeanTTFT: 0.2, model.P90E2EL: 9.5,
	})
	if p.GPUs() != 12 || p.Knobs.Concurrency != 16 || p.Curve.Model != "org/model-x" ||
		p.ID != "bench-concurrency-16-req-rate-inf-gpus-12-ctx-4-gen-8" {
		t.Errorf("%s %+v", p.ID, p)
	}
}

func TestShapeBenchServingGPUsFromFlagOrWarning(t *testing.T) {
	ds := loadShape(t, "results/bench/run_c8.json", Options{})
	if len(ds.Points) != 1 || len(ds.Warnings) != 1 || !strings.Contains(ds.Warnings[0].Msg, "per-GPU throughput unknown") {
		t.Fatalf("points %d warnings %v", len(ds.Points), ds.Warnings)
	}
	metricIs(t, &ds.Points[0], model.MeanIntvty, 50)
	ds = loadShape(t, "results/bench/run_c8.json", Options{GPUs: 4})
	noWarnings(t, ds)
	p := &ds.Points[0]
	metricsAre(t, p, map[model.Metric]float64{model.TputPerGPU: 250, model.OutputTputPerGPU: 50, model.InputTputPerGPU: 200})
}

func TestShapeBenchServingGPUsFromRecipe(t *testing.T) {
	dir := t.TempDir()
	raw, _ := os.ReadFile(shape("results/bench/run_c8.json"))
	recipe := "name: r\nresources: {gpus_per_node: 4, agg_nodes: 1, agg_workers: 1}\nbackend: {sglang_config: {aggregated: {tp-size: 4, cuda-graph-max-bs: 8}}}\nbenchmark: {concurrencies: [8, 16]}\n"
	os.WriteFile(filepath.Join(dir, "run_c8.json"), raw, 0o644)
	os.WriteFile(filepath.Join(dir, "recipe.yaml"), []byte(recipe), 0o644)
	ds := LoadPaths([]string{dir}, Options{})
	p := cleanPoint(t, ds, "agg-tp4-b8-c8")
	metricIs(t, p, model.TputPerGPU, 250)
}

func TestShapeAPIRowsWrapped(t *testing.T) {
	ds := loadShape(t, "results/api-wrapped.json", Options{})
	noWarnings(t, ds)
	if len(ds.Points) != 2 || len(ds.Notices) != 1 || !strings.Contains(ds.Notices[0], "1 evaluation (accuracy) row is not a serving point; not read") {
		t.Fatalf("points %d notices %v", len(ds.Points), ds.Notices)
	}
	p := findPoint(t, ds, "agg-tp8-c16")
	metricsAre(t, p, map[model.Metric]float64{model.TputPerGPU: 2000, model.P90Intvty: 55.5})
	if p.Source != model.SourcePublished || p.GPUs() != 8 || p.Curve.Hardware != "tpuv7" || p.Curve.Scenario != "8k1k" {
		t.Errorf("%+v", p)
	}
}

func TestShapeAPIRowsByModel(t *testing.T) {
	ds := loadShape(t, "results/api-by-model.json", Options{})
	a := cleanPoint(t, ds, "agg-tp8-c8")
	metricIs(t, a, model.MedianIntvty, 40)
	b := findPoint(t, ds, "2p1d-dep4-dep16-c2048")
	metricIs(t, b, model.TputPerGPU, 9000)
	if b.GPUs() != 24 || b.Knobs.Prefill.GPUs != 4 || b.Source != model.SourcePublished || b.Curve.Model != "model-b" {
		t.Errorf("%+v", b)
	}
}

func TestShapeFlatRowsWrapped(t *testing.T) {
	ds := loadShape(t, "results/flat-wrapped.json", Options{})
	p := cleanPoint(t, ds, "agg-tp8-c16")
	metricsAre(t, p, map[model.Metric]float64{model.TputPerGPU: 2180.5, model.MeanIntvty: 64.5})
	if p.Source != model.SourceLocal || len(ds.Notices) != 1 {
		t.Errorf("source %s notices %v", p.Source, ds.Notices)
	}
}

func TestShapeReceiptRowsDerivePerGPU(t *testing.T) {
	ds := loadShape(t, "results/receipt-rows.json", Options{})
	p := cleanPoint(t, ds, "agg-tp8-c1")
	metricIs(t, p, model.OutputTputPerGPU, 12.5)
	if p.Metrics.Has(model.TputPerGPU) || p.Prov.DurationS != 60 || p.GPUs() != 8 {
		t.Errorf("%+v", p)
	}
}

func aiperfV0Is(t *testing.T, p *model.Point) {
	t.Helper()
	metricsAre(t, p, map[model.Metric]float64{
		model.TputPerGPU:       1250, // (20,000 + 5,000 tokens) / 10 s / 2 GPUs
		model.OutputTputPerGPU: 250, model.InputTputPerGPU: 1000, model.MeanIntvty: 50,
		model.MedianIntvty: 62.5, model.P90Intvty: 40, model.MeanTTFT: 0.2,
		model.P75E2EL: 4.5,
	})
	if p.Knobs.Concurrency != 8 || p.Curve.Model != "org/aiperf-model" || p.Prov.DurationS != 10 {
		t.Errorf("%+v", p)
	}
}

func TestShapeAIPerfRecordsWrapped(t *testing.T) {
	ds := loadShape(t, "results/aiperf-v0/profile_export_aiperf.json", Options{GPUs: 2})
	noWarnings(t, ds)
	aiperfV0Is(t, &ds.Points[0])
}

func TestShapeAIPerfCSV(t *testing.T) {
	ds := loadShape(t, "results/aiperf-v0/profile_export_aiperf.csv", Options{GPUs: 2})
	noWarnings(t, ds)
	if len(ds.Points) != 1 {
		t.Fatalf("%d points", len(ds.Points))
	}
	aiperfV0Is(t, &ds.Points[0])
	// Both exports of the run: one point, and a note saying why.
	ds = loadShape(t, "results/aiperf-v0", Options{GPUs: 2})
	noWarnings(t, ds)
	if len(ds.Points) != 1 || ds.Points[0].Prov.File != shape("results/aiperf-v0/profile_export_aiperf.json") ||
		len(ds.Notices) != 1 || !strings.Contains(ds.Notices[0], "the same run as") {
		t.Errorf("points %d notices %v", len(ds.Points), ds.Notices)
	}
	// Alone, without the JSON export or a concurrency<N> directory: said, skipped.
	csv, _ := os.ReadFile(shape("results/aiperf-v0/profile_export_aiperf.csv"))
	dir := filepath.Join(t.TempDir(), "run-concurrency24")
	os.Mkdir(dir, 0o755)
	os.WriteFile(filepath.Join(dir, "profile_export_aiperf.csv"), csv, 0o644)
	if ds = LoadPaths([]string{dir}, Options{GPUs: 2}); len(ds.Points) != 1 || ds.Points[0].Knobs.Concurrency != 24 {
		t.Errorf("concurrency from the directory: %+v", ds.Points)
	}
	ds = LoadBytes("elsewhere/profile_export_aiperf.csv", csv, Options{})
	if len(ds.Points) != 0 || len(ds.Warnings) != 1 || !strings.Contains(ds.Warnings[0].Msg, "no concurrency") {
		t.Errorf("alone: points %d warnings %v", len(ds.Points), ds.Warnings)
	}
}

// A point that carries no metric sweeptune reads is loaded with a warning.
func TestPointWithoutMetricsIsSaid(t *testing.T) {
	row := `[{"hw": "h100", "conc": 4, "model": "m", "tp": 8, "users": 4, "power_w": 500}]`
	ds := LoadBytes("empty.json", []byte(row), Options{})
	if len(ds.Points) != 1 || len(ds.Warnings) != 1 || !strings.Contains(ds.Warnings[0].Msg, "1 point has no metric") {
		t.Errorf("points %d warnings %v", len(ds.Points), ds.Warnings)
	}
}

// TestShapesDirectoryLoads: the whole fixture tree, as a user would load it.
func TestShapesDirectoryLoads(t *testing.T) {
	ds := LoadPaths([]string{shape("")}, Options{})
	var msgs []string
	for _, w := range ds.Warnings {
		msgs = append(msgs, filepath.Base(w.File)+": "+w.Msg)
	}
	// llm-d is not srt-slurm: the one line said. (run_c8 takes the GPUs of
	// the nearest recipe variant running concurrency 8.)
	if len(msgs) != 1 || !strings.Contains(msgs[0], "llm-d recipe") {
		t.Errorf("warnings:\n%s", strings.Join(msgs, "\n"))
	}
	if len(ds.Variants) != 15 || len(ds.Points) != 10 {
		t.Errorf("%d variants, %d points", len(ds.Variants), len(ds.Points))
	}
}

func TestShapeSchema1AggBundle(t *testing.T) {
	vs := recipeVariants(t, "recipes/s1-agg-bundle.yaml")
	if len(vs) != 1 || vs[0].Override != "override_c64" || vs[0].Name != "agg-vllm_c64" {
		t.Fatalf("%+v", vs)
	}
	k := vs[0].Knobs
	roleIs(t, "agg", k.Prefill, roleWant{1, 1, 4, 4, 4}, true)
	if k.Mode != model.ModeAgg || k.DecodeBS != 128 || k.Concurrency != 64 {
		t.Errorf("%+v", k)
	}
}
