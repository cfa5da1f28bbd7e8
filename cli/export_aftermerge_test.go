package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// narrowSweep copies the fixture shaped like InferenceX-app #1185's
// worked example: a curve of 35 points in three arms published on
// 2026-09-13, and a narrow sweep (one key of three) adding TP8 c20.
func narrowSweep(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, f := range []string{"published-2026-09-13.yaml", "local-2026-09-19.yaml", "h200-agg-variants.yaml", "nvidia-master.yaml", "perf-changelog.yaml"} {
		if err := os.WriteFile(filepath.Join(dir, f), readTestdata(t, "dashboard/narrow-sweep/"+f), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func narrowArgs(dir string, keys string, extra ...string) []string {
	return append([]string{"export", filepath.Join(dir, "published-2026-09-13.yaml"), filepath.Join(dir, "local-2026-09-19.yaml"),
		"--as-of", "2026-09-19", "--add", "agg-tp8-c20", "--recipe", filepath.Join(dir, "h200-agg-variants.yaml"),
		"--master", filepath.Join(dir, "nvidia-master.yaml"), "--config-key", keys,
		"--changelog", filepath.Join(dir, "perf-changelog.yaml")}, extra...)
}

func TestNarrowSweepIsACoverageLoss(t *testing.T) {
	dir := narrowSweep(t)
	out, stderr, code := runCmd(t, narrowArgs(dir, "kimik3-fp8-h200-sglang-agentic-tp8")...)
	if code != exitRefused || out != "" {
		t.Fatalf("exit %d, stdout %q: want a refusal (1) and nothing written out", code, out)
	}
	wantAll(t, stderr,
		"the dashboard shows 35 published points of 2026-09-13; the sweep of the listed keys (13 points) replaces them",
		"✗ 23 published points lost that the change set does not remove: agg-tep16-c1 (frontier), ",
		"agg-dep8-c32 (frontier)\n",
		"✗ arms lost: agg-dep8, agg-tep16\n",
		"✗ front (mean-intvty): 18.8–89.6 before (less the reviewed removals), 31.8–66.0 after: truncated at low x and high x",
		"before 18 / 18, after 13 / 13 measured",
		"refused: the curve after merge loses published coverage",
	)
	if b, _ := os.ReadFile(filepath.Join(dir, "nvidia-master.yaml")); string(b) != string(readTestdata(t, "dashboard/narrow-sweep/nvidia-master.yaml")) {
		t.Fatal("a refused export changed the master")
	}

	// Accepted, it goes on (and says what it loses).
	out, stderr, code = runCmd(t, narrowArgs(dir, "kimik3-fp8-h200-sglang-agentic-tp8", "--accept-coverage-loss")...)
	if code != exitOK || !strings.Contains(out, "✗ COVERAGE LOST") || !strings.Contains(out, "+override_agg_tp8_c20:") {
		t.Fatalf("accepted: exit %d\n%s\n%s", code, out, stderr)
	}
	// and its PR body says the loss was accepted
	out, stderr, code = runCmd(t, narrowArgs(dir, "kimik3-fp8-h200-sglang-agentic-tp8", "--accept-coverage-loss", "--pr-body", "-")...)
	if code != exitOK || !strings.Contains(out, "- **Coverage loss accepted**: this change set loses published coverage it does not remove") {
		t.Fatalf("accepted PR body: exit %d\n%s\n%s", code, out, stderr)
	}
}

// The README's export: the PR's own change set passes the guard and prints
// the curve after merge (8 points, Check 14 counted); the disagg key alone
// is refused for the agg points it would drop.
func TestReadmeExportPreviewsTheCurveAfterMerge(t *testing.T) {
	dir := exportFixtures(t, "agg-variants.yaml")
	out, stderr, code := runCmd(t, append(changeSetArgs(dir), "--as-of", "2026-11-05")...)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	wantAll(t, out,
		"the dashboard shows 5 published points of 2026-10-29; the sweep of the listed keys (8 points) replaces them (latest date per curve)",
		"removed, reviewed: agg-tep2-c16 (frontier), 8p1d-dep2-dep16-c4096 (frontier), 9p1d-dep2-dep16-b160-c7480 (frontier)",
		"Check 14 (frontier points of tput-per-gpu vs p90-e2el / p75-e2el, at least 5): before 0 / 0, after 0 / 0 measured (2 points not measured yet)",
		"✓ no published coverage lost beyond the reviewed removals",
	)
	_, stderr, code = runCmd(t, "export", "--as-of", "2026-11-05",
		"--add", "3p1d-dep2-dep16-b18-c700,7p1d-dep2-dep16-b96-c5540,9p1d-dep2-dep16-b192-c7480",
		"--remove", "8p1d-dep2-dep16-c4096,9p1d-dep2-dep16-b160-c7480",
		"--recipe", filepath.Join(dir, "disagg-dep16-hicache-variants.yaml"), "--master", filepath.Join(dir, "nvidia-master.excerpt.yaml"),
		"--config-key", "dsv41flash-fp4-gb300-dynamo-sglang-agentic-dspark-disagg-hicache", "--changelog", filepath.Join(dir, "perf-changelog.excerpt.yaml"))
	if code != exitRefused {
		t.Fatalf("disagg key alone: exit %d, want 1", code)
	}
	wantAll(t, stderr, "✗ 2 published points lost that the change set does not remove: agg-tp4-c16@2026-10-29 (frontier), agg-tep2-c16 (frontier)",
		"✗ arms lost: agg-tep2, agg-tp4")
}

// The PR body's dashboard section: the curve after merge, both readings of
// the gains, and the point the North-star gate would not draw.
func TestPRBodySaysWhatTheDashboardWillPublish(t *testing.T) {
	dir := exportFixtures(t, "agg-variants.yaml")
	out, stderr, code := runCmd(t, append(changeSetArgs(dir), "--as-of", "2026-11-05", "--pr-body", "-")...)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	wantAll(t, out, "## What the dashboard will publish\n",
		"The sweep of this entry's keys (8 points) replaces the published curve (the dashboard shows the latest date of a curve): 5 points published on 2026-10-29.",
		"| `9p1d-dep2-dep16-b192-c7480` | 97.4 | +11.05 % | +10.77 % | yes |",
		"| `7p1d-dep2-dep16-b96-c5540` | 157.5 | +5.00 % | +4.77 % | **no**: not a North-star winner |")
}
