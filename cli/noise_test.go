package cli

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/internal/check"
)

// runLengthYAML: three configurations at 1200 s and 3600 s, 7P at 1200 s
// only (testdata/runlength/local.yaml).
func runLengthYAML(t *testing.T) string { return string(readTestdata(t, "runlength/local.yaml")) }

const rivalYAML = `curve: {model: deepseek-ai/DeepSeek-V4.1-Flash, hardware: gb300, framework: vllm, precision: fp4, scenario: agentic-coding}
source: competitor
points:
  - {label: v1, concurrency: 1, metrics: {tput-per-gpu: 220000, p90-intvty: 310}}
  - {label: v2, concurrency: 2, metrics: {tput-per-gpu: 700000, p90-intvty: 225}}
`

func TestReportJSONCarriesTheRunLengthFactor(t *testing.T) {
	dir := writeFixture(t, map[string]string{"local.yaml": runLengthYAML(t)})
	out := runOK(t, "report", "--json", dir)
	var rep struct {
		Curves []struct {
			RunLength struct {
				SteadyS float64 `json:"steady_s"`
				Factors []struct {
					Metric    string  `json:"metric"`
					Factor    float64 `json:"factor"`
					SpreadPct float64 `json:"spread_pct"`
					Pairs     int     `json:"pairs"`
				} `json:"factors"`
				Projected []struct{ ID string } `json:"projected"`
			} `json:"run_length"`
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	rl := rep.Curves[0].RunLength
	if rl.SteadyS != 3600 || len(rl.Factors) != 3 || len(rl.Projected) != 1 || rl.Projected[0].ID != "7p1d-dep2-dep16-b96-c5540" {
		t.Fatalf("run length %+v", rl)
	}
	f := rl.Factors[0]
	if f.Metric != "tput_per_gpu" || f.Pairs != 3 || int(f.Factor*1e6) != 3800464 || int(f.SpreadPct*1e6) != 38119 {
		t.Errorf("throughput factor %+v, want 3.800464 over 3 pairs, spread 0.038119 %%", f)
	}
}

func TestReviewProjectRunsAndNoise(t *testing.T) {
	dir := writeFixture(t, map[string]string{"local.yaml": runLengthYAML(t)})
	args := []string{"review", "--remove", "5p1d-dep2-dep16-b40-c2884@2026-10-31", dir}
	review := func(extra ...string) string { // exit 1: 5P is not covered
		out, stderr, code := runCmd(t, append(args, extra...)...)
		if code != exitRefused {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		return out
	}
	out := review()
	wantAll(t, out, "left out of the kept curve: 7p1d-dep2-dep16-b96-c5540 (a 1200 s run: not steady state, so not leaned on unless projected)")
	out = review("--project-runs")
	wantAll(t, out, "kept (3): ", "7p1d-dep2-dep16-b96-c5540", "run-length factors to 3600 s:", "tput-per-gpu from 1200 s × 3.8 (spread 0.04 %, 3 pairs)",
		"7p1d-dep2-dep16-b96-c5540 projected from 1200 s")
	if strings.Contains(out, "left out of the kept curve: 7p1d") {
		t.Errorf("projected run still left out:\n%s", out)
	}
	js := review("--project-runs", "--json")
	var rep struct {
		Kept       []string
		Noise      *struct{ Pairs int }
		Projection *struct{ Factors []json.RawMessage }
	}
	if err := json.Unmarshal([]byte(js), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Projection == nil || len(rep.Projection.Factors) != 3 || rep.Noise == nil || rep.Noise.Pairs != 2 {
		t.Errorf("review --json: %s", js)
	}
}

func TestCompareFlagsAGainWithinNoise(t *testing.T) {
	// Throughput pairs: 3 short/full after projection, one factor: 2 pairs,
	// ±0.04 %. --noise does not replace a measured spread.
	dir := writeFixture(t, map[string]string{"local.yaml": runLengthYAML(t), "rival.yaml": rivalYAML})
	out := runOK(t, "compare", "--y", "tput-per-gpu", dir)
	wantAll(t, out, "run-to-run noise of tput-per-gpu: ±0.04 %, 2 pairs")
	// A curve without repeats says none is known; --noise sets one, and a
	// gain smaller than it is flagged.
	lines := strings.Split(runLengthYAML(t), "\n")
	one := strings.Join(append(lines[:3:3], lines[4]), "\n") + "\n" // 3P c700 at 3600 s only
	dir = writeFixture(t, map[string]string{"local.yaml": one, "rival.yaml": rivalYAML})
	out = runOK(t, "compare", "--y", "tput-per-gpu", dir)
	wantAll(t, out, "run-to-run noise of tput-per-gpu: none known (no configuration measured twice; --noise PCT sets one)")
	if strings.Contains(out, "within noise") {
		t.Errorf("flagged without a noise:\n%s", out)
	}
	// 3P c700 at p90 303: the rival's line 220,000 → 700,000 over p90
	// 310 → 225 gives 259,529.41 there, a gain of −14.46 %: outside 5 %,
	// inside 50 %.
	out = runOK(t, "compare", "--y", "tput-per-gpu", "--noise", "5", dir)
	wantAll(t, out, "259,529.41", "-14.46 %", "run-to-run noise of tput-per-gpu: ±5.00 %, assumed (--noise)")
	if strings.Contains(out, "within noise (") {
		t.Errorf("−14.46 %% flagged within 5 %%:\n%s", out)
	}
	js := runOK(t, "compare", "--y", "tput-per-gpu", "--noise", "50", "--json", dir)
	var rep struct {
		Points []struct {
			ID          string
			GainPct     *float64 `json:"gain_pct"`
			WithinNoise bool     `json:"within_noise"`
		}
		Noise []struct {
			Noise *struct {
				SpreadPct float64 `json:"spread_pct"`
				Assumed   bool
			}
		}
	}
	if err := json.Unmarshal([]byte(js), &rep); err != nil {
		t.Fatal(err)
	}
	flagged := 0
	for _, p := range rep.Points {
		if p.WithinNoise {
			flagged++
			if p.GainPct == nil || *p.GainPct > 50 || *p.GainPct < -50 {
				t.Errorf("%s flagged with gain %v", p.ID, p.GainPct)
			}
		}
	}
	if flagged == 0 || len(rep.Noise) != 1 || rep.Noise[0].Noise == nil || !rep.Noise[0].Noise.Assumed || rep.Noise[0].Noise.SpreadPct != 50 {
		t.Errorf("compare --noise 50 --json: %s", js)
	}
	_, stderr, code := runCmd(t, "compare", "--noise", "-1")
	if code != exitBadInput || !strings.Contains(stderr, "--noise -1: want a percentage") {
		t.Errorf("--noise -1: exit %d %s", code, stderr)
	}
}

// The demo's twins give ±0.87 % (5 pairs) on throughput; against a rival
// whose frontier passes 0.5 % under 7P c5540 at its p90, compare flags
// that gain within noise, and not the others.
func TestCompareFlagsAGainSmallerThanTheMeasuredNoise(t *testing.T) {
	rival := `curve: {model: deepseek-ai/DeepSeek-V4.1-Flash, hardware: gb300, framework: vllm, precision: fp4, scenario: agentic-coding}
source: competitor
points:
  - {label: r1, concurrency: 1, metrics: {tput-per-gpu: 1100000, p90-intvty: 90}}
  - {label: r2, concurrency: 2, metrics: {tput-per-gpu: 1028352, p90-intvty: 157.5}}
  - {label: r3, concurrency: 3, metrics: {tput-per-gpu: 600000, p90-intvty: 300}}
`
	dir := writeFixture(t, map[string]string{"rival.yaml": rival})
	args := []string{"compare", "--y", "tput-per-gpu", "../sources/demo/a-published-before.yaml", "../sources/demo/b-local-retune.yaml",
		"../sources/demo/c-published-sweep.yaml", filepath.Join(dir, "rival.yaml")}
	out := runOK(t, args...)
	wantAll(t, out, "run-to-run noise of tput-per-gpu: ±0.87 %, 5 pairs",
		"7p1d-dep2-dep16-b96-c5540             157.5     1,033,494    1,028,352.00        +0.50 %       1,028,352.00           +0.50 %  within noise (±0.87 %, 5 pairs)")
	if strings.Count(out, "within noise (") != 1 {
		t.Errorf("more than 7P flagged:\n%s", out)
	}
}

// The lone 1200 s 7P run of the run-length fixture is shown projected and
// marked wherever report shows it: 272,000 × 3.800464 = 1,033,726.25
// tok/s/GPU and 150.7 × 1.005552 = 151.54 mean, on the frontier, the
// factors under the table; --json keeps its own length and numbers
// (provenance.projected_from_s, provenance.raw), --csv too.
func TestReportShowsTheLoneShortRunProjected(t *testing.T) {
	const fixture = "../testdata/runlength"
	out := runOK(t, "report", fixture)
	wantAll(t, out, "7p1d-dep2-dep16-b96-c5540             local   2026-10-30    30  5,540  96  ≈ 1,033,726.25     ≈ 151.54  frontier, hull vertex",
		"≈ projected from a 1200 s run × 3.80 (3 pairs, ±0.04 %); mean-intvty × 1.01 (3 pairs, ±1.19 %)")
	if strings.Contains(out, "272,000") || strings.Contains(out, "not projected") {
		t.Errorf("the raw run is mixed in:\n%s", out)
	}

	js := runOK(t, "report", "--json", fixture)
	var rep struct {
		Curves []struct {
			Points []struct {
				ID      string
				Metrics map[string]float64
				Prov    struct {
					DurationS      float64            `json:"duration_s"`
					ProjectedFromS float64            `json:"projected_from_s"`
					Raw            map[string]float64 `json:"raw"`
				} `json:"provenance"`
				OnFrontier bool `json:"on_frontier"`
			}
		}
	}
	if err := json.Unmarshal([]byte(js), &rep); err != nil {
		t.Fatal(err)
	}
	pts := rep.Curves[0].Points
	if len(pts) != 4 {
		t.Fatalf("%d points shown, want the 3 full runs and the projected 7P", len(pts))
	}
	p := pts[3]
	if p.ID != "7p1d-dep2-dep16-b96-c5540" || p.Prov.ProjectedFromS != 1200 || p.Prov.DurationS != 3600 || !p.OnFrontier ||
		p.Prov.Raw["tput_per_gpu"] != 272000 || int(p.Metrics["tput_per_gpu"]*100) != 103372625 || p.Prov.Raw["mean_intvty"] != 150.7 {
		t.Errorf("7P in --json: %+v", p)
	}

	rows := check.CSV(t, runOK(t, "report", "--csv", fixture))
	last := strings.Join(rows[4], ",")
	if !strings.Contains(last, ",7p1d-dep2-dep16-b96-c5540,") || !strings.Contains(last, ",151.53662342571823,1033726.2505951725,hull vertex,") ||
		!strings.HasSuffix(last, ",3600,../testdata/runlength/local.yaml,,,1200,150.7,272000,") {
		t.Errorf("7P in --csv: %s", last)
	}
}

// A short run on a curve without pairs is shown as measured, flagged, and
// on no frontier: the demo's 1200 s local runs (whose throughput the retune
// had already projected by hand, so never again).
func TestReportFlagsAShortRunWithoutPairs(t *testing.T) {
	out := runOK(t, "report", "--x", "p90-intvty")
	wantAll(t, out, "3p1d-dep2-dep16-b18-c700              local      2026-11-05    22    700   18       222,000       299.2  short run (1200 s), not projected: no pairs",
		"a short run not projected is shown with its own numbers and is on no frontier")
	js := runOK(t, "report", "--json")
	if strings.Count(js, `"not_projected":"no pairs"`) != 2 || strings.Contains(js, `"projected_from_s"`) {
		t.Errorf("report --json: the demo's 1200 s runs are not both flagged, or something was projected")
	}
}
