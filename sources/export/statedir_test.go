package export_test

import (
	"os"
	"testing"
)

// TestMain gives the tests a state directory of their own: a write keeps
// its backups there, never in the user's.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "sweeptune-export-state-")
	if err != nil {
		panic(err)
	}
	os.Setenv("XDG_STATE_HOME", dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
