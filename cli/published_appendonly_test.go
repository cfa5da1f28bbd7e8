package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/internal/gitfixture"
)

// appendOnlyCheckout is the fixture shaped like InferenceX-app #1185 (35
// points in three arms published on 2026-09-13) in a git checkout whose
// changelog gains, on 2026-09-16, an append-only entry adding TP8 c18,
// and that sweep's point published that day.
func appendOnlyCheckout(t *testing.T) string {
	t.Helper()
	dir := narrowSweep(t)
	gitfixture.Init(t, dir)
	if err := os.WriteFile(filepath.Join(dir, "published-2026-09-16.yaml"), readTestdata(t, "dashboard/append-only/published-2026-09-16.yaml"), 0o644); err != nil {
		t.Fatal(err)
	}
	gitfixture.Commit(t, dir, "2026-09-13", "perf-changelog.yaml") // the three keys' entry
	log := readTestdata(t, "dashboard/append-only/perf-changelog.yaml")
	if first, _ := os.ReadFile(filepath.Join(dir, "perf-changelog.yaml")); !strings.HasPrefix(string(log), string(first)) {
		t.Fatal("the append-only changelog does not extend the narrow sweep's")
	}
	if err := os.WriteFile(filepath.Join(dir, "perf-changelog.yaml"), log, 0o644); err != nil {
		t.Fatal(err)
	}
	gitfixture.Commit(t, dir, "2026-09-16", "perf-changelog.yaml") // the append-only entry
	return dir
}

// report --as-published joins the append-only date's point to the curve of
// 2026-09-13 (36 points), whether the changelog is --changelog or among the
// paths; without it, the date is the latest one it is (1 point).
func TestAsPublishedJoinsAnAppendOnlyDate(t *testing.T) {
	dir := appendOnlyCheckout(t)
	data := []string{filepath.Join(dir, "published-2026-09-13.yaml"), filepath.Join(dir, "published-2026-09-16.yaml"), filepath.Join(dir, "local-2026-09-19.yaml")}
	log := filepath.Join(dir, "perf-changelog.yaml")
	for _, args := range [][]string{
		append([]string{"report", "--as-published", "--json", "--changelog", log}, data...),
		append([]string{"report", "--as-published", "--json", log}, data...),
	} {
		out, stderr, code := runCmd(t, args...)
		if code != exitOK || strings.Count(out, `"id":`) != 36 || !strings.Contains(out, `"id":"agg-tp8-c18"`) || strings.Contains(out, `"id":"agg-tp8-c20"`) {
			t.Fatalf("%v: exit %d, %d points\n%s", args[3], code, strings.Count(out, `"id":`), stderr)
		}
		wantAll(t, stderr, "note: the curve as published: each curve's latest published date, with the points of the append-only 2026-09-16 joined to it; 1 point of earlier dates, local runs or planned points left out\n")
	}
	out, stderr, code := runCmd(t, append([]string{"report", "--as-published", "--json"}, data...)...)
	if code != exitOK || strings.Count(out, `"id":`) != 1 || !strings.Contains(out, `"id":"agg-tp8-c18"`) {
		t.Fatalf("no changelog: exit %d, %d points\n%s", code, strings.Count(out, `"id":`), stderr)
	}
	if _, stderr, code := runCmd(t, append([]string{"report", "--changelog", log}, data...)...); code != exitBadInput || !strings.Contains(stderr, "--changelog is read by --as-published") {
		t.Errorf("--changelog alone: exit %d, %s", code, stderr)
	}
}

// The after-merge preview reads the same rule: the curve it replaces is
// the 36 points (2026-09-13 with the append-only 2026-09-16), and the
// narrow sweep of one key loses the appended TP8 c18 with the two arms.
func TestAfterMergeJoinsAnAppendOnlyDate(t *testing.T) {
	dir := appendOnlyCheckout(t)
	args := narrowArgs(dir, "kimik3-fp8-h200-sglang-agentic-tp8")
	args = append(args[:2], append([]string{filepath.Join(dir, "published-2026-09-16.yaml")}, args[2:]...)...)
	out, stderr, code := runCmd(t, args...)
	if code != exitRefused || out != "" {
		t.Fatalf("exit %d, stdout %q: want a refusal (1)", code, out)
	}
	wantAll(t, stderr,
		"the dashboard shows 36 published points of 2026-09-13 with the append-only 2026-09-16; the sweep of the listed keys (13 points) replaces them (latest date per curve)",
		"✗ 24 published points lost that the change set does not remove: agg-tep16-c1 (frontier), ",
		"agg-dep8-c32 (frontier), agg-tp8-c18 (frontier)\n",
		"✗ arms lost: agg-dep8, agg-tep16\n",
		"refused: the curve after merge loses published coverage",
	)
}
