package srt

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// A checkout is data: its own .git/config and .gitattributes must not make
// dating a changelog run a command (a textconv driver, an external diff, a
// fsmonitor hook), and the dates still come out.
func TestDateChangelogRunsNoRepositoryCommand(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "perf-changelog.yaml")
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_DATE=2025-10-01T12:00:00Z", "GIT_COMMITTER_DATE=2025-10-01T12:00:00Z",
			"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t", "GIT_CONFIG_GLOBAL=/dev/null")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("init", "-q")
	os.WriteFile(path, []byte(changelogOne), 0o644)
	git("add", ".")
	git("commit", "-q", "-m", "one")

	// Planted after the commit, as a hostile checkout would carry them.
	out := t.TempDir()
	mark := func(name string) string {
		return "touch " + filepath.Join(out, name) + "; cat"
	}
	os.WriteFile(filepath.Join(dir, ".gitattributes"), []byte("perf-changelog.yaml diff=evil\n"), 0o644)
	git("config", "diff.evil.textconv", mark("textconv"))
	git("config", "diff.evil.command", mark("command"))
	git("config", "diff.external", mark("external"))
	git("config", "core.fsmonitor", mark("fsmonitor"))
	git("config", "core.pager", mark("pager"))
	git("config", "log.showSignature", "true")
	git("config", "gpg.program", mark("gpg"))

	data, _ := os.ReadFile(path)
	entries, _ := ParseChangelog(path, data)
	dated := DateChangelog(path, entries)
	if len(dated) != 1 || dated[0].Date != "2025-10-01" {
		t.Errorf("dates %+v, want 2025-10-01", dated)
	}
	ran, _ := os.ReadDir(out)
	for _, e := range ran {
		t.Errorf("dating the changelog ran the repository's %s", e.Name())
	}
}
