package sources

import (
	"math"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// Both srtctl layouts beside published rows of the same model and
// hardware make ONE curve: the 2.x job's curve comes from its recipe and
// metadata, the older job's from its metadata and the one published curve
// that matches what it gives. One point per job and concurrency.
func TestSrtctlRunsJoinThePublishedCurve(t *testing.T) {
	ds := LoadPaths([]string{"../testdata/srtctl"}, Options{})
	for _, w := range ds.Warnings {
		t.Errorf("warning: %s", w)
	}
	curves := model.GroupCurves(ds.Points)
	if len(curves) != 1 {
		for _, c := range curves {
			t.Logf("curve %s: %d points", c.Key, len(c.Points))
		}
		t.Fatalf("%d curves, want 1", len(curves))
	}
	want := model.CurveKey{Model: "dsr1", Scenario: "1k1k", Hardware: "gb200", Framework: "dynamo-trt", Precision: "fp4", Spec: "mtp"}
	if curves[0].Key != want {
		t.Errorf("curve %+v, want %+v", curves[0].Key, want)
	}
	type row struct {
		src  model.Source
		conc int
	}
	got := map[row]*model.Point{}
	for i := range ds.Points {
		p := &ds.Points[i]
		r := row{p.Source, p.Knobs.Concurrency}
		if got[r] != nil {
			t.Errorf("%s c%d twice: %s and %s", p.Source, r.conc, got[r].Prov.File, p.Prov.File)
		}
		got[r] = p
	}
	if len(ds.Points) != 7 {
		t.Errorf("%d points, want 7 (2.x c64 c128, older c16 c32, published c16 c64 c256)", len(ds.Points))
	}
	// 2.x c64: the per-concurrency file wins over both rollups; its knobs
	// are the recipe's, its total throughput 24,000 tok/s over 24 GPUs.
	p := got[row{model.SourceLocal, 64}]
	if p == nil {
		t.Fatal("no local c64")
	}
	if !strings.HasSuffix(p.Prov.File, "results_concurrency_64_gpus_24_ctx_8_gen_16.json") {
		t.Errorf("c64 read from %s", p.Prov.File)
	}
	if k := p.Knobs; k.Mode != model.ModeDisagg || k.Prefill.Workers != 2 || k.Prefill.GPUs != 4 || k.Decode.GPUs != 16 || k.DecodeBS != 64 || p.GPUs() != 24 {
		t.Errorf("c64 knobs %+v (GPUs %d)", k, p.GPUs())
	}
	if v, _ := p.Metrics.Get(model.TputPerGPU); v != 1000 {
		t.Errorf("c64 tput-per-gpu %v, want 1000", v)
	}
	if !strings.HasSuffix(p.Prov.Recipe, "config.yaml") || p.Prov.Image != "nvcr.io/nvidia/ai-dynamo/tensorrtllm-runtime:0.5.1" {
		t.Errorf("c64 provenance %+v", p.Prov)
	}
	// The older job: GPUs from run_metadata (2 prefill nodes × 4 / 2
	// workers, 4 decode nodes × 4): 24; c16's 8,400 tok/s → 350 per GPU.
	old := got[row{model.SourceLocal, 16}]
	if old == nil || old.GPUs() != 24 || old.Knobs.Prefill.GPUs != 4 || old.Knobs.Decode.GPUs != 16 {
		t.Fatalf("older job c16: %+v", old)
	}
	if v, _ := old.Metrics.Get(model.TputPerGPU); v != 350 {
		t.Errorf("older c16 tput-per-gpu %v, want 350", v)
	}
	// c32 "succeeded" with 0 output tokens: suspect, named, off the frontier.
	zero := got[row{model.SourceLocal, 32}]
	if zero == nil || zero.SuspectRule() != model.RuleZeroOutput || !strings.Contains(zero.Suspicion.Why, "0 output tokens") {
		t.Fatalf("0-token run: %+v", zero)
	}
	for _, i := range model.Frontier(curves[0].Points, model.AxisMeanIntvty, model.AxisTputPerGPU) {
		if curves[0].Points[i].Suspect() {
			t.Errorf("suspect %s on the frontier", curves[0].Points[i].ID)
		}
	}
	noticesSay(t, ds,
		"benchmark-rollup.json: the same runs as ",
		"benchmark-rollup.csv: the same runs as ",
		"concurrency_16.json: its point's curve scenario, hardware taken from job metadata 3667.json",
		"taken from the one curve that matches every field its files give",
	)
}

// The rollup alone (a job whose per-concurrency files were not copied)
// still gives its points, GPUs from the job's recipe.
func TestSrtctlRollupAlone(t *testing.T) {
	dir := "../testdata/srtctl/outputs/41234/"
	ds := LoadPaths([]string{dir + "41234.json", dir + "config.yaml", dir + "logs/benchmark-rollup.json"}, Options{})
	if len(ds.Warnings) > 0 || len(ds.Points) != 2 {
		t.Fatalf("%d points, warnings %v", len(ds.Points), ds.Warnings)
	}
	for _, p := range ds.Points {
		want := map[int]float64{64: 1000, 128: 1600}[p.Knobs.Concurrency]
		if v, _ := p.Metrics.Get(model.TputPerGPU); v != want || p.GPUs() != 24 || p.Curve.Hardware != "gb200" {
			t.Errorf("c%d: tput-per-gpu %v (want %v), GPUs %d, curve %s", p.Knobs.Concurrency, v, want, p.GPUs(), p.Curve)
		}
	}
	csv := LoadPaths([]string{dir + "41234.json", dir + "logs/benchmark-rollup.csv"}, Options{})
	if len(csv.Points) != 2 || csv.Points[0].GPUs() != 24 {
		t.Fatalf("CSV: %+v %v", csv.Points, csv.Warnings)
	}
	if v, _ := csv.Points[0].Metrics.Get(model.TputPerGPU); v != 1000 {
		t.Errorf("CSV c64 tput-per-gpu %v", v)
	}
}

// A job directory with both rollups and no per-concurrency file: the JSON
// gives means and p99s, the CSV medians; the point keeps all of them.
func TestSrtctlRollupsKeepMedians(t *testing.T) {
	dir := "../testdata/srtctl/outputs/41234/"
	ds := LoadPaths([]string{dir + "41234.json", dir + "config.yaml", dir + "logs/benchmark-rollup.json", dir + "logs/benchmark-rollup.csv"}, Options{})
	if len(ds.Warnings) > 0 || len(ds.Points) != 2 {
		t.Fatalf("%d points, warnings %v", len(ds.Points), ds.Warnings)
	}
	for _, p := range ds.Points {
		if p.Knobs.Concurrency != 128 {
			continue
		}
		for m, want := range map[model.Metric]float64{model.MedianTPOT: 0.0125, model.MedianIntvty: 80, model.MedianTTFT: 0.29} {
			if v, ok := p.Metrics.Get(m); !ok || math.Abs(v-want) > 1e-9 {
				t.Errorf("c128 %s = %v (present %v), want %v from the CSV", m.Name(), v, ok, want)
			}
		}
		if v, ok := p.Metrics.Get(model.MeanTPOT); !ok || v <= 0 {
			t.Errorf("c128 mean-tpot from the JSON lost: %v", v)
		}
		return
	}
	t.Fatal("no c128 point")
}

func FuzzSrtctlFiles(f *testing.F) {
	for _, s := range []string{
		`{"version":"2.0","job_id":"1","resources":{"gpus_per_node":4,"prefill_nodes":1},"backend_type":"sglang","benchmark":{"isl":1024}}`,
		`{"run_metadata":{"slurm_job_id":"3","prefill_nodes":"x"},"profiler_metadata":{"isl":"1024"}}`,
		`{"benchmark_type":"sa-bench","config":{"model":"m","isl":1024},"runs":[{"concurrency":4,"throughput_toks":10,"total_input_tokens":1,"total_output_tokens":0}]}`,
		`{"benchmark_type":"mooncake-router","data":{}}`,
		"Config,Total GPU Count,Concurrency,Total Token Throughput\nx,8,4,100\nx,8,,\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, name := range []string{"run/1.json", "run/logs/benchmark-rollup.csv"} {
			ds := LoadBytes(name, []byte(s), Options{})
			_ = ds
		}
	})
}
