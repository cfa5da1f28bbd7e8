package planner_test

import (
	"math"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/planner"
)

// A collapse measured in the fit bounds a decode worker's rate
// (docs/planner.md, "Collapse"): vLLM's engineer fit 3P/2D c16/c48/c96
// collapsed at c96, 48 requests per decode worker; 4P/1D c64 puts 64 on its
// one decode worker and is held to c48's 106,880 tok/s per decode worker.
func TestCollapsePlateauBoundsDecode(t *testing.T) {
	fit, test := engineerSplit(t, loadCurve(t, vllmFile))
	res, err := planner.Backtest(fit, test)
	if err != nil {
		t.Fatal(err)
	}
	pls := res.Calibration.Params.Plateaus
	if len(pls) != 1 {
		t.Fatalf("plateaus %+v, want one", pls)
	}
	pl := pls[0]
	if pl.CollapsePoint != "3p2d-tep8-tp8-b512-c96" || pl.CollapseLoad != 48 || pl.HealthyPoint != "3p2d-tep8-tp8-b512-c48" || pl.HealthyLoad != 24 || math.Round(pl.ThetaPerRank) != 106880 {
		t.Errorf("plateau %+v", pl)
	}
	for _, r := range res.Rows {
		pr := r.Prediction
		if r.ID != "4p1d-tep8-tp8-b512-c64" {
			if pr.Regime == planner.RegimeCollapse || anyWarning(pr, "collapse measured in the fit") {
				t.Errorf("%s (below 48 per decode worker) is bounded: %s %v", r.ID, pr.Regime, pr.Warnings)
			}
			continue
		}
		// 2 × 106,880 / 40 GPUs; measured 2,421 (+10.4 %, the unbounded
		// loop +124.6 %); interactivity the middle of 7.2 and 53.3, measured 30.4.
		if math.Round(pr.TputPerGPU) != 2672 || pr.Regime != planner.RegimeCollapse || pr.IntvtyRange == nil ||
			math.Abs(pr.MeanIntvty-30.3) > 0.05 || math.Abs(pr.IntvtyRange[0]-7.2) > 0.05 || math.Abs(pr.IntvtyRange[1]-53.3) > 0.05 {
			t.Errorf("4P/1D c64: %.0f tok/s/GPU, %.1f tok/s/user (range %v), %s", pr.TputPerGPU, pr.MeanIntvty, pr.IntvtyRange, pr.Regime)
		}
		if !anyWarning(pr, "collapse measured in the fit: 3p2d-tep8-tp8-b512-c96 collapsed at 48 requests per decode worker") {
			t.Errorf("4P/1D c64 warnings %v", pr.Warnings)
		}
	}
}

// Without a collapse measured in the fit nothing is bounded: a plateau
// everywhere breaks TRT-LLM TEP8 b8 (−89 %) and SGLang DEP24 (−53 %).
func TestNoPlateauWithoutMeasuredCollapse(t *testing.T) {
	for _, tc := range engineerCurves {
		if tc.name == "vllm-agentx" {
			continue
		}
		fit, test := engineerSplit(t, loadCurve(t, tc.file))
		res, err := planner.Backtest(fit, test)
		if err != nil {
			t.Fatal(err)
		}
		if n := len(res.Calibration.Params.Plateaus); n != 0 {
			t.Errorf("%s: %d plateaus without a collapse in the fit", tc.name, n)
		}
		for _, r := range res.Rows {
			if r.Prediction.IntvtyRange != nil || anyWarning(r.Prediction, "collapse measured in the fit") {
				t.Errorf("%s %s bounded: %v", tc.name, r.ID, r.Prediction.Warnings)
			}
		}
	}
	// A collapse of the other points only (not in the fit) warns but never bounds.
	pts := loadCurve(t, vllmFile)
	fit, test := split(t, pts, []string{"3p2d-tep8-tp8-b512-c16", "3p2d-tep8-tp8-b512-c48", "3p2d-tep8-tp8-b512-c80"})
	res, err := planner.Backtest(fit, test)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res.Rows {
		if r.Prediction.IntvtyRange != nil || strings.Contains(strings.Join(r.Prediction.Warnings, "|"), "collapse measured in the fit") {
			t.Errorf("%s bounded by a collapse outside the fit", r.ID)
		}
	}
}

// The P90-only curve records HiCache in its labels only; the held-out
// HiCache points differ from every fit point (1P2D c16/c48/c64, no
// HiCache) in that knob, and say so as their cause.
func TestOutsideKnobNamesHiCache(t *testing.T) {
	fit, test := engineerSplit(t, loadCurve(t, "testdata/pr3598-p90only.yaml"))
	res, err := planner.Backtest(fit, test)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res.Rows {
		hi := strings.Contains(r.ID, "c160") || strings.Contains(r.ID, "c256")
		if got := anyWarning(r.Prediction, "a knob outside the model: HiCache on here and on no fit point"); got != hi {
			t.Errorf("%s: HiCache warning %v, want %v: %v", r.ID, got, hi, r.Prediction.Warnings)
		}
	}
	all := loadCurve(t, "testdata/pr3598-p90only.yaml")
	c, err := planner.Calibrate(all)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(c.Notes, "|"), "knob outside the model (HiCache)") {
		t.Errorf("notes %v", c.Notes)
	}
}
