//go:build unix

package sources

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// loadWithin fails the test instead of hanging it when a load blocks.
func loadWithin(t *testing.T, paths ...string) *Dataset {
	t.Helper()
	done := make(chan *Dataset, 1)
	go func() { done <- LoadPaths(paths, Options{}) }()
	select {
	case ds := <-done:
		return ds
	case <-time.After(10 * time.Second):
		t.Fatalf("loading %v did not return in 10 s", paths)
		return nil
	}
}

func writeFixture(t *testing.T, dst, name string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, readFixture(t, name), 0o644); err != nil {
		t.Fatal(err)
	}
}

func warningFor(ds *Dataset, file string) string {
	for _, w := range ds.Warnings {
		if w.File == file {
			return w.Msg
		}
	}
	return ""
}

// A FIFO named on the command line (or met in a directory) used to block
// the load forever; now it is refused with a message and the rest loads.
func TestNamedPipesAndDevicesAreRefused(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "results.json")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	good := filepath.Join(dir, "sub", "agg.json")
	writeFixture(t, good, "agg_5p-c2884.json")
	inner := filepath.Join(dir, "sub", "pipe.json")
	if err := syscall.Mkfifo(inner, 0o644); err != nil {
		t.Fatal(err)
	}
	ds := loadWithin(t, fifo, filepath.Join(dir, "sub"))
	if len(ds.Points) != 1 {
		t.Fatalf("%d points, warnings %v", len(ds.Points), ds.Warnings)
	}
	if msg := warningFor(ds, fifo); !strings.Contains(msg, "not a regular file (a named pipe); refused") {
		t.Errorf("FIFO argument: warnings %v", ds.Warnings)
	}
	if msg := warningFor(ds, inner); !strings.Contains(msg, "not a regular file (a named pipe); skipped") {
		t.Errorf("FIFO in a directory: warnings %v", ds.Warnings)
	}
	if _, err := os.Stat("/dev/null"); err == nil {
		ds := loadWithin(t, "/dev/null")
		if msg := warningFor(ds, "/dev/null"); !strings.Contains(msg, "a character device") {
			t.Errorf("/dev/null: warnings %v", ds.Warnings)
		}
	}
	if _, err := ReadRegular(fifo); err == nil || !strings.Contains(err.Error(), "named pipe") {
		t.Errorf("ReadRegular on a FIFO: %v", err)
	}
}

// A directory given as a symlink loaded 0 points with exit 0, and linked
// files inside a walked directory were skipped without a word.
func TestSymlinksAreFollowedOnce(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real")
	writeFixture(t, filepath.Join(real, "agg.json"), "agg_5p-c2884.json")
	writeFixture(t, filepath.Join(dir, "elsewhere", "agentx.json"), "agentx-agg-7p-c5540.json")
	mustLink(t, "real", filepath.Join(dir, "link"))
	mustLink(t, "../elsewhere/agentx.json", filepath.Join(real, "linked.json"))
	mustLink(t, "../elsewhere", filepath.Join(real, "linkdir"))     // reaches agentx.json a second way
	mustLink(t, "..", filepath.Join(real, "loop"))                  // back up: a loop
	mustLink(t, "missing.json", filepath.Join(real, "broken.json")) // dangling

	ds := loadWithin(t, filepath.Join(dir, "link"))
	if len(ds.Points) != 2 {
		t.Fatalf("%d points (want the result and the linked AgentX file, once each), warnings %v", len(ds.Points), ds.Warnings)
	}
	if len(ds.Warnings) != 1 || !strings.Contains(warningFor(ds, filepath.Join(dir, "link", "broken.json")), "symbolic link that cannot be followed") {
		t.Errorf("warnings %v", ds.Warnings)
	}
	// loop leads to the parent, where link and real lead back in: two loops.
	if len(ds.Notices) != 2 || !strings.Contains(ds.Notices[0], "link/loop/link: symbolic link loop") ||
		!strings.Contains(ds.Notices[1], "link/loop/real: symbolic link loop") {
		t.Errorf("notices %v", ds.Notices)
	}
}

func mustLink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Skip("no symlinks here:", err)
	}
}

// A directory named like a data file, or one with nothing to read, used
// to load nothing without a word.
func TestDirectoriesWithNothingToReadAreWarned(t *testing.T) {
	dir := t.TempDir()
	named := filepath.Join(dir, "x.json")
	if err := os.Mkdir(named, 0o755); err != nil {
		t.Fatal(err)
	}
	ds := loadWithin(t, named)
	if len(ds.Warnings) != 1 || !strings.Contains(warningFor(ds, named), "a directory with no data files in it") {
		t.Errorf("empty x.json directory: warnings %v", ds.Warnings)
	}
	writeFixture(t, filepath.Join(named, "README.md"), "agg_5p-c2884.json")
	if ds := loadWithin(t, named); len(ds.Warnings) != 1 {
		t.Errorf("x.json holding prose only: warnings %v", ds.Warnings)
	}
	writeFixture(t, filepath.Join(named, "agg.json"), "agg_5p-c2884.json")
	if ds := loadWithin(t, dir); len(ds.Points) != 1 || len(ds.Warnings) != 0 {
		t.Errorf("x.json with a result inside: %d points, warnings %v", len(ds.Points), ds.Warnings)
	}
}
