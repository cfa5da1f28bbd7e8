package cli

import (
	"bytes"
	"encoding/json"
	"math"
	"sort"
	"strings"
	"testing"
)

const planFit = "3p1d-dep2-dep16-b24-c1228,5p1d-dep2-dep16-b40-c2884,9p1d-dep2-dep16-b192-c7480"

func planRun(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(append([]string{"plan"}, args...), strings.NewReader(""), &out, &errOut)
	return out.String(), errOut.String(), code
}

func planJSONMap(t *testing.T, args ...string) map[string]any {
	t.Helper()
	out, stderr, code := planRun(t, append(args, "--json")...)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
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

// One prediction: 7P BS96 c5540 as the retune ran it, in issue 4's shape.
func TestPlanPredictJSON(t *testing.T) {
	m := planJSONMap(t, "--fit", planFit, "--prefill-workers", "7", "--decode-bs", "96",
		"--concurrency", "5540", "--balance", "total_tokens")
	if got := keys(m); got != "calibration,prediction" {
		t.Fatalf("top-level keys %s", got)
	}
	cal := m["calibration"].(map[string]any)
	if got := keys(cal); got != "params,points,residuals" {
		t.Errorf("calibration keys %s", got)
	}
	res := cal["residuals"].([]any)
	if len(res) != 3 || keys(res[0].(map[string]any)) != "id,mean_intvty_pct,p90_intvty_pct,tput_pct" {
		t.Errorf("residuals %v", res)
	}
	closeTo(t, "f", cal["params"].(map[string]any)["f"], 0.0071798, 1e-6)
	p := m["prediction"].(map[string]any)
	want := "cap_binds,decode_batch_max,decode_batch_mean,gpus,knee_concurrency,mean_intvty,p90_intvty,queue,recommended_decode_bs,regime,tput_per_gpu,warnings"
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
	if ws := p["warnings"].([]any); len(ws) != 3 {
		t.Errorf("warnings %v", ws)
	}
}

// Backtest: every other disaggregated point of the curve, with its errors.
func TestPlanBacktestJSON(t *testing.T) {
	m := planJSONMap(t, "--fit", planFit, "--backtest")
	if got := keys(m); got != "backtest,calibration" {
		t.Fatalf("top-level keys %s", got)
	}
	rows := m["backtest"].([]any)
	byID := map[string]map[string]any{}
	for _, r := range rows {
		row := r.(map[string]any)
		if keys(row) != "error_pct,id,measured,predicted" {
			t.Fatalf("row keys %s", keys(row))
		}
		byID[row["id"].(string)] = row
	}
	// 4 A/B points and table C's 3P c700 and 7P; twins of the fit points
	// (the 1200 s 3P c1228 and table C's 3P c1228, 5P, 9P) are not held out.
	if len(rows) != 6 {
		t.Errorf("%d rows, want 6", len(rows))
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
	if _, ok := byID["3p1d-dep2-dep16-b24-c1228@local"]; ok {
		t.Error("a twin of a fit point was backtested")
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
	for _, want := range []string{
		"τP          unknown, at least 4,220,016 tok/s per prefill worker",
		"1,015,964 tok/s/GPU",
		"regime             cap-bound",
		"recommended BS     96",
		"1,033,494  1,015,964  -1.70 %",
		"mean |err|",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("text lacks %q:\n%s", want, out)
		}
	}
}

func TestPlanBadInput(t *testing.T) {
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"no fit", []string{"--backtest"}, "--fit"},
		{"unknown ID", []string{"--fit", "3p1d-nope,5p1d-dep2-dep16-b40-c2884", "--backtest"}, "valid IDs:\n  3p1d-dep2-dep16-b18-c700"},
		{"agg fit", []string{"--fit", "agg-tp4-c16," + planFit, "--backtest"}, "out of scope"},
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
	// Twice the ranks at the same concurrency: the BS96 cap no longer binds.
	if p["cap_binds"] != false || p["regime"] != "loop" {
		t.Errorf("regime %v cap_binds %v", p["regime"], p["cap_binds"])
	}
}

// Every text prediction says how far to trust it: the fit's backtest on the
// curve's other disaggregated points (DATA.md fit: 1.81 % / 3.39 % mean; the
// twins of the fit points are not held out).
func TestPlanPredictionShowsTrust(t *testing.T) {
	out, _, code := runCmd(t, "plan", "--fit", "3p1d-dep2-dep16-b24-c1228,5p1d-dep2-dep16-b40-c2884,9p1d-dep2-dep16-b192-c7480",
		"--prefill-workers", "7", "--decode-bs", "96", "--concurrency", "5540")
	if code != 0 || !strings.Contains(out, "trust: this fit predicts the curve's 6 other disaggregated points with mean |err| 1.81 % on throughput, 3.39 % on mean interactivity (max 4.18 %, 7.44 %)") {
		t.Errorf("exit %d, output:\n%s", code, out)
	}
}
