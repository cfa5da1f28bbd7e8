package cli

import (
	"strings"
	"testing"
)

// A bad input flag stops the command: one line, exit 2, nothing else.
func TestBadSourceFlagStopsTheCommand(t *testing.T) {
	for _, cmd := range []string{"report", "review", "compare", "history"} {
		args := []string{cmd, "--source", "bogus"}
		if cmd == "review" {
			args = append(args, "--remove", "x")
		}
		out, stderr, code := runCmd(t, args...)
		if code != exitBadInput || strings.Contains(out+stderr, "no points loaded") || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", cmd, code, out, stderr)
		}
	}
}

func TestReportRefusesAPlotTooSmall(t *testing.T) {
	_, stderr, code := runCmd(t, "report", "--height", "-3", "--width", "5")
	if code != exitBadInput || !strings.Contains(stderr, "at least 20 columns and 5 rows") {
		t.Errorf("exit %d, %q", code, stderr)
	}
}

func TestRecipesOnANonRecipeSaysSo(t *testing.T) {
	out, _, code := runCmd(t, "recipes", "../testdata/export/perf-changelog.excerpt.yaml")
	if code != exitBadInput || !strings.Contains(out, "no srt-slurm recipe among the files read") {
		t.Errorf("exit %d, %q", code, out)
	}
}

// Concurrency in the report's table has the thousands format of every pane.
func TestReportConcurrencyHasThousands(t *testing.T) {
	out, _, _ := runCmd(t, "report")
	if !strings.Contains(out, "5,540") || strings.Contains(out, " 5540 ") {
		t.Errorf("concurrency not in the one number format:\n%s", out)
	}
}

// compare --json names each point's curve.
func TestCompareJSONNamesTheCurve(t *testing.T) {
	out, _, code := runCmd(t, "compare", "--json")
	if code != exitOK || !strings.Contains(out, `"id": "9p1d-dep2-dep16-b192-c7480",
      "curve": {
        "model": "deepseek-ai/DeepSeek-V4.1-Flash",`) {
		t.Errorf("exit %d:\n%s", code, out)
	}
}
