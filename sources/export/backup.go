package export

import (
	"path/filepath"
	"strings"

	"github.com/sweeptune/sweeptune/sources"
)

// Backups of the files a write replaces live under the user state
// directory, never beside the target: a .bak in an InferenceX checkout is
// not covered by its .gitignore, and `git add -A` would put it in the pull
// request (docs/export.md).

// BackupDir is the directory of every backup: backups/ in the user state
// directory (`sweeptune paths` names it).
func BackupDir() string { return filepath.Join(sources.StateDir(), "backups") }

// BackupPath is where the previous contents of path are kept: its absolute
// path under BackupDir with ".bak" appended, so two files of one name in
// two checkouts never share a backup.
func BackupPath(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	abs = strings.TrimPrefix(abs, filepath.VolumeName(abs))
	return filepath.Join(BackupDir(), abs) + ".bak"
}

// inBackupDir reports whether dir is BackupDir or under it: a journal's
// copy there sits beside the backups its own export made.
func inBackupDir(dir string) bool {
	rel, err := filepath.Rel(absPath(BackupDir()), dir)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}
