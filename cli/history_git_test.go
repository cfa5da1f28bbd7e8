package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// history --changelog on a checkout whose .git/config plants a textconv
// driver for the changelog used to run it once per commit.
func TestHistoryRunsNoRepositoryCommand(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	noUserConfig(t)
	dir, out := t.TempDir(), t.TempDir()
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t",
			"GIT_AUTHOR_DATE=2026-01-01T00:00:00Z", "GIT_COMMITTER_DATE=2026-01-01T00:00:00Z", "GIT_CONFIG_GLOBAL=/dev/null")
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, b)
		}
	}
	log := filepath.Join(dir, "perf-changelog.yaml")
	git("init", "-q")
	os.WriteFile(log, []byte("- config-keys:\n    - dsr1-fp4-mi355x-sglang\n  description:\n    - \"x\"\n  pr-link: https://github.com/SemiAnalysisAI/InferenceX/pull/9\n"), 0o644)
	git("add", ".")
	git("commit", "-q", "-m", "one")
	os.WriteFile(filepath.Join(dir, ".gitattributes"), []byte("perf-changelog.yaml diff=evil\n"), 0o644)
	git("config", "diff.evil.textconv", "touch "+filepath.Join(out, "ran")+"; cat")
	stdout, stderr, code := runCmd(t, "history", "--from", "2025-10-06", "--to", "2026-02-27", "--curve", "dsr1, 1k1k, mi355x, sglang, fp4, none",
		"--changelog", log, multiCurve)
	if code != 0 || !strings.Contains(stdout, "perf-changelog: 1 entry added after 2025-10-06") {
		t.Errorf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	if _, err := os.Stat(filepath.Join(out, "ran")); err == nil {
		t.Error("history ran the checkout's textconv")
	}
}
