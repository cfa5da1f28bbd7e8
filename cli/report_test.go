package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/demo"
	"github.com/sweeptune/sweeptune/tui"
)

// reportPointOut is one report --json point as a script reads it.
type reportPointOut struct {
	ID         string             `json:"id"`
	Source     string             `json:"source"`
	GPUs       int                `json:"gpus"`
	Knobs      reportKnobsOut     `json:"knobs"`
	Metrics    map[string]float64 `json:"metrics"`
	OnFrontier bool               `json:"on_frontier"`
	HullVertex *bool              `json:"hull_vertex"`
}

type reportKnobsOut struct {
	Mode               string `json:"mode"`
	PrefillWorkers     int    `json:"prefill_workers"`
	PrefillGPUs        int    `json:"prefill_gpus"`
	DecodeWorkers      int    `json:"decode_workers"`
	DecodeGPUs         int    `json:"decode_gpus"`
	DecodeBS           int    `json:"decode_bs"`
	MaxRunningRequests int    `json:"max_running_requests"`
	Balance            string `json:"balance"`
	Concurrency        int    `json:"concurrency"`
}

// The demo's worked numbers come back from report --json to the digit.
func TestReportJSONReproducesDATA(t *testing.T) {
	// Every run of the dated demo sets (--all-dates): by default the sweep
	// published after the merge replaces the older runs of its configurations.
	out := runOK(t, "report", "--json", "--all-dates")
	var rep struct {
		Curves []struct {
			Points []reportPointOut `json:"points"`
		} `json:"curves"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	byID := map[string]reportPointOut{}
	for _, c := range rep.Curves {
		for _, p := range c.Points {
			byID[p.ID] = p
		}
	}
	want := []struct {
		id      string
		gpus    int
		metrics map[string]float64
	}{
		{"agg-tp4-c16@2026-10-29", 4, map[string]float64{"tput_per_gpu": 29428, "mean_intvty": 545.0}},
		{"agg-tep2-c16", 2, map[string]float64{"tput_per_gpu": 57670, "mean_intvty": 377.4, "p90_intvty": 292.4}},
		{"3p1d-dep2-dep16-b24-c1228@2026-10-29", 22, map[string]float64{"tput_per_gpu": 383313, "mean_intvty": 267.4, "p90_intvty": 283.3}},
		{"8p1d-dep2-dep16-c4096", 32, map[string]float64{"tput_per_gpu": 803198, "mean_intvty": 191.4}},
		{"9p1d-dep2-dep16-b160-c7480", 34, map[string]float64{"tput_per_gpu": 1094347, "mean_intvty": 111.1}},
		{"5p1d-dep2-dep16-b40-c2884", 26, map[string]float64{"tput_per_gpu": 717972, "mean_intvty": 221.9, "p90_intvty": 233.2, "e2e_norm_p90": 50.0}},
		{"7p1d-dep2-dep16-b96-c5540", 30, map[string]float64{"tput_per_gpu": 1033494, "mean_intvty": 150.7, "p90_intvty": 157.5, "e2e_norm_p90": 23.5}},
		{"9p1d-dep2-dep16-b192-c7480", 34, map[string]float64{"tput_per_gpu": 1117063, "mean_intvty": 101.6, "p90_intvty": 97.4, "e2e_norm_p90": 24.5}},
		{"3p1d-dep2-dep16-b18-c700", 22, map[string]float64{"tput_per_gpu": 222000, "mean_intvty": 290.2, "p90_intvty": 299.2, "e2e_norm_p90": 136.8}},
		{"3p1d-dep2-dep16-b24-c1228@local", 22, map[string]float64{"tput_per_gpu": 371000, "p90_intvty": 281.2, "e2e_norm_p90": 91.1}},
		{"agg-tp4-c1", 4, map[string]float64{"tput_per_gpu": 8244, "p90_e2el": 5.17, "p75_e2el": 2.76}},
		{"agg-tp4-c4", 4, map[string]float64{"tput_per_gpu": 10371, "p90_e2el": 6.18, "p75_e2el": 2.65}},
		{"agg-tp4-c16@2026-11-06", 4, map[string]float64{"tput_per_gpu": 29353, "mean_intvty": 523.6, "p90_e2el": 6.31, "p75_e2el": 2.91}},
		{"3p1d-dep2-dep16-b18-c700@published", 22, map[string]float64{"tput_per_gpu": 226225, "mean_intvty": 295.0, "p90_e2el": 8.12, "p75_e2el": 3.67}},
		{"3p1d-dep2-dep16-b24-c1228@2026-11-06", 22, map[string]float64{"tput_per_gpu": 383628, "p90_e2el": 9.13, "p75_e2el": 4.30}},
		{"5p1d-dep2-dep16-b40-c2884@published", 26, map[string]float64{"tput_per_gpu": 715623, "mean_intvty": 220.3, "p90_e2el": 12.74, "p75_e2el": 6.49}},
		{"7p1d-dep2-dep16-b96-c5540@published", 30, map[string]float64{"tput_per_gpu": 1014363, "mean_intvty": 150.2, "p90_e2el": 20.58, "p75_e2el": 11.88}},
		{"9p1d-dep2-dep16-b192-c7480@published", 34, map[string]float64{"tput_per_gpu": 1113381, "mean_intvty": 103.0, "p90_e2el": 26.51, "p75_e2el": 13.79}},
		{"vllm-p90-75-5", 0, map[string]float64{"tput_per_gpu": 1011514, "p90_intvty": 75.5}},
		{"vllm-p90-145-6", 0, map[string]float64{"tput_per_gpu": 993521, "p90_intvty": 145.6}},
		{"vllm-p90-196-5", 0, map[string]float64{"tput_per_gpu": 954146, "p90_intvty": 196.5}},
	}
	if len(byID) != len(want) {
		t.Errorf("report has %d points, want %d", len(byID), len(want))
	}
	for _, w := range want {
		p, ok := byID[w.id]
		if !ok {
			t.Errorf("%s missing from report", w.id)
			continue
		}
		if p.GPUs != w.gpus {
			t.Errorf("%s gpus = %d, want %d", w.id, p.GPUs, w.gpus)
		}
		if len(p.Metrics) != len(w.metrics) {
			t.Errorf("%s metrics = %v, want exactly %v (absent values left out)", w.id, p.Metrics, w.metrics)
		}
		for k, v := range w.metrics {
			if p.Metrics[k] != v {
				t.Errorf("%s %s = %v, want %v", w.id, k, p.Metrics[k], v)
			}
		}
	}
	// Knobs of the retuned point, as the PR states them.
	k := byID["7p1d-dep2-dep16-b96-c5540"].Knobs
	if k != (reportKnobsOut{Mode: "disagg", PrefillWorkers: 7, PrefillGPUs: 2, DecodeWorkers: 1, DecodeGPUs: 16,
		DecodeBS: 96, MaxRunningRequests: 1536, Balance: "total_tokens", Concurrency: 5540}) {
		t.Errorf("7P knobs = %+v", k)
	}
	// On p90 interactivity, 9P BS192 (97.4 @ 1,117,063) is the throughput end of the frontier.
	if !byID["9p1d-dep2-dep16-b192-c7480"].OnFrontier || byID["3p1d-dep2-dep16-b24-c1228@local"].OnFrontier {
		t.Error("frontier flags wrong on p90-intvty")
	}
}

func TestReportTextShowsEveryCurveAndPlot(t *testing.T) {
	out, _, code := runCmd(t, "report", "--x", "mean-intvty")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	wantAll(t, out, "dynamo-sglang", "vllm", "7p1d-dep2-dep16-b96-c5540", "1,033,494", "150.7", "└", "x: mean-intvty (linear, tok/s/user, higher is better)   y: tput-per-gpu (tok/s/GPU)")
}

func TestReportBadInputExitsTwoAndKeepsGoodFiles(t *testing.T) {
	dir := t.TempDir()
	good := "curve: {model: m, hardware: h, framework: f, precision: p, scenario: s}\nsource: local\npoints:\n" +
		"  - {mode: agg, agg: {workers: 1, gpus: 4, tp: 4}, concurrency: 8, metrics: {tput-per-gpu: 100, mean-intvty: 50}}\n"
	os.WriteFile(filepath.Join(dir, "good.yaml"), []byte(good), 0o644)
	os.WriteFile(filepath.Join(dir, "empty.json"), nil, 0o644)
	out, stderr, code := runCmd(t, "report", "--json", dir)
	if code != 2 {
		t.Errorf("exit %d, want 2", code)
	}
	if !strings.Contains(stderr, "empty.json: empty file") {
		t.Errorf("stderr %q does not name the bad file", stderr)
	}
	if !strings.Contains(out, `"agg-tp4-c8"`) {
		t.Errorf("good file not loaded: %s", out)
	}
}

func TestUnknownAxisAndCommand(t *testing.T) {
	if _, stderr, code := runCmd(t, "report", "--x", "speed"); code != 2 || !strings.Contains(stderr, "p90-intvty") {
		t.Errorf("unknown axis: exit %d, stderr %q", code, stderr)
	}
	if _, _, code := runCmd(t, "frobnicate"); code != 2 {
		t.Errorf("unknown command: exit %d", code)
	}
}

// Not a terminal and no subcommand: the report.
func TestNoSubcommandOffTerminalPrintsReport(t *testing.T) {
	out, _, code := runCmd(t)
	if code != 0 || !strings.Contains(out, "on frontier") {
		t.Errorf("exit %d, out %q", code, out[:min(len(out), 200)])
	}
}

// On mean interactivity the A+B curve is not concave: 3P c1228 is a
// frontier point but not a hull vertex (the demo's worked results).
func TestReportMarksHullVertices(t *testing.T) {
	dir := t.TempDir()
	names, data := demoFiles()
	for i, n := range names {
		if strings.Contains(n, "a-published") || strings.Contains(n, "b-local") {
			os.WriteFile(filepath.Join(dir, filepath.Base(strings.TrimPrefix(n, "demo:"))), data[i], 0o644)
		}
	}
	out, _, code := runCmd(t, "report", "--json", "--x", "mean-intvty", dir)
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var rep struct {
		Curves []struct {
			Points []reportPointOut `json:"points"`
		} `json:"curves"`
	}
	json.Unmarshal([]byte(out), &rep)
	hull := map[string]bool{}
	for _, p := range rep.Curves[0].Points {
		if p.HullVertex != nil {
			hull[p.ID] = *p.HullVertex
		}
	}
	if v, ok := hull["3p1d-dep2-dep16-b24-c1228"]; !ok || v {
		t.Errorf("3P c1228: frontier %v, hull vertex %v; want a frontier point under the hull", ok, v)
	}
	if !hull["9p1d-dep2-dep16-b192-c7480"] || !hull["agg-tp4-c16"] {
		t.Errorf("ends of the curve must be hull vertices: %v", hull)
	}
}

func demoFiles() ([]string, [][]byte) { return demo.Files() }

// TestReportAndWorkbenchStartOnTheSameAxis: an engineer who reads the
// report and opens the workbench sees the same x axis.
func TestReportAndWorkbenchStartOnTheSameAxis(t *testing.T) {
	out, _, code := runCmd(t, "report", "--json")
	var rep struct {
		Axis string `json:"axis"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil || code != 0 {
		t.Fatalf("report --json: exit %d, %v", code, err)
	}
	wb := tui.New(tui.Options{Theme: "none"}).State().X.Name
	if rep.Axis != wb || wb != model.DefaultXAxis.Name {
		t.Errorf("report starts on %s, the workbench on %s, the default is %s", rep.Axis, wb, model.DefaultXAxis.Name)
	}
}

// TestReportCSVCarriesTheKnobs: every point's workers and shapes, BS, MRR,
// balancing, concurrency, run length, source and date are in the CSV, so
// the PR's points table can be built from it; an unstated knob is empty.
func TestReportCSVCarriesTheKnobs(t *testing.T) {
	out := runOK(t, "report", "--csv", "--x", "mean-intvty")
	wantAll(t, out,
		",9p1d-dep2-dep16-b192-c7480,9P c7480 BS192,local,2026-11-03,34,7480,101.6,1117063,hull vertex,disagg,9,dep2,2,5,1,dep16,16,4,192,3072,,total_requests,dspark,3600,demo:b-local-retune.yaml,lmsysorg/sglang:nightly-dev-cu13-20261030-302b78cc,,,,,\n",
		",3p1d-dep2-dep16-b18-c700,3P c700 BS18,local,2026-11-05,22,700,290.2,222000,short run,disagg,3,dep2,2,2,1,dep16,16,4,18,288,27,total_tokens,dspark,1200,",
		",,,,no pairs\n", // the 1200 s run has no pairs: not projected, on no frontier (docs/noise.md)
		",8p1d-dep2-dep16-c4096,8P c4096,published,2026-10-29,32,4096,191.4,803198,frontier,disagg,8,dep2,2,4,1,dep16,16,4,,,,,dspark,,demo:a-published-before.yaml,,,,,,\n",
	)
}
