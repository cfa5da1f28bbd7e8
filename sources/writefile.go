package sources

import (
	"os"
	"path/filepath"
	"strings"
	"time"
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

// RemoveStaleTemps removes what a WriteFileAtomic of path killed before
// its rename left beside it: regular files named ".<base>.tmp-<digits>"
// older than age (a younger one may be another process's write in
// flight). It returns the names removed.
func RemoveStaleTemps(path string, age time.Duration) []string {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	prefix := "." + base + ".tmp-"
	var out []string
	for _, e := range entries {
		rest, ok := strings.CutPrefix(e.Name(), prefix)
		if !ok || rest == "" || strings.Trim(rest, "0123456789") != "" || !e.Type().IsRegular() {
			continue
		}
		info, err := e.Info()
		if err != nil || time.Since(info.ModTime()) < age {
			continue
		}
		name := filepath.Join(dir, e.Name())
		if os.Remove(name) == nil {
			out = append(out, name)
		}
	}
	return out
}
