package cli

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/internal/check"
)

const multiCurve = "../testdata/apirows/multi-curve.json"

// reportPoints reads report --json into points by ID.
func reportPoints(t *testing.T, out string) map[string]reportPointOut {
	t.Helper()
	var rep struct {
		Curves []struct {
			Points []reportPointOut `json:"points"`
		} `json:"curves"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	byID := map[string]reportPointOut{}
	for _, c := range rep.Curves {
		for _, p := range c.Points {
			byID[p.ID] = p
		}
	}
	return byID
}

// tput_per_mw = tput × 1000 / kW and cost_per_mtok = USD/h / (tput × 3600)
// × 1e6, exactly, for the power and cost given: 7P c5540's 1,033,494
// tok/s/GPU at 2.5 kW and $3.60 per GPU-hour is 413,397,600 tok/s/MW and
// 1000/1,033,494 = $0.000967591… per million tokens.
func TestReportDerivedMetricsExact(t *testing.T) {
	noUserConfig(t)
	out := runOK(t, "report", "--json", "--y", "tput-per-mw", "--gpu-power", "gb300=2.5", "--gpu-cost", "gb300=3.6")
	p := reportPoints(t, out)["7p1d-dep2-dep16-b96-c5540"]
	if p.Metrics["tput_per_mw"] != 413397600 || p.Metrics["cost_per_mtok"] != 0.0009675914906133949 {
		t.Errorf("derived metrics %v", p.Metrics)
	}
	if !strings.Contains(out, `"tput_per_mw":413397600,"cost_per_mtok":0.0009675914906133949`) {
		t.Errorf("the JSON does not carry the exact numbers")
	}
	// The built-in table (the dashboard's GB300: 2.1 kW, $2.652/h).
	out, _, _ = runCmd(t, "report", "--json", "--y", "cost-per-mtok")
	p = reportPoints(t, out)["7p1d-dep2-dep16-b96-c5540"]
	if p.Metrics["tput_per_mw"] != 492140000 || p.Metrics["cost_per_mtok"] != 0.0007127923980852009 {
		t.Errorf("built-in derived metrics %v", p.Metrics)
	}
	// Not asked for: not there.
	out, _, _ = runCmd(t, "report", "--json")
	if strings.Contains(out, "tput_per_mw") || strings.Contains(out, "cost_per_mtok") {
		t.Error("derived metrics printed without being asked for")
	}
}

func TestReportDerivedTextAndLabels(t *testing.T) {
	noUserConfig(t)
	out, _, code := runCmd(t, "report", "--y", "cost-per-mtok", "--x", "p90-intvty", "--gpu-cost", "gb300=3.6")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	wantAll(t, out, "cost-per-mtok", "0.000968", "y: cost-per-mtok ($/Mtok)", "e-4 ┤")
}

// A hardware without a power or cost: said, and its points have no value.
func TestReportMissingSpecWarns(t *testing.T) {
	noUserConfig(t)
	table := "curve: {model: m, hardware: tpuv7, framework: vllm, precision: fp8, scenario: 1k1k}\nsource: local\npoints:\n" +
		"  - {mode: agg, agg: {workers: 1, gpus: 8, tp: 8}, concurrency: 8, metrics: {tput-per-gpu: 100, mean-intvty: 50}}\n"
	dir := writeFixture(t, map[string]string{"tpu.yaml": table})
	out, stderr, code := runCmd(t, "report", "--json", "--y", "tput-per-mw", dir)
	if code != 0 || !strings.Contains(stderr, "no power per GPU for tpuv7") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	if p := reportPoints(t, out)["agg-tp8-c8"]; p.Metrics["tput_per_mw"] != 0 || len(p.Metrics) != 2 {
		t.Errorf("metrics %v: tput_per_mw must be absent", p.Metrics)
	}
	out, _, code = runCmd(t, "report", "--json", "--y", "tput-per-mw", "--gpu-power", "tpuv7=1.25", dir)
	if p := reportPoints(t, out)["agg-tp8-c8"]; code != 0 || p.Metrics["tput_per_mw"] != 80000 {
		t.Errorf("--gpu-power tpuv7=1.25: exit %d, %v", code, p.Metrics)
	}
}

func TestGPUConfigFileAndBadFlags(t *testing.T) {
	noUserConfig(t)
	userGPUs(t, t.TempDir(), "gb300: {power-kw: 2.5}\n")
	out, _, code := runCmd(t, "report", "--json", "--y", "tput-per-mw")
	if p := reportPoints(t, out)["7p1d-dep2-dep16-b96-c5540"]; code != 0 || p.Metrics["tput_per_mw"] != 413397600 {
		t.Errorf("the user config's 2.5 kW: exit %d, %v", code, p.Metrics)
	}
	// A flag beats the config file.
	out, _, _ = runCmd(t, "report", "--json", "--y", "tput-per-mw", "--gpu-power", "gb300=2")
	if p := reportPoints(t, out)["7p1d-dep2-dep16-b96-c5540"]; p.Metrics["tput_per_mw"] != 516747000 {
		t.Errorf("--gpu-power over the config: %v", p.Metrics)
	}
	bad := fixtureFile(t, "bad.yaml", "gb300: {power-kw: lots}\nh100: {cost-per-hour: 2}\n")
	if _, stderr, code := runCmd(t, "report", "--y", "cost-per-mtok", "--gpu-config", bad); code != 2 || !strings.Contains(stderr, "bad.yaml: gb300.power-kw") {
		t.Errorf("bad config: exit %d, stderr %q", code, stderr)
	}
	for _, args := range [][]string{{"--gpu-power", "gb300"}, {"--gpu-cost", "h100=-1"}, {"--y", "watts"}, {"--as-of", "yesterday"}} {
		if _, stderr, code := runCmd(t, append([]string{"report"}, args...)...); code != 2 || stderr == "" {
			t.Errorf("%v: exit %d, stderr %q", args, code, stderr)
		}
	}
}

// The API-rows fixture: five curves, each with its own frontier; a
// configuration measured on two dates is told apart by date; the default
// view is the latest run of each.
func TestReportManyCurvesDatedIDs(t *testing.T) {
	noUserConfig(t)
	out := runOK(t, "report", "--json", "--x", "mean-intvty", multiCurve)
	var rep struct {
		Curves []struct {
			Key struct {
				Hardware string `json:"hardware"`
				Scenario string `json:"scenario"`
				Spec     string `json:"spec_decoding"`
			} `json:"key"`
			Points []reportPointOut `json:"points"`
		} `json:"curves"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Curves) != 5 {
		t.Fatalf("%d curves, want 5", len(rep.Curves))
	}
	ids := map[string]bool{}
	for _, c := range rep.Curves {
		front := 0
		for _, p := range c.Points {
			ids[p.ID] = true
			if p.OnFrontier {
				front++
			}
		}
		// Every curve's sweep is its own trade-off: all its points are on
		// its own frontier, whatever the faster hardware does.
		if front != len(c.Points) {
			t.Errorf("%s %s: %d of %d points on the frontier", c.Key.Hardware, c.Key.Scenario, front, len(c.Points))
		}
	}
	for _, id := range []string{"agg-tp4-c4", "agg-tp4-c4@8k1k", "agg-tp8-c4", "agg-tp8-c4@trt-mtp", "agg-tp4-c8@2026-02-27", "agg-tp4-c128"} {
		if !ids[id] {
			t.Errorf("no point %s in %v", id, ids)
		}
	}
	if ids["agg-tp4-c8@2025-10-06"] || ids["agg-tp4-c4@published"] {
		t.Error("an older run or a counter suffix in the default view")
	}
	// As of 2025-12-31 the February runs are not there yet.
	out, _, _ = runCmd(t, "report", "--json", "--as-of", "2025-12-31", multiCurve)
	asOf := reportPoints(t, out)
	if _, ok := asOf["agg-tp4-c8@2025-10-06"]; !ok || asOf["agg-tp4-c128"].ID != "" || asOf["agg-tp8-c4"].ID != "" {
		t.Errorf("as of 2025-12-31: %v", idsOf(asOf))
	}
	out, _, _ = runCmd(t, "report", "--json", "--all-dates", multiCurve)
	if all := reportPoints(t, out); len(all) != 26 {
		t.Errorf("--all-dates: %d points, want all 26", len(all))
	}
}

func idsOf[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

func TestReportCSV(t *testing.T) {
	noUserConfig(t)
	out, _, code := runCmd(t, "report", "--csv", "--x", "mean-intvty", "--y", "tput-per-mw", multiCurve)
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	rows := check.CSV(t, out)
	if strings.Join(rows[0], ",") != "curve,id,label,source,date,gpus,concurrency,mean-intvty,tput-per-mw,status,mode,prefill-workers,prefill,prefill-gpus,prefill-nodes,decode-workers,decode,decode-gpus,decode-nodes,decode-bs,max-running-requests,extra-slots,balance,spec-decoding,run-s,file,image,recipe,projected_from_s,raw mean-intvty,raw tput-per-mw,not_projected" {
		t.Errorf("header %q", rows[0])
	}
	if len(rows) != 1+23 {
		t.Errorf("%d rows, want the header and 23 points (26 rows, 3 of them older runs)", len(rows))
	}
	// h200 c4: 1200 × 4/54 = 88.8889 tok/s/GPU at 1.73 kW = 51,380.87 tok/s/MW.
	found := false
	for _, r := range rows {
		if r[0] == "dsr1 · 1k1k · h200 · vllm · fp8 · none" && r[1] == "agg-tp8-c4@h200-vllm-fp8" {
			found = true
			if r[4] != "2025-12-05" || r[5] != "8" || r[6] != "4" || r[7] != "80.7692" || r[8] != "51380.867052023124" || r[9] != "hull vertex" {
				t.Errorf("h200 c4 row %q", r)
			}
		}
	}
	if !found {
		t.Errorf("no h200 c4 row in\n%s", out)
	}
	if _, stderr, code := runCmd(t, "report", "--csv", "--json"); code != 2 || !strings.Contains(stderr, "choose one") {
		t.Errorf("--csv --json: exit %d %q", code, stderr)
	}
}

// compare and review take --y too; on cost (lower is better) a cheaper
// curve shows a negative change.
func TestCompareAndReviewTakeY(t *testing.T) {
	noUserConfig(t)
	out := runOK(t, "compare", "--json", "--y", "cost-per-mtok", "--gpu-cost", "gb300=3.6")
	var rep struct {
		YAxis  string `json:"y_axis"`
		Points []struct {
			ID      string  `json:"id"`
			GainPct float64 `json:"gain_pct"`
		} `json:"points"`
	}
	json.Unmarshal([]byte(out), &rep)
	if rep.YAxis != "cost-per-mtok" {
		t.Errorf("y axis %q", rep.YAxis)
	}
	for _, p := range rep.Points {
		// 9P BS192 is 11.05 % more throughput than vLLM at its x on the
		// same hardware, so 1/1.1105 − 1 = −9.95 % cost.
		if p.ID == "9p1d-dep2-dep16-b192-c7480" && (p.GainPct > -9.9 || p.GainPct < -10) {
			t.Errorf("9P BS192 cost change %.4f %%", p.GainPct)
		}
	}
	out, stderr, code := runCmd(t, "review", "--remove", "8p1d-dep2-dep16-c4096", "--y", "tput-per-mw")
	if code != 0 || !strings.Contains(out, "removal review on mean-intvty × tput-per-mw") {
		t.Errorf("review --y: exit %d %s %s", code, out, stderr)
	}
}

func TestHistoryCommand(t *testing.T) {
	noUserConfig(t)
	out, _, code := runCmd(t, "history", multiCurve)
	if code != 0 || !strings.Contains(out, "dsr1 · 1k1k · mi355x · sglang · fp4 · none\n  2025-10-06 (5), 2026-02-27 (4)") {
		t.Errorf("dates: exit %d\n%s", code, out)
	}
	out, _, code = runCmd(t, "history", "--from", "2025-10-06", "--to", "2026-02-27", "--curve", "dsr1, 1k1k, mi355x, sglang, fp4, none", multiCurve)
	for _, want := range []string{
		"5 points as of 2025-10-06, 6 as of 2026-02-27",
		"agg-tp4-c64@2026-02-27           42.79      1,046.15              858.11   +21.91 %  re-run of agg-tp4-c64@2025-10-06",
		"left the frontier since 2025-10-06: agg-tp4-c64@2025-10-06, agg-tp4-c16@2025-10-06, agg-tp4-c8@2025-10-06",
		"no perf-changelog loaded",
	} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("history lacks %q (exit %d):\n%s", want, code, out)
		}
	}
	out, _, code = runCmd(t, "history", "--json", "--from", "2025-10-06", "--to", "2026-02-27", "--curve", "mi355x", multiCurve)
	if code != 2 {
		// "mi355x" is no source, framework or key: refused, the valid ones listed.
		t.Errorf("--curve mi355x: exit %d", code)
	}
	out, _, code = runCmd(t, "history", "--json", "--from", "2025-10-06", "--to", "2026-02-27", "--curve", "sglang", multiCurve)
	var doc struct {
		Curves []struct {
			Curve struct {
				Scenario string `json:"scenario"`
				Hardware string `json:"hardware"`
			} `json:"curve"`
			After []struct {
				ID      string   `json:"id"`
				GainPct *float64 `json:"change_pct"`
			} `json:"frontier_after"`
		} `json:"curves"`
		Schema   int      `json:"schema_version"`
		Warnings []string `json:"warnings"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil || code != 0 {
		t.Fatalf("exit %d: %v\n%s", code, err, out)
	}
	res := doc.Curves
	if doc.Schema != 1 || doc.Warnings == nil {
		t.Errorf("schema_version %d, warnings %v", doc.Schema, doc.Warnings)
	}
	if len(res) != 3 { // b200 sglang, mi355x 1k1k and 8k1k
		t.Errorf("%d sglang curves", len(res))
	}
	if _, stderr, code := runCmd(t, "history", "--from", "2025-10-06", multiCurve); code != 2 || !strings.Contains(stderr, "go together") {
		t.Errorf("--from alone: exit %d %q", code, stderr)
	}
}
