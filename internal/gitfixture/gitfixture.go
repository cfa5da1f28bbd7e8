// Package gitfixture makes small git checkouts for tests: a changelog's
// entries are dated by the commits that added them, so a test of a rule
// that reads those dates commits its fixture on the days it needs.
package gitfixture

import (
	"os"
	"os/exec"
	"testing"
)

// Init makes dir a git repository; the test is skipped without git.
func Init(t testing.TB, dir string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed: a changelog's entries are dated by git")
	}
	run(t, dir, "", "init", "-q")
}

// Commit commits the files (paths relative to dir) as of day (YYYY-MM-DD,
// noon UTC), with no user or global configuration read.
func Commit(t testing.TB, dir, day string, files ...string) {
	t.Helper()
	run(t, dir, day, append([]string{"add", "--"}, files...)...)
	run(t, dir, day, "commit", "-q", "-m", day)
}

func run(t testing.TB, dir, day string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t",
		"GIT_COMMITTER_EMAIL=t@t", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	if day != "" {
		cmd.Env = append(cmd.Env, "GIT_AUTHOR_DATE="+day+"T12:00:00Z", "GIT_COMMITTER_DATE="+day+"T12:00:00Z")
	}
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}
