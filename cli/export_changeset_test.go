package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExportChangeSetCommand: both recipes and both keys in one export
// (repeatable and comma-separated flags keep every element), the PR body
// in a dry run, the real link with --pr, and what to run next.
func TestExportChangeSetCommand(t *testing.T) {
	dir := exportFixtures(t, "agg-variants.yaml")
	body := filepath.Join(dir, "body.md")
	args := changeSetArgs(dir, "--pr-body", body)
	out, stderr, code := runCmd(t, args...)
	if code != exitOK || strings.Count(out, "\n+++ b/") != 4 {
		t.Fatalf("dry run: exit %d, stderr %s\n%s", code, stderr, out)
	}
	md, err := os.ReadFile(body)
	if err != nil || !strings.Contains(string(md), "| disagg | 9 × DEP2 | 7480 | 192 | 3072 | total_requests | new, replaces 9P c7480 BS160 |") ||
		!strings.Contains(string(md), "853,132.41") || !strings.Contains(string(md), "/pull/XXX") {
		t.Fatalf("PR body (%v):\n%s", err, md)
	}
	out, stderr, code = runCmd(t, append(args[:len(args)-2], "--pr", "4673", "--write")...)
	if code != exitOK || strings.Count(out, "wrote ") != 4 {
		t.Fatalf("write: exit %d, %s\n%s", code, stderr, out)
	}
	for _, want := range []string{"Next, check what was written:",
		"srtctl dry-run -f " + filepath.Join(dir, "disagg-dep16-hicache-variants.yaml") + ":override_9p1d_dep2_dep16_b192_c7480",
		"python utils/matrix_logic/generate_sweep_configs.py test-config --config-files " + filepath.Join(dir, "nvidia-master.excerpt.yaml") +
			" --runner-config configs/runners.yaml --config-keys dsv41flash-fp4-gb300-dynamo-sglang-agentic-agg dsv41flash-fp4-gb300-dynamo-sglang-agentic-dspark-disagg-hicache"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	cl, _ := os.ReadFile(filepath.Join(dir, "perf-changelog.excerpt.yaml"))
	if !strings.HasSuffix(string(cl), "  pr-link: https://github.com/SemiAnalysisAI/InferenceX/pull/4673\n") {
		t.Errorf("changelog ends:\n%s", cl[len(cl)-200:])
	}
	// A point no recipe given fits is refused, naming what to pass.
	_, stderr, code = runCmd(t, "export", "--remove", "agg-tep2-c16", "--recipe", filepath.Join(dir, "disagg-dep16-hicache-variants.yaml"),
		"--recipe", filepath.Join(dir, "disagg-dep16-hicache-variants.yaml"))
	if code != exitBadInput && code != exitRefused || !strings.Contains(stderr, "pass --recipe with the aggregated TEP2 bundle") {
		t.Errorf("unrouted: exit %d, %s", code, stderr)
	}
}
