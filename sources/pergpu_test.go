package sources

import (
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// The per-GPU throughputs follow the producer of each kind of result, as the
// InferenceX dashboard shows them: agentic results (AIPerf exports, AgentX
// aggregates, *_tput_tps receipts; utils/agentic/aggregation/
// process_agentic_result.py) divide input, output and total by ALL GPUs of
// the point; fixed-sequence benchmark_serving output (utils/process_result.py)
// divides input by the prefill GPUs and output by the decode GPUs.

// disaggVariant16 is 1 prefill worker of 2 GPUs + 1 decode worker of 6 GPUs at c16.
func disaggVariant16() Variant {
	return Variant{File: "run/recipe.yaml", Knobs: model.Knobs{Mode: model.ModeDisagg, Concurrency: 16,
		Prefill: model.Role{Workers: 1, GPUs: 2, TP: 2}, Decode: model.Role{Workers: 1, GPUs: 6, TP: 6}}}
}

func TestAIPerfDisaggPerGPUOverAllGPUs(t *testing.T) {
	ds := &Dataset{Variants: []Variant{disaggVariant16()}}
	loadFile("run/c16/profile_export_aiperf.json", readFixture(t, aiperfFixture), Options{}, ds)
	finish(ds, Options{})
	noWarnings(t, ds)
	p := findPoint(t, ds, "1p1d-tp2-tp6-c16")
	// The fixture's totals: 117,712 tok/s, 116,000 input, 1,712 output; 8 GPUs.
	metricIs(t, p, model.TputPerGPU, 117712.0/8)
	metricIs(t, p, model.InputTputPerGPU, 116000.0/8)
	metricIs(t, p, model.OutputTputPerGPU, 1712.0/8)
}

func TestReceiptRowDisaggPerGPUOverAllGPUs(t *testing.T) {
	row := `[{"model": "m", "hw": "gb200", "framework": "dynamo-sglang", "precision": "fp4", "conc": 64,
	  "disagg": true, "is_multinode": true, "prefill_num_workers": 1, "prefill_tp": 4, "prefill_ep": 4,
	  "decode_num_workers": 1, "decode_tp": 12, "decode_ep": 12, "num_prefill_gpu": 4, "num_decode_gpu": 12,
	  "total_tput_tps": 16000, "input_tput_tps": 12000, "output_tput_tps": 4000, "duration_seconds": 60}]`
	ds := LoadBytes("receipt.json", []byte(row), Options{})
	noWarnings(t, ds)
	p := findPoint(t, ds, "1p1d-tep4-tep12-c64")
	metricIs(t, p, model.TputPerGPU, 1000)
	metricIs(t, p, model.InputTputPerGPU, 750)
	metricIs(t, p, model.OutputTputPerGPU, 250)
}

func TestBenchServingDisaggPerGPUByRole(t *testing.T) {
	raw := `{"model_id": "org/m", "max_concurrency": 16, "duration": 60, "completed": 10,
	  "total_token_throughput": 16000, "output_throughput": 4000, "mean_tpot_ms": 10}`
	ds := &Dataset{Variants: []Variant{disaggVariant16()}}
	loadFile("run/bench_c16.json", []byte(raw), Options{}, ds)
	finish(ds, Options{})
	noWarnings(t, ds)
	p := findPoint(t, ds, "1p1d-tp2-tp6-c16")
	metricIs(t, p, model.TputPerGPU, 2000)
	metricIs(t, p, model.InputTputPerGPU, 6000) // 12,000 over the 2 prefill GPUs
	metricIs(t, p, model.OutputTputPerGPU, 4000.0/6)
	if !strings.HasSuffix(p.Prov.Recipe, "recipe.yaml") {
		t.Errorf("recipe %q", p.Prov.Recipe)
	}
}
