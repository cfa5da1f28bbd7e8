package sources_test

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/sweeptune/sweeptune/sources"
)

// A killed save's temporary file is removed at the next start; a young
// one (a write in flight), another file's and a look-alike stay.
func TestRemoveStaleTemps(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "session-demo.json")
	old, young := filepath.Join(dir, ".session-demo.json.tmp-123"), filepath.Join(dir, ".session-demo.json.tmp-456")
	other, lookalike := filepath.Join(dir, ".session-other.json.tmp-1"), filepath.Join(dir, ".session-demo.json.tmp-x1")
	for _, p := range []string{path, old, young, other, lookalike} {
		if err := os.WriteFile(p, []byte("{}"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	hourAgo := time.Now().Add(-2 * time.Hour)
	for _, p := range []string{old, other, lookalike} {
		os.Chtimes(p, hourAgo, hourAgo)
	}
	if got := sources.RemoveStaleTemps(path, time.Hour); !slices.Equal(got, []string{old}) {
		t.Errorf("removed %v, want only %s", got, old)
	}
	for _, p := range []string{path, young, other, lookalike} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s removed: %v", p, err)
		}
	}
}
