package cli

import (
	"encoding/json"
	"strings"
	"testing"
)

// What text output says on stderr, --json says too: a notice (evaluation
// rows passed over) is in the JSON warnings, and the exit code stays 0.
func TestReportJSONCarriesNotices(t *testing.T) {
	path := "../testdata/shapes/results/api-wrapped.json"
	_, stderr, code := runCmd(t, "report", path)
	if code != 0 || !strings.Contains(stderr, "evaluation (accuracy) row") {
		t.Fatalf("text: exit %d, stderr %q", code, stderr)
	}
	out, _, code := runCmd(t, "report", "--json", path)
	var rep struct {
		Warnings []string `json:"warnings"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil || code != 0 {
		t.Fatalf("exit %d: %v", code, err)
	}
	if len(rep.Warnings) != 1 || !strings.Contains(rep.Warnings[0], "api-wrapped.json: 1 evaluation (accuracy) row is not a serving point; not read") {
		t.Errorf("json warnings %q", rep.Warnings)
	}
	out, _, _ = runCmd(t, "recipes", "--json", path)
	if err := json.Unmarshal([]byte(out), &rep); err != nil || len(rep.Warnings) != 0 {
		t.Errorf("recipes passes results over silently: %v %q", err, rep.Warnings)
	}
}

// A curve whose points have x but no throughput per GPU (an AIPerf export
// without a GPU count) says there is nothing to plot, like one without x,
// instead of printing an empty canvas.
func TestReportNothingToPlotWithoutY(t *testing.T) {
	out, _, code := runCmd(t, "report", "../testdata/shapes/results/aiperf-v0")
	if code != 2 {
		t.Errorf("exit %d (a point kept without per-GPU throughput is said)", code)
	}
	if !strings.Contains(out, "(no point of this curve has both mean-intvty and tput-per-gpu: nothing to plot)") ||
		strings.Contains(out, "no points with both metrics") || strings.Contains(out, "\n\n\n") {
		t.Errorf("report:\n%s", out)
	}
}

// A value that does not exist reads "–" in every command's tables, as in
// report and plan, never an empty cell.
func TestMissingCellsReadDash(t *testing.T) {
	out, _, _ := runCmd(t, "compare")
	if !strings.Contains(out, "5p1d-dep2-dep16-b40-c2884             233.2       717,972               –              –                  –                 –") {
		t.Errorf("compare:\n%s", out)
	}
	out, _, _ = runCmd(t, "review", "--all-dates", "--remove", "8p1d-dep2-dep16-c4096")
	if !strings.Contains(out, "3p1d-dep2-dep16-b24-c1228@2026-10-29  3p1d-dep2-dep16-b24-c1228@2026-11-06            -315  -0.08 %              –        –") {
		t.Errorf("review:\n%s", out)
	}
}

// One removed point is spoken of in the singular.
func TestReviewOnePointSingular(t *testing.T) {
	out, _, code := runCmd(t, "review", "--remove", "8p1d-dep2-dep16-c4096")
	if code != 0 || !strings.Contains(out, "\nThe removed point is covered by the kept curve.\n") || strings.Contains(out, "All 1 ") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

// A negative --gpus is refused, not taken for "no --gpus".
func TestNegativeGPUsRefused(t *testing.T) {
	_, stderr, code := runCmd(t, "report", "--gpus", "-4", "../testdata/shapes/results/aiperf-v0")
	if code != exitBadInput || !strings.Contains(stderr, "--gpus -4: want a positive GPU count") || strings.Contains(stderr, "no --gpus") {
		t.Errorf("exit %d: %s", code, stderr)
	}
}
