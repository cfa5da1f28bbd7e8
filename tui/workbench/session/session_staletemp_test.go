package session

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// A session temporary file a kill left was never removed. The next Load
// removes its own session's leftovers older than a minute, and nothing
// else: a fresh one (another workbench saving now), another session's,
// a user's file.
func TestLoadRemovesALeftoverSaveOfItsSession(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "session-abc.json")
	old := time.Now().Add(-time.Hour)
	write := func(name string, mtime time.Time) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte("{"), 0o644)
		os.Chtimes(p, mtime, mtime)
		return p
	}
	stale := write(".session-abc.json.tmp-123456", old)
	fresh := write(".session-abc.json.tmp-999", time.Now())
	other := write(".session-def.json.tmp-123", old)
	mine := write(".session-abc.json.tmp-notes", old)
	if _, err := Load(path); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(stale); err == nil {
		t.Error("the leftover save was kept")
	}
	for _, p := range []string{fresh, other, mine} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s removed", filepath.Base(p))
		}
	}
}
