package sources

import (
	"os"
	"path/filepath"
)

// WriteFileAtomic writes data to path through a temporary file beside it,
// synced, then renamed over path: a reader sees the old contents or the
// new, never part of them, and a full disk is an error here rather than a
// truncated file later. The directory is made if need be; on failure
// nothing is left behind. (An export's set of files is written by
// sources/export, which also keeps backups and rolls back.)
func WriteFileAtomic(path string, data []byte) error {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}
