package sources

import (
	"archive/zip"
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

const dumpDir = "../testdata/dump/inferencex-dump-2026-05-01"

func checkDump(t *testing.T, ds *Dataset) {
	t.Helper()
	if len(ds.Warnings) > 0 {
		t.Errorf("warnings %v", ds.Warnings)
	}
	type key struct {
		hw   string
		conc int
	}
	got := map[key]model.Point{}
	for _, p := range ds.Points {
		if p.Source != model.SourcePublished {
			t.Errorf("%s: source %s", p.ID, p.Source)
		}
		got[key{p.Curve.Hardware, p.Knobs.Concurrency}] = p
	}
	if len(ds.Points) != 3 {
		t.Fatalf("%d points, want 3 (the superseded attempt and the failed row left out)", len(ds.Points))
	}
	p := got[key{"gb200", 64}]
	if v, _ := p.Metrics.Get(model.TputPerGPU); v != 980 {
		t.Errorf("gb200 c64 tput %v: not attempt 2's", v)
	}
	if p.Prov.RunURL != "https://github.com/SemiAnalysisAI/InferenceX/actions/runs/500/attempts/2" || p.Prov.Date != "2026-04-20" {
		t.Errorf("provenance %+v", p.Prov)
	}
	want := model.CurveKey{Model: "dsr1", Scenario: "1k1k", Hardware: "gb200", Framework: "dynamo-trt", Precision: "fp4", Spec: "mtp"}
	if p.Curve != want || p.GPUs() != 24 || p.Knobs.Prefill.Workers != 2 || !p.Knobs.Decode.DPAttn {
		t.Errorf("gb200 c64: curve %+v knobs %+v", p.Curve, p.Knobs)
	}
	agg := got[key{"mi355x", 8}]
	if agg.Knobs.Mode != model.ModeAgg || agg.GPUs() != 8 || agg.Curve.Scenario != "8k1k" {
		t.Errorf("mi355x c8: %+v %+v", agg.Knobs, agg.Curve)
	}
	noticesSay(t, ds, "left out, as the dashboard leaves them: 1 failed (error set), 1 of a superseded run attempt", "run_stats table")
}

// The unpacked dump directory and its zip give the same points: joined on
// config_id, the highest run_attempt of each run.
func TestDashboardDump(t *testing.T) {
	checkDump(t, LoadPaths([]string{filepath.Dir(dumpDir)}, Options{}))

	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	entries, err := os.ReadDir(dumpDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dumpDir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		w, _ := zw.Create("inferencex-dump-2026-05-01/" + e.Name())
		w.Write(data)
	}
	zw.Close()
	zds := LoadBytes("inferencex-dump-2026-05-01.zip", buf.Bytes(), Options{})
	checkDump(t, zds)
	for _, p := range zds.Points {
		if !strings.HasPrefix(p.Prov.File, "inferencex-dump-2026-05-01.zip/") {
			t.Errorf("file %q", p.Prov.File)
		}
	}
}

// Results without their configs say so; a config_id configs.json lacks is
// named.
func TestDashboardDumpHalves(t *testing.T) {
	ds := LoadPaths([]string{dumpDir + "/benchmark_results.json"}, Options{})
	if len(ds.Points) != 0 || len(ds.Warnings) != 1 || !strings.Contains(ds.Warnings[0].Msg, "without configs.json") {
		t.Errorf("%v", ds.Warnings)
	}
	ds = LoadFiles([]string{"d/configs.json", "d/benchmark_results.json"}, [][]byte{
		[]byte(`[{"id":1,"hardware":"h100","framework":"vllm","model":"dsr1","precision":"fp8","spec_method":"none","disagg":false,"prefill_tp":8,"prefill_num_workers":0,"num_prefill_gpu":8,"num_decode_gpu":8}]`),
		[]byte(`[{"id":"1","workflow_run_id":"1","config_id":7,"benchmark_type":"single_turn","date":"2026-01-01","isl":1024,"osl":1024,"conc":4,"metrics":{"tput_per_gpu":1},"error":null}]`),
	}, Options{})
	if len(ds.Points) != 0 || len(ds.Warnings) != 1 || !strings.Contains(ds.Warnings[0].String(), "1 rows name a config that configs.json does not hold") {
		t.Errorf("%v", ds.Warnings)
	}
}

func FuzzDashboardDump(f *testing.F) {
	f.Add(`[{"id":1,"hardware":"h100","framework":"vllm","model":"m","precision":"fp8","spec_method":"none","prefill_num_workers":0,"num_prefill_gpu":8}]`,
		`[{"id":"1","workflow_run_id":"x","config_id":1,"benchmark_type":"t","isl":1,"osl":1,"conc":1,"metrics":{"tput_per_gpu":-1},"error":null}]`,
		`[{"id":"1","github_run_id":"2","run_attempt":"3"}]`)
	f.Fuzz(func(t *testing.T, c, r, w string) {
		_ = LoadFiles([]string{"d/configs.json", "d/benchmark_results.json", "d/workflow_runs.json"}, [][]byte{[]byte(c), []byte(r), []byte(w)}, Options{})
		_ = LoadBytes("d.zip", append([]byte("PK\x03\x04"), r...), Options{})
	})
}
