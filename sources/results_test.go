package sources

import (
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/internal/check"
	"github.com/sweeptune/sweeptune/model"
)

// sharedFormats is ../shared/formats beside the repository; tests that
// read the real samples skip when it is absent.
func sharedFormats(t *testing.T, rel string) string {
	t.Helper()
	p := filepath.Join("..", "..", "shared", "formats", rel)
	if _, err := os.Stat(p); err != nil {
		t.Skipf("shared sample %s absent", p)
	}
	return p
}

func fixture(rel string) string { return filepath.Join("..", "testdata", "results", rel) }

func metricIs(t *testing.T, p *model.Point, m model.Metric, want float64) {
	t.Helper()
	got, ok := p.Metrics.Get(m)
	if !ok {
		t.Errorf("%s: %s absent, want %v", p.ID, m.Name(), want)
		return
	}
	if math.Abs(got-want) > 1e-9*math.Max(1, math.Abs(want)) {
		t.Errorf("%s: %s = %v, want %v", p.ID, m.Name(), got, want)
	}
}

// metricsAre checks each metric of want (as metricIs), in declaration order.
func metricsAre(t *testing.T, p *model.Point, want map[model.Metric]float64) {
	t.Helper()
	for _, m := range slices.Sorted(maps.Keys(want)) {
		metricIs(t, p, m, want[m])
	}
}

// noticesSay reports each of wants that none of ds's notices says.
func noticesSay(t *testing.T, ds *Dataset, wants ...string) {
	t.Helper()
	check.Contains(t, "notices", strings.Join(ds.Notices, "\n"), wants...)
}

func findPoint(t *testing.T, ds *Dataset, id string) *model.Point {
	t.Helper()
	i := model.FindID(ds.Points, id)
	if i < 0 {
		var ids []string
		for _, p := range ds.Points {
			ids = append(ids, p.ID)
		}
		t.Fatalf("no point %s among %v", id, ids)
	}
	return &ds.Points[i]
}

// cleanPoint is point id of a load that warned of nothing.
func cleanPoint(t *testing.T, ds *Dataset, id string) *model.Point {
	t.Helper()
	noWarnings(t, ds)
	return findPoint(t, ds, id)
}

func noWarnings(t *testing.T, ds *Dataset) {
	t.Helper()
	for _, w := range ds.Warnings {
		t.Errorf("unexpected warning: %s", w)
	}
}

func TestAPIRowsSharedSample(t *testing.T) {
	path := sharedFormats(t, "dashboard/api-v1-benchmarks.excerpt.json")
	ds := LoadPaths([]string{path}, Options{})
	noWarnings(t, ds)
	if len(ds.Points) != 4 {
		t.Fatalf("%d points, want 4", len(ds.Points))
	}
	p := &ds.Points[0]
	want := model.CurveKey{Model: "dsr1", Scenario: "1k1k", Hardware: "mi355x", Framework: "sglang", Precision: "fp4", Spec: "none"}
	if p.Curve != want || p.Source != model.SourcePublished || p.ID != "agg-tp4-c4" || p.GPUs() != 4 {
		t.Errorf("first row: %+v %s %s gpus %d", p.Curve, p.Source, p.ID, p.GPUs())
	}
	metricsAre(t, p, map[model.Metric]float64{
		model.TputPerGPU: 180.65719659379948, model.MeanIntvty: 93.94473979699791, model.MedianTTFT: 0.10738262953236699,
		model.P99E2EL: 11.459643041286615, model.InputTputPerGPU: 90.76813862503164,
	})
	if p.Prov.Image != "lmsysorg/sglang:v0.5.9-rocm700-mi35x" || p.Prov.Date != "2026-02-27" ||
		!strings.HasSuffix(p.Prov.RunURL, "/22469096331/attempts/1") || p.Knobs.SpecDecoding != "none" {
		t.Errorf("provenance %+v spec %q", p.Prov, p.Knobs.SpecDecoding)
	}
	second := &ds.Points[1]
	if second.Curve.Scenario != "1k8k" || second.Prov.Image != "" || second.Metrics.Has(model.InputTputPerGPU) {
		t.Errorf("second row: scenario %q image %q input tput present %v", second.Curve.Scenario, second.Prov.Image, second.Metrics.Has(model.InputTputPerGPU))
	}
	if ds.Points[2].Curve.Scenario != "8k1k" {
		t.Errorf("third row scenario %q, want 8k1k", ds.Points[2].Curve.Scenario)
	}
	// One configuration on three curves: told apart by what differs.
	if second.ID != "agg-tp4-c4@1k8k" || ds.Points[2].ID != "agg-tp4-c4@8k1k" {
		t.Errorf("IDs %q %q, want agg-tp4-c4@1k8k and agg-tp4-c4@8k1k", second.ID, ds.Points[2].ID)
	}
}

func TestAgentXSharedSample(t *testing.T) {
	dir := sharedFormats(t, "results")
	ds := LoadPaths([]string{dir}, Options{})
	noWarnings(t, ds)
	if len(ds.Points) != 1 {
		t.Fatalf("%d points, want 1", len(ds.Points))
	}
	p := &ds.Points[0]
	want := model.CurveKey{Model: "deepseek-ai/DeepSeek-V4.1-Flash", Scenario: "agentic-coding", Hardware: "h100", Framework: "sglang", Precision: "fp4", Spec: "mtp"}
	if p.Curve != want || p.Source != model.SourceLocal || p.ID != "agg-tp8-c4" || p.GPUs() != 8 || p.Knobs.SpecDecoding != "mtp" {
		t.Errorf("point %+v %s %s gpus %d spec %s", p.Curve, p.Source, p.ID, p.GPUs(), p.Knobs.SpecDecoding)
	}
	for m, v := range map[model.Metric]float64{
		// Interactivity as the dashboard defines it: 1 / full-response ITL
		// (the file's intvty block says 99.21649, 113.25621, 61.90532).
		model.MeanIntvty: 1 / 0.01008, model.MedianIntvty: 1 / 0.00883, model.P90Intvty: 1 / 0.01615,
		model.E2ENormP75: 7.76004, model.E2ENormP90: 0.61802,
		model.MeanE2EL: 111.53501, model.MedianE2EL: 2.78754, model.P75E2EL: 214.40293, model.P90E2EL: 417.23579,
		model.MeanTTFT: 102.01531, model.MedianTTFT: 1.11157, model.P90TTFT: 389.69771,
		model.MeanTPOT: 0.01008, model.P90TPOT: 0.01615,
		model.TputPerGPU: 405.2768, model.OutputTputPerGPU: 3.2627, model.InputTputPerGPU: 402.0141,
	} {
		metricIs(t, p, m, v)
	}
	if p.Metrics.Has(model.P99E2EL) {
		t.Error("p99 E2EL present although the sample has no p99")
	}
	if p.Prov.DurationS != 3291.8332 || !strings.HasPrefix(p.Prov.Image, "lmsysorg/sglang:nightly-dev-cu13-20260923") {
		t.Errorf("provenance %+v", p.Prov)
	}
}

// Every JSON sample of the shared formats is detected by one of these
// parsers and loads without a warning.
func TestSharedJSONSamplesDetected(t *testing.T) {
	root := sharedFormats(t, ".")
	if real, err := filepath.EvalSymlinks(root); err == nil {
		root = real
	}
	n := 0
	filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".json") {
			return nil
		}
		n++
		data, _ := os.ReadFile(path)
		switch f := FormatName(data); f {
		case "InferenceX API rows", "AgentX aggregate":
		default:
			t.Errorf("%s detected as %q", path, f)
		}
		ds := LoadBytes(path, data, Options{})
		noWarnings(t, ds)
		if len(ds.Points) == 0 {
			t.Errorf("%s: no points", path)
		}
		return nil
	})
	if n < 2 {
		t.Errorf("found %d JSON samples, want at least 2", n)
	}
}

func TestFixtureAPIRows(t *testing.T) {
	ds := LoadPaths([]string{fixture("api-rows.json")}, Options{})
	noWarnings(t, ds)
	if len(ds.Points) != 3 {
		t.Fatalf("%d points, want 3", len(ds.Points))
	}
	p := findPoint(t, ds, "7p1d-dep2-dep16-c5540")
	if p.GPUs() != 30 || p.GPUCount != 0 || p.Knobs.Prefill.GPUs != 2 || p.Knobs.Decode.GPUs != 16 || !p.Knobs.Decode.DPAttn {
		t.Errorf("7P knobs %+v gpus %d", p.Knobs, p.GPUs())
	}
	metricsAre(t, p, map[model.Metric]float64{
		model.TputPerGPU: 1014363, model.MeanIntvty: 150.2, model.P90E2EL: 20.58,
		model.P75E2EL: 11.88,
	})
	if p.Curve.Scenario != "agentic-coding" || p.Knobs.SpecDecoding != "dspark" {
		t.Errorf("curve %+v spec %q", p.Curve, p.Knobs.SpecDecoding)
	}
	if q := findPoint(t, ds, "9p1d-dep2-dep16-c7480"); q.GPUs() != 34 {
		t.Errorf("9P GPUs %d, want 34", q.GPUs())
	}
	agg := findPoint(t, ds, "agg-tp4-c16")
	metricIs(t, agg, model.TputPerGPU, 29353)
	if agg.GPUs() != 4 || agg.Prov.RunURL != "" {
		t.Errorf("agg GPUs %d run url %q", agg.GPUs(), agg.Prov.RunURL)
	}
}

func TestFixtureFlatRows(t *testing.T) {
	ds := LoadPaths([]string{fixture("agg_bmk.json"), fixture("agg_5p-c2884.json")}, Options{})
	noWarnings(t, ds)
	if len(ds.Points) != 4 {
		t.Fatalf("%d points, want 4", len(ds.Points))
	}
	p := findPoint(t, ds, "3p1d-dep2-dep16-c700")
	if p.GPUs() != 22 || p.Source != model.SourceLocal || p.Curve.Hardware != "gb300" || p.Curve.Scenario != "1k1k" {
		t.Errorf("3P gpus %d source %s curve %+v", p.GPUs(), p.Source, p.Curve)
	}
	metricsAre(t, p, map[model.Metric]float64{model.TputPerGPU: 226225, model.MeanIntvty: 295.0})
	one := findPoint(t, ds, "agg-tp4-c1")
	if one.Knobs.Prefill.DPAttn || one.GPUs() != 4 {
		t.Errorf("agg c1 knobs %+v", one.Knobs.Prefill)
	}
	metricIs(t, one, model.P90E2EL, 5.17)
	five := findPoint(t, ds, "5p1d-dep2-dep16-c2884")
	metricsAre(t, five, map[model.Metric]float64{model.TputPerGPU: 715623, model.MedianTTFT: 0.91})
	if five.GPUs() != 26 {
		t.Errorf("5P GPUs %d, want 26", five.GPUs())
	}
}

func TestFixtureAgentX(t *testing.T) {
	ds := LoadPaths([]string{fixture("agentx-agg-7p-c5540.json")}, Options{})
	p := cleanPoint(t, ds, "7p1d-dep2-dep16-c5540")
	metricsAre(t, p, map[model.Metric]float64{
		model.TputPerGPU: 1033494, model.MeanIntvty: 150.7, model.P90Intvty: 157.5,
		model.E2ENormP90: 23.5, model.P90E2EL: 20.58,
	})
	if p.GPUs() != 30 || p.Prov.DurationS != 3600 || p.Curve.Hardware != "gb300" {
		t.Errorf("gpus %d duration %v hw %q", p.GPUs(), p.Prov.DurationS, p.Curve.Hardware)
	}
}

func TestFixtureDirectoryLoadsEverything(t *testing.T) {
	ds := LoadPaths([]string{fixture("")}, Options{GPUs: 4})
	noWarnings(t, ds)
	// 3 API rows + 4 flat + 1 AgentX + 1 AIPerf + 4 CSV.
	if len(ds.Points) != 13 || ds.Files != 6 {
		t.Errorf("%d points from %d files, want 13 from 6", len(ds.Points), ds.Files)
	}
	// The same shape and concurrency from two files: the second gets @source.
	if findPoint(t, ds, "7p1d-dep2-dep16-c5540@published").Source != model.SourcePublished {
		t.Error("the API row's 7P c5540 is not the published duplicate")
	}
	// --gpus gives the AIPerf export (no recipe loaded) its per-GPU throughput.
	metricIs(t, findPoint(t, ds, "aiperf-c16"), model.TputPerGPU, 29428)
}
