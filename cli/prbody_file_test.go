package cli

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// --pr-body wrote through a link and over an existing file, even on a dry
// run. Now, as the workbench's B: an existing file, a link (to anything)
// and a named pipe are refused and left as they were; a new file is
// written; --replace-pr-body replaces a regular file, never a link.
func TestPRBodyNeverOverwritesOrFollowsALink(t *testing.T) {
	dir := exportFixtures(t)
	victim := filepath.Join(dir, "victim.txt")
	os.WriteFile(victim, []byte("mine\n"), 0o644)
	link := filepath.Join(dir, "body-link.md")
	os.Symlink(victim, link)
	existing := filepath.Join(dir, "body.md")
	os.WriteFile(existing, []byte("my draft\n"), 0o644)
	fifo := filepath.Join(dir, "body.fifo")
	fifoErr := syscall.Mkfifo(fifo, 0o644)
	for _, c := range []struct {
		path, want string
		extra      []string
	}{
		{existing, "body.md exists: not replaced (give a new file, or --replace-pr-body to replace it)", nil},
		{link, "a symbolic link", nil},
		{link, "a symbolic link", []string{"--replace-pr-body"}},
		{fifo, "a named pipe", nil},
	} {
		if c.path == fifo && fifoErr != nil {
			continue
		}
		args := exportArgs(dir, append([]string{"--pr-body", c.path}, c.extra...)...)
		done := make(chan struct{})
		var stderr string
		var code int
		go func() { _, stderr, code = runCmd(t, args...); close(done) }()
		select {
		case <-done:
		case <-time.After(60 * time.Second):
			t.Fatalf("%s: the export blocked", c.path)
		}
		if code != exitBadInput || !strings.Contains(stderr, c.want) {
			t.Errorf("--pr-body %s %v: exit %d, stderr %q; want 2 and %q", filepath.Base(c.path), c.extra, code, stderr, c.want)
		}
	}
	if b, _ := os.ReadFile(victim); string(b) != "mine\n" {
		t.Errorf("the link's target now holds %q", b)
	}
	if b, _ := os.ReadFile(existing); string(b) != "my draft\n" {
		t.Errorf("the existing file now holds %q", b)
	}
	fresh := filepath.Join(dir, "new-body.md")
	if _, stderr, code := runCmd(t, exportArgs(dir, "--pr-body", fresh)...); code != exitOK {
		t.Fatalf("a new file: exit %d %s", code, stderr)
	}
	if b, _ := os.ReadFile(fresh); !strings.Contains(string(b), "| Point |") {
		t.Errorf("the new body: %q", b)
	}
	if _, stderr, code := runCmd(t, exportArgs(dir, "--pr-body", existing, "--replace-pr-body")...); code != exitOK {
		t.Fatalf("--replace-pr-body: exit %d %s", code, stderr)
	}
	if b, _ := os.ReadFile(existing); !strings.Contains(string(b), "| Point |") {
		t.Errorf("--replace-pr-body left %q", b)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) > 0 {
		t.Errorf("left behind: %v", left)
	}
}

// A named pipe given as --debug or --ledger blocked the command forever;
// it is refused now, as reading a PATH already did.
func TestFIFOAsDebugOrLedgerIsRefused(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"report", "--debug", fifo}, "--debug: write " + fifo + ": not a regular file (a named pipe); refused"},
		{[]string{"plan", "--fit", "5p1d-dep2-dep16-b40-c2884,7p1d-dep2-dep16-b96-c5540,9p1d-dep2-dep16-b192-c7480",
			"--prefill-workers", "7", "--decode-bs", "96", "--concurrency", "5540", "--ledger", fifo}, "a named pipe"},
		{[]string{"scorecard", "--ledger", fifo}, "a named pipe"},
	} {
		done := make(chan struct{})
		var stderr string
		var code int
		go func() { _, stderr, code = runCmd(t, c.args...); close(done) }()
		select {
		case <-done:
		case <-time.After(60 * time.Second):
			t.Fatalf("%s: blocked on the named pipe", c.args[0])
		}
		if code == exitOK || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want %q", c.args, code, stderr, c.want)
		}
	}
}

// A planted journal beside the recipe: the dry run settles nothing, says
// what it found and what to do, and exits 2.
func TestExportDryRunNamesAPlantedJournal(t *testing.T) {
	dir := exportFixtures(t)
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	outside := t.TempDir()
	precious := filepath.Join(outside, "precious.txt")
	os.WriteFile(precious, []byte("keep\n"), 0o644)
	journal := filepath.Join(dir, ".sweeptune-export-0123456789ab.journal")
	os.WriteFile(journal, []byte(`{"version":1,"state":"rolling-back","copies":["`+journal+`"],"files":[],"temps":["`+precious+`"]}`), 0o644)
	for _, extra := range [][]string{nil, {"--write"}} {
		_, stderr, code := runCmd(t, exportArgs(dir, extra...)...)
		if code != exitBadInput || !strings.Contains(stderr, journal+": an export journal that cannot be settled: it was not written by sweeptune under this account") ||
			!strings.Contains(stderr, "check the files it names, then remove it") {
			t.Errorf("%v: exit %d, stderr %q", extra, code, stderr)
		}
		if _, err := os.Stat(precious); err != nil {
			t.Fatalf("%v: %v", extra, err)
		}
		if _, err := os.Stat(journal); err != nil {
			t.Fatalf("%v: the journal: %v", extra, err)
		}
	}
}

func TestFailCode(t *testing.T) {
	if got := failCode(&os.PathError{Op: "write", Path: "x", Err: syscall.ENOSPC}); got != exitWriteFailed {
		t.Errorf("ENOSPC: exit %d, want %d", got, exitWriteFailed)
	}
	if got := failCode(os.ErrNotExist); got != exitBadInput {
		t.Errorf("not found: exit %d", got)
	}
}
