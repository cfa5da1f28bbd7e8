//go:build !unix

package sources

import (
	"io/fs"
	"path/filepath"
)

// fileKey identifies a file by its path with every link resolved.
type fileKey struct{ path string }

func keyOf(path string, _ fs.FileInfo) (fileKey, bool) {
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return fileKey{}, false
	}
	if abs, err := filepath.Abs(real); err == nil {
		real = abs
	}
	return fileKey{real}, true
}
