package sources

import (
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/srt"
)

// The per-GPU throughputs follow the producer of each kind of result, as the
// InferenceX dashboard shows them: agentic results (AIPerf exports, AgentX
// aggregates, *_tput_tps receipts; utils/agentic/aggregation/
// process_agentic_result.py) divide input, output and total by ALL GPUs of
// the point; fixed-sequence benchmark_serving output (utils/process_result.py)
// divides input by the prefill GPUs and output by the decode GPUs.

// disaggVariant16 is 1 prefill worker of 2 GPUs + 1 decode worker of 6 GPUs at c16.
func disaggVariant16() srt.Variant {
	return srt.Variant{File: "run/recipe.yaml", Knobs: model.Knobs{Mode: model.ModeDisagg, Concurrency: 16,
		Prefill: model.Role{Workers: 1, GPUs: 2, TP: 2}, Decode: model.Role{Workers: 1, GPUs: 6, TP: 6}}}
}

func TestAIPerfDisaggPerGPUOverAllGPUs(t *testing.T) {
	ds := &Dataset{Variants: []srt.Variant{disaggVariant16()}}
	loadFile("run/c16/profile_export_aiperf.json", readFixture(t, aiperfFixture), Options{}, ds)
	finish(ds, Options{})
	p := cleanPoint(t, ds, "1p1d-tp2-tp6-c16")
	// The fixture's totals: 117,712 tok/s, 116,000 input, 1,712 output; 8 GPUs.
	metricsAre(t, p, map[model.Metric]float64{
		model.TputPerGPU: 117712.0 / 8, model.InputTputPerGPU: 116000.0 / 8, model.OutputTputPerGPU: 1712.0 / 8,
	})
}

func TestReceiptRowDisaggPerGPUOverAllGPUs(t *testing.T) {
	row := `[{"model": "m", "hw": "gb200", "framework": "dynamo-sglang", "precision": "fp4", "conc": 64,
	  "disagg": true, "is_multinode": true, "prefill_num_workers": 1, "prefill_tp": 4, "prefill_ep": 4,
	  "decode_num_workers": 1, "decode_tp": 12, "decode_ep": 12, "num_prefill_gpu": 4, "num_decode_gpu": 12,
	  "total_tput_tps": 16000, "input_tput_tps": 12000, "output_tput_tps": 4000, "duration_seconds": 60}]`
	ds := LoadBytes("receipt.json", []byte(row), Options{})
	p := cleanPoint(t, ds, "1p1d-tep4-tep12-c64")
	metricsAre(t, p, map[model.Metric]float64{
		model.TputPerGPU: 1000, model.InputTputPerGPU: 750, model.OutputTputPerGPU: 250,
	})
}

func TestBenchServingDisaggPerGPUByRole(t *testing.T) {
	raw := `{"model_id": "org/m", "max_concurrency": 16, "duration": 60, "completed": 10,
	  "total_token_throughput": 16000, "output_throughput": 4000, "mean_tpot_ms": 10}`
	ds := &Dataset{Variants: []srt.Variant{disaggVariant16()}}
	loadFile("run/bench_c16.json", []byte(raw), Options{}, ds)
	finish(ds, Options{})
	p := cleanPoint(t, ds, "1p1d-tp2-tp6-c16")
	metricsAre(t, p, map[model.Metric]float64{
		model.TputPerGPU:       2000,
		model.InputTputPerGPU:  6000, // 12,000 over the 2 prefill GPUs
		model.OutputTputPerGPU: 4000.0 / 6,
	})
	if !strings.HasSuffix(p.Prov.Recipe, "recipe.yaml") {
		t.Errorf("recipe %q", p.Prov.Recipe)
	}
}

// A result takes the knobs (and GPUs) of a recipe of its own model only: the
// AIPerf example of openai/gpt-oss-20b at c100 is not a DeepSeek-R1 recipe's
// c100 point.
func TestAIPerfJoinsOnlyItsModelsRecipe(t *testing.T) {
	other := disaggVariant16()
	other.Models = []string{"dsr1"}
	ds := &Dataset{Variants: []srt.Variant{other}}
	loadFile("run/c16/profile_export_aiperf.json", readFixture(t, aiperfFixture), Options{}, ds)
	finish(ds, Options{})
	if len(ds.Points) != 1 || ds.Points[0].Knobs.Mode != "" || ds.Points[0].Metrics.Has(model.TputPerGPU) {
		t.Fatalf("joined another model's recipe: %+v", ds.Points)
	}
	if len(ds.Warnings) != 1 || !strings.Contains(ds.Warnings[0].Msg, "no recipe variant of deepseek-ai/DeepSeek-V4.1-Flash with concurrency 16") {
		t.Errorf("warnings %v", ds.Warnings)
	}
	own := disaggVariant16()
	own.Models = []string{"hf:deepseek-ai/DeepSeek-V4.1-Flash"}
	ds = &Dataset{Variants: []srt.Variant{other, own}}
	loadFile("run/c16/profile_export_aiperf.json", readFixture(t, aiperfFixture), Options{}, ds)
	finish(ds, Options{})
	noWarnings(t, ds)
	findPoint(t, ds, "1p1d-tp2-tp6-c16")
}

func TestSameModel(t *testing.T) {
	for _, tc := range []struct {
		result string
		recipe []string
		want   bool
	}{
		{"deepseek-ai/DeepSeek-R1-0528", []string{"dsr1"}, true},
		{"deepseek-ai/DeepSeek-R1-0528", []string{"dsr1-fp8"}, true},
		{"deepseek-ai/DeepSeek-V4.1-Flash", []string{"hf:deepseek-ai/DeepSeek-V4.1-Flash"}, true},
		{"moonshotai/Kimi-K3", []string{"kimi-k3"}, true},
		{"meta-llama/Llama-3.3-70B-Instruct", []string{"llama3.3-70b"}, true},
		{"Qwen/Qwen3-0.6B", []string{"Qwen/Qwen3.5-397B-A17B-FP8"}, false},
		{"Qwen/Qwen3-0.6B", []string{"/models/qwen3-0.6b/"}, true},
		{"openai/gpt-oss-20b", []string{"dsr1"}, false},
		{"deepseek-ai/DeepSeek-R1", []string{"deepseek-v4-pro"}, false},
		{"openai/gpt-oss-20b", nil, true},
		{"", []string{"dsr1"}, true},
		{"openai/gpt-oss-20b", []string{"dsr1", "openai/gpt-oss-20b"}, true},
	} {
		if got := sameModel(tc.result, tc.recipe); got != tc.want {
			t.Errorf("sameModel(%q, %q) = %v", tc.result, tc.recipe, got)
		}
	}
}

// The recipe's names for its model are read in every dialect.
func TestRecipeModels(t *testing.T) {
	recipe := "name: r\nmodel: {path: dsr1, container: c}\nresources: {gpus_per_node: 8, agg_nodes: 1, agg_workers: 1}\n" +
		"backend: {sglang_config: {aggregated: {tp-size: 8, served-model-name: deepseek-ai/DeepSeek-R1}}}\nbenchmark: {concurrencies: [8]}\n"
	ds := LoadBytes("r.yaml", []byte(recipe), Options{})
	noWarnings(t, ds)
	if len(ds.Variants) != 1 || strings.Join(ds.Variants[0].Models, ",") != "deepseek-ai/DeepSeek-R1,dsr1" {
		t.Errorf("%+v", ds.Variants)
	}
}

// An AIPerf CSV read from its JSON twin says nothing of its own: one
// warning for the run, not two.
func TestAIPerfCSVTwinWarnsOnce(t *testing.T) {
	ds := loadShape(t, "results/aiperf-v0", Options{})
	if len(ds.Points) != 1 || len(ds.Warnings) != 1 || !strings.HasSuffix(ds.Warnings[0].File, ".json") ||
		!strings.Contains(ds.Warnings[0].Msg, "per-GPU throughput unknown") {
		t.Errorf("points %d warnings %v", len(ds.Points), ds.Warnings)
	}
}
