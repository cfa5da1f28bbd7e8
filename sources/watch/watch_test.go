package watch

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// One unreadable subdirectory used to fail the whole watch; now it is
// named and everything else is still watched.
func TestUnreadableSubdirectoryDoesNotStopWatching(t *testing.T) {
	dir := t.TempDir()
	locked := filepath.Join(dir, "a-locked")
	os.Mkdir(locked, 0o755)
	os.Mkdir(filepath.Join(locked, "inner"), 0o755)
	os.Mkdir(filepath.Join(dir, "b-open"), 0o755)
	os.Chmod(locked, 0)
	defer os.Chmod(locked, 0o755)
	if _, err := os.ReadDir(locked); err == nil {
		t.Skip("permissions do not bind this user (root)")
	}
	w, err := Start([]string{dir})
	if err != nil {
		t.Fatalf("Start: %v", err)
	}
	defer w.Close()
	if p := w.TakeProblems(); len(p) != 1 || !strings.Contains(p[0], "cannot watch "+locked) {
		t.Errorf("problems %q", p)
	}
	os.WriteFile(filepath.Join(dir, "b-open", "new.json"), []byte("{}"), 0o644)
	select {
	case <-w.Events():
	case <-time.After(5 * time.Second):
		t.Fatal("a change beside the unreadable directory was not seen")
	}
}

// After `mv results results.old; mkdir results` the watch stayed on the
// moved directory and never woke for the new one. The watched path is
// watched, not the directory that was there when the workbench started.
func TestWatchSurvivesItsDirectoryBeingReplaced(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "results")
	os.Mkdir(dir, 0o755)
	w, err := Start([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	drain := func() {
		for {
			select {
			case <-w.Events():
			case <-time.After(300 * time.Millisecond):
				return
			}
		}
	}
	if err := os.Rename(dir, dir+".old"); err != nil {
		t.Fatal(err)
	}
	os.Mkdir(dir, 0o755)
	drain()
	os.WriteFile(filepath.Join(dir, "new.json"), []byte("{}"), 0o644)
	select {
	case <-w.Events():
	case <-time.After(5 * time.Second):
		t.Fatal("a file written into the new directory was not seen")
	}
	// Nor does the old one, moved away, still wake the workbench.
	drain()
	os.WriteFile(filepath.Join(dir+".old", "stale.json"), []byte("{}"), 0o644)
	select {
	case <-w.Events():
		t.Error("a change in the moved-away directory woke the watch")
	case <-time.After(500 * time.Millisecond):
	}
	// A directory created inside the new one is watched too.
	os.Mkdir(filepath.Join(dir, "run2"), 0o755)
	drain()
	os.WriteFile(filepath.Join(dir, "run2", "r.json"), []byte("{}"), 0o644)
	select {
	case <-w.Events():
	case <-time.After(5 * time.Second):
		t.Fatal("a file in a new subdirectory of the new directory was not seen")
	}
}
