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
