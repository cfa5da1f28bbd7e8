package sources

import (
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/srt"
)

// The master config's newer fields are read: srt-recipe-dir places the
// rows' recipes, eval-srt-recipe and power are kept.
func TestMasterNewerFields(t *testing.T) {
	data := []byte(`dsr1-fp4-gb200-dynamo-trt:
  image: nvcr.io/x:1
  model: nvidia/DeepSeek-R1-0528-FP4-V2
  framework: dynamo-trt
  precision: fp4
  runner: gb200
  multinode: true
  disagg: true
  srt-recipe-dir: benchmarks/multi_node/srt-slurm-recipes
  eval-srt-recipe: evals/gsm8k.yaml
  power: true
  scenarios:
    fixed-seq-len:
    - isl: 1024
      osl: 1024
      search-space:
      - conc-list: [64]
        srt-recipe: trtllm/dsr1/1k1k.yaml:override_c64
      - conc-list: [128]
        srt-recipe-dir: other
        srt-recipe: a.yaml
`)
	mc, warns, err := srt.ParseMaster("m.yaml", data)
	if err != nil || len(warns) > 0 {
		t.Fatalf("%v %v", err, warns)
	}
	e := mc.Entries[0]
	if e.SrtRecipeDir != "benchmarks/multi_node/srt-slurm-recipes" || e.EvalSrtRecipe != "evals/gsm8k.yaml" || !e.Power {
		t.Errorf("entry %+v", e)
	}
	f, o := e.Scenarios[0].Rows[0].Selector()
	if f != "benchmarks/multi_node/srt-slurm-recipes/trtllm/dsr1/1k1k.yaml" || o != "override_c64" {
		t.Errorf("selector %q %q", f, o)
	}
	if f, _ := e.Scenarios[0].Rows[1].Selector(); f != "other/a.yaml" {
		t.Errorf("row's own dir: %q", f)
	}
}

// Files beside results that hold no point are named, never "unknown
// format", and skip nothing (no warning).
func TestNamedNonPointFiles(t *testing.T) {
	for name, c := range map[string]struct{ data, say string }{
		"profile_export.jsonl": {`{"metadata":{"x_request_id":"a"},"metrics":{"request_latency":{"value":1}}}` + "\n" + `{"metadata":{},"metrics":{}}` + "\n", "AIPerf per-record export"},
		"detailed_results.csv": {"user_id,request_idx,trace_id,timestamp,request_type\nUser-001,1,t,1.0,streaming\n", "multi-turn per-request trace"},
		"metrics_client.csv":   {"start_time_ms,relative_time_sec,ttft_ms,tpot_ms,latency_ms\n1,0,1,1,1\n", "per-request client metrics"},
		"metrics_server.csv":   {"timestamp_sec,relative_time_sec,kv_cache_usage_pct,x\n1,0,1,1\n", "server metrics time series"},
		"metrics_gpu.csv":      {"timestamp_sec,relative_time_sec,gpu_id,tx\n1,0,0,1\n", "GPU transfer time series"},
		"eplb.yaml":            {"initial_global_assignments:\n  0: [1, 2]\nnum_slots: 384\n", "(EPLB) config"},
		"cluster.yaml":         {"cluster: mi300x-amds\ndefault_partition: compute\ngpus_per_node: 8\n", "srt-slurm cluster config"},
		"config.yaml":          {"kv-cache-dtype: fp8\nmax-num-batched-tokens: 8192\n", "engine-args snippet"},
		"envoy.yaml":           {"static_resources:\n  listeners: []\n", "Envoy proxy config"},
		"chart.json":           {`[{"chartType":"interactivity","x_label":"x"}]`, "chart config"},
		"run_stats.json":       {`{"h100":{"n_success":30,"total":105}}`, "reliability stats"},
		"evals.json":           {`[{"model":"m","hw":"B200","conc":4,"task":"gsm8k","em_strict":0.9}]`, "evaluation (accuracy) rows"},
		"empty.json":           {"[]\n", "an empty JSON array"},
	} {
		ds := LoadBytes(name, []byte(c.data), Options{})
		if len(ds.Warnings) > 0 || len(ds.Points) > 0 || len(ds.Notices) != 1 || !strings.Contains(ds.Notices[0], c.say) {
			t.Errorf("%s: warnings %v, %d points, notices %v", name, ds.Warnings, len(ds.Points), ds.Notices)
		}
	}
}

// The srt-slurm benchmark manifest gives its results as points with the
// manifest's topology; multi-turn rows with users and no conc are points,
// a run with most requests failed is suspect.
func TestManifestAndMultiTurnRows(t *testing.T) {
	man := []byte(`manifest_version: "0.1"
metadata:
  name: dsv4-pro-8k1k-b300
artifacts:
  base_image:
    ref: nvcr.io/nvidia/tensorrt-llm/release:1.3.0rc23
  wheels:
    - name: ai-dynamo
model:
  served: deepseek-ai/DeepSeek-V4-Pro
topology:
  prefill: {num_workers: 2, tp: 4, ep: 4, dp_attn: 4, nodes: 1}
  decode: {num_workers: 1, tp: 8, ep: 8, dp_attn: 8, nodes: 1}
results:
  baseline:
    - point_id: 2p1d-b32-conc282
      metrics: {concurrency: 282, ttft_ms: 950.0, tpot_ms: 25.0, output_tput_tok_s: 22090.0}
`)
	ds := LoadBytes("manifest.yaml", man, Options{})
	if len(ds.Warnings) > 0 || len(ds.Points) != 1 {
		t.Fatalf("%v %d", ds.Warnings, len(ds.Points))
	}
	p := ds.Points[0]
	want := model.CurveKey{Model: "deepseek-ai/DeepSeek-V4-Pro", Scenario: "8k1k", Hardware: "b300", Framework: "dynamo-trt"}
	if p.Curve != want || p.GPUs() != 16 || p.Knobs.Concurrency != 282 {
		t.Errorf("point %+v curve %+v", p, p.Curve)
	}
	if v, _ := p.Metrics.Get(model.OutputTputPerGPU); v != 22090.0/8 {
		t.Errorf("output per GPU %v (over the 8 decode GPUs)", v)
	}
	if v, _ := p.Metrics.Get(model.MeanIntvty); v != 40 {
		t.Errorf("intvty %v", v)
	}
	row := []byte(`{"hw":"b200","users":128,"model":"nvidia/DeepSeek-R1-0528-FP4","infmax_model_prefix":"dsr1","framework":"vllm","precision":"fp4",
"scenario_type":"agentic-coding","is_multinode":false,"tp":8,"ep":8,"dp_attention":"false","num_requests_total":221,"num_requests_successful":138,
"mean_ttft":7.3,"total_tput_tps":6295.27007212625,"tput_per_gpu":786.9087590157812}`)
	ds = LoadBytes("agg_users128.json", row, Options{})
	if len(ds.Points) != 1 || ds.Points[0].Knobs.Concurrency != 128 {
		t.Fatalf("%+v %v", ds.Points, ds.Warnings)
	}
	if s := ds.Points[0].Suspicion; s == nil || s.Rule != model.RuleErrors || s.Why != "83 of 221 requests failed (38%, more than 5%)" {
		t.Errorf("suspicion %+v", s)
	}
}

func FuzzManifestAndNamed(f *testing.F) {
	for _, s := range []string{
		"manifest_version: \"0.1\"\nmetadata: {name: a-1k1k-h100}\ntopology: {decode: {tp: 8}}\nresults: {baseline: [{metrics: {concurrency: 4, tpot_ms: 0}}]}\n",
		"manifest_version: 2\nresults: [1, 2]\n",
		"manifest_version: \"0.1\"\ntopology: {prefill: {num_workers: -1, tp: x}}\nresults: {b: [{metrics: {concurrency: 9999999999}}]}\n",
		"{\"metadata\":{},\"metrics\":{}}\n{",
		"initial_global_assignments:\n  0: [",
		`[{"task":"t","em_strict":1}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		_ = LoadBytes("f.yaml", []byte(s), Options{})
	})
}

// srt-slurm 2.x recipes may give each role its own engine (vLLM prefill,
// TRT-LLM decode): each role's arguments are read in its engine's words.
func TestPerRoleEngines(t *testing.T) {
	data := []byte(`schema: 2
name: mixed-engines
model: {path: zai-org/GLM-5.1-FP8, container: "x:1"}
engine: sglang
resources: {gpus_per_node: 8}
roles:
  prefill:
    engine: vllm
    nodes: 1
    workers: 1
    args: {data-parallel-size: 8, enable-expert-parallel: true}
  decode:
    engine: {type: trtllm}
    nodes: 1
    workers: 1
    args: {tensor_parallel_size: 8, moe_expert_parallel_size: 8, enable_attention_dp: false}
benchmark: {concurrencies: [1]}
`)
	vs, warns := srt.ParseRecipe("mixed.yaml", data)
	if len(warns) > 0 || len(vs) != 1 {
		t.Fatalf("%v %v", vs, warns)
	}
	k := vs[0].Knobs
	if k.Prefill.EP != 8 || !k.Prefill.DPAttn || k.Decode.TP != 8 || k.Decode.EP != 8 || k.Decode.DPAttn {
		t.Errorf("prefill %+v decode %+v: each role not read in its own engine's arguments", k.Prefill, k.Decode)
	}
}
