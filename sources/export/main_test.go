package export_test

import (
	"fmt"
	"os"
	"testing"
)

// TestMain gives the tests a state directory of their own: the backups and
// the export key (ownership.go) are made there, never in the user's. The
// kill loop's helper processes inherit the loop's, so their journals
// verify in it.
func TestMain(m *testing.M) {
	if os.Getenv("SWEEPTUNE_EXPORT_KILL_HELPER") != "" {
		os.Exit(m.Run())
	}
	dir, err := os.MkdirTemp("", "sweeptune-export-state-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Setenv("XDG_STATE_HOME", dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
