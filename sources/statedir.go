package sources

import (
	"os"
	"path/filepath"
)

// StateDir is the user state directory sweeptune keeps its own files in
// (the prediction ledger, sessions, the export key, the export's backups):
// $XDG_STATE_HOME, else ~/.local/state, else the config directory, else the
// temporary directory, each with "sweeptune" appended. It is never inside a
// checkout, so nothing a checkout ships can stand in for these files.
func StateDir() string {
	dir := os.Getenv("XDG_STATE_HOME")
	if dir == "" {
		if home, err := os.UserHomeDir(); err == nil {
			dir = filepath.Join(home, ".local", "state")
		} else if cfg, err := os.UserConfigDir(); err == nil {
			dir = cfg
		} else {
			dir = os.TempDir()
		}
	}
	return filepath.Join(dir, "sweeptune")
}
