package cli

import (
	"encoding/json"
	"math"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"
)

const planFit = "3p1d-dep2-dep16-b24-c1228@2026-10-29,5p1d-dep2-dep16-b40-c2884,9p1d-dep2-dep16-b192-c7480"

func planRun(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	return runCmd(t, append([]string{"plan"}, args...)...)
}

func planJSONMap(t *testing.T, args ...string) map[string]any {
	t.Helper()
	out := runOK(t, append(append([]string{"plan"}, args...), "--json")...)
	var m map[string]any
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	// Every --json document carries its schema version and warnings.
	if w, ok := m["warnings"].([]any); m["schema_version"] != 1.0 || !ok || len(w) != 0 {
		t.Errorf("schema_version %v, warnings %v", m["schema_version"], m["warnings"])
	}
	delete(m, "schema_version")
	delete(m, "warnings")
	return m
}

func keys(m map[string]any) string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return strings.Join(ks, ",")
}

func closeTo(t *testing.T, name string, got any, want, tol float64) {
	t.Helper()
	v, ok := got.(float64)
	if !ok || math.Abs(v-want) > tol {
		t.Errorf("%s = %v, want %v ± %v", name, got, want, tol)
	}
}

// One prediction: 7P BS96 c5540 as the retune ran it, in plan --json's shape.
func TestPlanPredictJSON(t *testing.T) {
	m := planJSONMap(t, "--fit", planFit, "--prefill-workers", "7", "--decode-bs", "96",
		"--concurrency", "5540", "--balance", "total_tokens")
	if got := keys(m); got != "calibration,prediction,recommendation" {
		t.Fatalf("top-level keys %s", got)
	}
	// τP unknown: 96 at 9P c7480's prefill load, 112 where 96 stops binding.
	if r := m["recommendation"].(map[string]any); r["low"] != 96.0 || r["high"] != 112.0 || r["tau_p_known"] != false {
		t.Errorf("recommendation %v", r)
	}
	cal := m["calibration"].(map[string]any)
	if got := keys(cal); got != "notes,params,points,residuals" {
		t.Errorf("calibration keys %s", got)
	}
	res := cal["residuals"].([]any)
	if len(res) != 3 || keys(res[0].(map[string]any)) != "cap_bound,duration_s,id,mean_intvty_pct,p90_intvty_pct,tput_pct" {
		t.Errorf("residuals %v", res)
	}
	// 3P c1228 is table A's published point: no run duration is known.
	if d := res[0].(map[string]any)["duration_s"]; d != nil || res[1].(map[string]any)["duration_s"] != 3600.0 {
		t.Errorf("durations %v / %v, want null and 3600", d, res[1].(map[string]any)["duration_s"])
	}
	closeTo(t, "f", cal["params"].(map[string]any)["f"], 0.0071798, 1e-6)
	p := m["prediction"].(map[string]any)
	want := "cap_binds,class,decode_batch_max,decode_batch_mean,extrapolated,gpus,knee_concurrency,mean_intvty,p90_intvty,queue,queue_at,recommended_decode_bs,regime,tput_per_gpu,trust_band,ttft,warnings"
	if got := keys(p); got != want {
		t.Errorf("prediction keys\n got %s\nwant %s", got, want)
	}
	closeTo(t, "gpus", p["gpus"], 30, 0)
	closeTo(t, "tput_per_gpu", p["tput_per_gpu"], 1015964, 1)
	closeTo(t, "mean_intvty", p["mean_intvty"], 145.89, 0.01)
	closeTo(t, "decode_batch_max", p["decode_batch_max"], 96, 1e-9)
	closeTo(t, "recommended_decode_bs", p["recommended_decode_bs"], 96, 0)
	closeTo(t, "knee_concurrency", p["knee_concurrency"], 5235, 0)
	if p["regime"] != "cap-bound" || p["cap_binds"] != true {
		t.Errorf("regime %v cap_binds %v", p["regime"], p["cap_binds"])
	}
	if ws := p["warnings"].([]any); len(ws) != 3 || p["ttft"] != nil || p["extrapolated"] != false {
		t.Errorf("warnings %v, ttft %v (the demo has no TTFT), extrapolated %v", ws, p["ttft"], p["extrapolated"])
	}
}

// Backtest: every other point of the curve, predicted with its errors,
// regime and warnings, or skipped with the reason.
func TestPlanBacktestJSON(t *testing.T) {
	m := planJSONMap(t, "--fit", planFit, "--backtest")
	if got := keys(m); got != "backtest,calibration,leave_one_out" {
		t.Fatalf("top-level keys %s", got)
	}
	if loo := m["leave_one_out"].(map[string]any); loo["method"] != "leave-one-out" || len(loo["rows"].([]any)) == 0 {
		t.Errorf("leave_one_out %v", keys(loo))
	}
	rows := m["backtest"].([]any)
	byID := map[string]map[string]any{}
	var predicted, skipped []string
	for _, r := range rows {
		row := r.(map[string]any)
		switch keys(row) {
		case "error_pct,extrapolated,id,measured,predicted,regime,warnings":
			predicted = append(predicted, row["id"].(string))
		case "id,measured,skipped":
			skipped = append(skipped, row["id"].(string)+": "+row["skipped"].(string))
		default:
			t.Fatalf("row keys %s", keys(row))
		}
		byID[row["id"].(string)] = row
	}
	// 4 A/B points and table C's 3P c700 and 7P are predicted; the twins of
	// the fit points (the 1200 s 3P c1228, table C's 3P c1228, 5P, 9P) and
	// the 5 aggregated points are listed as skipped.
	if len(predicted) != 6 || len(skipped) != 9 {
		t.Errorf("predicted %v\nskipped %v", predicted, skipped)
	}
	for _, want := range []string{"3p1d-dep2-dep16-b24-c1228@local: twin of fit point 3p1d-dep2-dep16-b24-c1228@2026-10-29",
		"agg-tp4-c16@2026-10-29: aggregated points are out of scope"} {
		if !slices.ContainsFunc(skipped, func(s string) bool { return strings.HasPrefix(s, want) }) {
			t.Errorf("skipped lacks %q: %v", want, skipped)
		}
	}
	if r := byID["7p1d-dep2-dep16-b96-c5540"]; r["regime"] != "cap-bound" || len(r["warnings"].([]any)) != 3 {
		t.Errorf("7P row %v", r)
	}
	for id, want := range map[string][2]float64{
		"7p1d-dep2-dep16-b96-c5540":  {-1.70, -3.19},
		"9p1d-dep2-dep16-b160-c7480": {0.24, -4.51},
		"3p1d-dep2-dep16-b18-c700":   {-2.35, 1.99},
		"8p1d-dep2-dep16-c4096":      {-2.26, -7.44},
	} {
		e := byID[id]["error_pct"].(map[string]any)
		closeTo(t, id+" tput err", e["tput_per_gpu"], want[0], 0.01)
		closeTo(t, id+" mean err", e["mean_intvty"], want[1], 0.01)
	}
	if m := byID["3p1d-dep2-dep16-b24-c1228@local"]["measured"].(map[string]any); m["p90_intvty"] != 281.2 {
		t.Errorf("a skipped point keeps its measured values: %v", m)
	}
}

func TestPlanDesignJSON(t *testing.T) {
	m := planJSONMap(t, "--fit", planFit, "--design", "--max-gpus", "40", "--bands", "3")
	if got := keys(m); got != "calibration,design" {
		t.Fatalf("top-level keys %s", got)
	}
	d := m["design"].([]any)
	if len(d) != 3 {
		t.Fatalf("%d proposals", len(d))
	}
	for _, x := range d {
		p := x.(map[string]any)
		pr := p["prediction"].(map[string]any)
		if pr["gpus"].(float64) > 40 || pr["regime"] != "prefill-bound" {
			t.Errorf("proposal %v", p)
		}
	}
	low := d[0].(map[string]any)["replaces"].([]any)
	if !strings.Contains(strings.Join(anyStrings(low), ","), "7p1d-dep2-dep16-b96-c5540") {
		t.Errorf("lowest band replaces %v", low)
	}
}

func anyStrings(xs []any) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i], _ = x.(string)
	}
	return out
}

func TestPlanText(t *testing.T) {
	out, stderr, code := planRun(t, "--fit", planFit, "--prefill-workers", "7", "--decode-bs", "96",
		"--concurrency", "5540", "--backtest")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	wantAll(t, out,
		"τP          unknown, at least 4,220,016 tok/s per prefill worker",
		"1,015,964 tok/s/GPU",
		"regime             cap-bound",
		"recommended BS     96–112 (τP unknown: 96 if prefill saturates at the highest load measured, 112 if it keeps up at c5,540)",
		"1,033,494  1,015,964  -1.70 %",
		"mean |err|",
		// No run duration is known for table A's 3P c1228: a dash, not 3600 s.
		"3p1d-dep2-dep16-b24-c1228@2026-10-29   -1.99 %          +3.06 %         -0.49 %         no        –       –",
		"5p1d-dep2-dep16-b40-c2884              -2.13 %          -2.13 %         -4.73 %        yes        –  3600 s",
		"skipped agg-tp4-c16@2026-10-29: aggregated points are out of scope",
		"skipped 5p1d-dep2-dep16-b40-c2884@published: twin of fit point 5p1d-dep2-dep16-b40-c2884 (same configuration): not held out",
		"every prediction: τP unknown (at least 4,220,016 tok/s per prefill worker)",
		"3p1d-dep2-dep16-b18-c700: extrapolation: concurrency per decode rank 43.8 is outside the calibrated range 76.8–467.5",
		"loop (extrapolated)",
	)
}

func TestPlanBadInput(t *testing.T) {
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"no fit", []string{"--backtest"}, "--fit"},
		{"unknown ID", []string{"--fit", "3p1d-nope,5p1d-dep2-dep16-b40-c2884", "--backtest"}, "valid IDs:\n  3p1d-dep2-dep16-b18-c700"},
		{"agg fit", []string{"--fit", "agg-tp4-c16@2026-10-29," + planFit, "--backtest"}, "out of scope"},
		{"two points", []string{"--fit", "5p1d-dep2-dep16-b40-c2884,9p1d-dep2-dep16-b192-c7480", "--backtest"}, "at least three"},
		{"partial prediction", []string{"--fit", planFit, "--prefill-workers", "7"}, "--decode-bs"},
		{"bad balance", []string{"--fit", planFit, "--prefill-workers", "7", "--decode-bs", "96", "--concurrency", "10", "--balance", "rr"}, "total_tokens or total_requests"},
		{"design without budget", []string{"--fit", planFit, "--design"}, "--max-gpus"},
		{"budget too small", []string{"--fit", planFit, "--design", "--max-gpus", "10", "--bands", "2"}, "below the smallest point"},
		{"wrong curve", []string{"--fit", planFit, "--curve", "vllm", "--backtest"}, "not on the curve"},
		{"no such curve", []string{"--fit", planFit, "--curve", "trtllm"}, "matches no curve"},
		{"BS under δ", []string{"--fit", planFit, "--prefill-workers", "7", "--decode-bs", "2", "--concurrency", "10"}, "must exceed δ"},
	}
	for _, tc := range cases {
		out, stderr, code := planRun(t, tc.args...)
		if code != exitBadInput || !strings.Contains(stderr, tc.want) || out != "" {
			t.Errorf("%s: exit %d, stderr %q, stdout %q; want exit 2 and %q", tc.name, code, stderr, out, tc.want)
		}
	}
}

func TestPlanCurveByNumber(t *testing.T) {
	m := planJSONMap(t, "--fit", planFit, "--curve", "1")
	if keys(m) != "calibration" {
		t.Errorf("keys %s", keys(m))
	}
}

// --decode-ranks keeps the fit points' GPUs per rank; --prefill-gpus changes
// the prefill side only.
func TestPlanTopologyFlags(t *testing.T) {
	m := planJSONMap(t, "--fit", planFit, "--prefill-workers", "7", "--decode-bs", "96",
		"--concurrency", "5540", "--decode-ranks", "32", "--prefill-gpus", "4")
	p := m["prediction"].(map[string]any)
	closeTo(t, "gpus", p["gpus"], 7*4+32, 0)
	// Twice the ranks at the same concurrency: the BS96 cap no longer binds,
	// and the rate passes 9P c7480's prefill load with τP unknown: a range.
	if p["cap_binds"] != false || p["regime"] != "queueing" || p["tput_per_gpu_range"] == nil {
		t.Errorf("regime %v cap_binds %v range %v", p["regime"], p["cap_binds"], p["tput_per_gpu_range"])
	}
}

// Every text prediction says how far to trust it: the fit's backtest on the
// curve's other disaggregated points (the demo's worked fit: 1.81 % / 3.39 % mean; the
// twins of the fit points are not held out).
func TestPlanPredictionShowsTrust(t *testing.T) {
	out, _, code := runCmd(t, "plan", "--fit", "3p1d-dep2-dep16-b24-c1228@2026-10-29,5p1d-dep2-dep16-b40-c2884,9p1d-dep2-dep16-b192-c7480",
		"--prefill-workers", "7", "--decode-bs", "96", "--concurrency", "5540")
	if code != 0 || !strings.Contains(out, "trust: this fit predicts the curve's 6 other disaggregated points with mean |err| 1.81 % on throughput, 3.39 % on mean interactivity (max 4.18 %, 7.44 %)") {
		t.Errorf("exit %d, output:\n%s", code, out)
	}
}

// A twin in --fit counts once and the calibration says which.
func TestPlanTwinsCountOnce(t *testing.T) {
	out, _, code := planRun(t, "--fit", planFit+",5p1d-dep2-dep16-b40-c2884@published", "--backtest")
	for _, want := range []string{"calibration on 3 points:",
		"5p1d-dep2-dep16-b40-c2884@published: twin of 5p1d-dep2-dep16-b40-c2884 (same configuration, measured again): counted once"} {
		if code != exitOK || !strings.Contains(out, want) {
			t.Errorf("exit %d, output lacks %q:\n%s", code, want, out)
		}
	}
}

// The planner's synthetic regimes table (TTFT published): every held-out
// point with its predicted TTFT and the regime it was generated in.
func TestPlanBacktestWithTTFT(t *testing.T) {
	const table = "../planner/testdata/synthetic-regimes.yaml"
	fit := "2p1d-dep4-dep8-b512-c285,2p1d-dep4-dep8-b512-c8540,4p1d-dep4-dep8-b32-c376,1p2d-dep4-tp4-b1-c2,1p2d-dep4-tp4-b8-c20"
	m := planJSONMap(t, table, "--fit", fit, "--backtest")
	rows := m["backtest"].([]any)
	want := map[string]string{"2p1d-dep4-dep8-b512-c1423": "loop", "2p1d-dep4-dep8-b512-c2704": "queueing", "1p2d-dep4-tp4-b8-c4": "loop"}
	if len(rows) != len(want) {
		t.Fatalf("%d rows: %v", len(rows), rows)
	}
	for _, r := range rows {
		row := r.(map[string]any)
		id := row["id"].(string)
		pred, meas := row["predicted"].(map[string]any), row["measured"].(map[string]any)
		if row["regime"] != want[id] || pred["ttft"] == nil || meas["ttft"] == nil {
			t.Errorf("%s: regime %v, TTFT %v measured %v", id, row["regime"], pred["ttft"], meas["ttft"])
		}
	}
	out, _, code := planRun(t, table, "--fit", fit, "--backtest", "--prefill-workers", "2", "--decode-bs", "512", "--concurrency", "9000")
	for _, w := range []string{"u = 1/L     0.0005 requests per token (L ≈ 2,000 tokens; mean TTFT in the loop identity)",
		"prefill     TTFT = T0 + κ·(Θ/Np) below τP, per worker shape:",
		"τP          100,000 tok/s per prefill worker (saturated: 2p1d-dep4-dep8-b512-c8540)",
		"TTFT meas", "regime             prefill-bound", "TTFT               ", "queueing"} {
		if code != exitOK || !strings.Contains(out, w) {
			t.Errorf("exit %d, text lacks %q:\n%s", code, w, out)
		}
	}
}

// A world curve (../shared, skipped when absent): the vLLM sweep past its
// knee is predicted prefill-bound, its durations are unknown.
func TestPlanWorldCurve(t *testing.T) {
	const curve = "../../shared/planner-curves/gb200-dsv4pro-dynamo-vllm-agentx-tep8-tp8.yaml"
	if _, err := os.Stat(curve); err != nil {
		t.Skipf("%s absent", curve)
	}
	fit := "3p2d-tep8-tp8-b512-c16,4p1d-tep8-tp8-b512-c32,3p2d-tep8-tp8-b512-c80"
	m := planJSONMap(t, curve, "--fit", fit, "--backtest")
	for _, r := range m["backtest"].([]any) {
		row := r.(map[string]any)
		if row["id"] == "3p2d-tep8-tp8-b512-c96" && row["regime"] != "prefill-bound" {
			t.Errorf("c96: %v", row)
		}
	}
	for _, r := range m["calibration"].(map[string]any)["residuals"].([]any) {
		if r.(map[string]any)["duration_s"] != nil {
			t.Errorf("residual %v: the file states no duration", r)
		}
	}
}

// plan --fit auto --backtest: the chosen set with its expected error, the
// held-out table when points are left, and leave-one-out over all points.
func TestPlanFitAutoBacktest(t *testing.T) {
	out := runOK(t, "plan", "--fit", "auto", "--backtest")
	wantAll(t, out,
		"fit: auto → all points (5 points)",
		"expected error (leave-one-out over the curve's 5 points): |tput| 3.4 %, |mean intvty| 3.2 %",
		"leave-one-out over all points",
		"mean |err| 2.74 % throughput, 3.31 % interactivity over 10 points",
	)
}

// The three real curves (../shared/planner-curves, skipped when absent):
// each reports its choice and its leave-one-out error.
func TestPlanFitAutoRealCurves(t *testing.T) {
	const dir = "../../shared/planner-curves/"
	for _, tc := range []struct {
		file, chosen string
		tput         float64
	}{
		{"gb200-dsr1-fp8-dynamo-trt-1k1k.yaml", "all points", 5.58},
		{"gb300-dsr1-fp8-dynamo-sglang-8k1k.yaml", "all points", 5.34},
		{"gb200-dsv4pro-dynamo-vllm-agentx-tep8-tp8.yaml", "all points", 20.76},
	} {
		if _, err := os.Stat(dir + tc.file); err != nil {
			t.Skipf("%s absent", dir+tc.file)
		}
		m := planJSONMap(t, dir+tc.file, "--fit", "auto", "--backtest")
		auto := m["auto_fit"].(map[string]any)
		c := auto["candidates"].([]any)[int(auto["chosen"].(float64))].(map[string]any)
		if c["name"] != tc.chosen {
			t.Errorf("%s: chose %v", tc.file, c["name"])
		}
		loo := m["leave_one_out"].(map[string]any)
		closeTo(t, tc.file+" leave-one-out tput", loo["mean_abs"].(map[string]any)["tput_per_gpu"], tc.tput, 0.01)
	}
}

// --fit auto never predicts a configuration it holds: 7P c5540 comes from
// the fit without it and its twin (the reference fit's 1,016,015, not the
// 1,021,957 of a fit that saw it).
func TestPlanFitAutoHoldsOutThePrediction(t *testing.T) {
	out := runOK(t, "plan", "--fit", "auto", "--prefill-workers", "7", "--decode-bs", "96", "--concurrency", "5540")
	if !strings.Contains(out, "throughput         1,016,015 tok/s/GPU") || !strings.Contains(out, "predicted by the automatic fit without this configuration and its twins") {
		t.Errorf("output:\n%s", out)
	}
}

// --decode-shape chooses the decode law of a prediction, not the fit's
// points: the SGLang curve fitted on its DEP32 points predicts its TP4
// low-latency point with TP4's own first-principles step (class prior),
// and the same knobs without the shape take the DEP32 family's law.
func TestPlanDecodeShapeChoosesTheLaw(t *testing.T) {
	const file = "../../shared/planner-curves/gb300-dsr1-fp8-dynamo-sglang-8k1k.yaml"
	if _, err := os.Stat(file); err != nil {
		t.Skipf("%s absent", file)
	}
	fit := "5p1d-dep8-dep32-b768-c128,5p1d-dep8-dep32-b768-c512,5p1d-dep8-dep32-b768-c1024"
	pred := func(extra ...string) map[string]any {
		m := planJSONMap(t, append([]string{file, "--fit", fit, "--prefill-workers", "1", "--decode-bs", "128", "--concurrency", "4"}, extra...)...)
		return m["prediction"].(map[string]any)
	}
	tp4 := pred("--prefill-shape", "tp4", "--decode-shape", "tp4")
	if tp4["class"] != "prior" {
		t.Errorf("tp4: class %v, want prior", tp4["class"])
	}
	// Measured: 405.1 tok/s/GPU at 99.0 tok/s/user, TTFT 0.65 s.
	closeTo(t, "tp4 tput", tp4["tput_per_gpu"], 379.6, 0.5)
	closeTo(t, "tp4 intvty", tp4["mean_intvty"], 90.9, 0.1)
	closeTo(t, "tp4 TTFT", tp4["ttft"], 0.44, 0.01)
	dep := pred()
	if dep["class"] == "prior" || dep["gpus"] == tp4["gpus"] {
		t.Errorf("without --decode-shape: %v", dep)
	}
	if _, stderr, code := runCmd(t, "plan", file, "--fit", fit, "--prefill-workers", "1", "--decode-bs", "128", "--concurrency", "4", "--decode-shape", "tq4"); code != 2 || !strings.Contains(stderr, `--decode-shape "tq4"`) {
		t.Errorf("a bad shape: exit %d, %s", code, stderr)
	}
}
