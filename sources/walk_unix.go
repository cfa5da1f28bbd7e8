//go:build unix

package sources

import (
	"io/fs"
	"syscall"
)

// fileKey identifies a file whatever the path it is reached by.
type fileKey struct{ dev, ino uint64 }

func keyOf(_ string, info fs.FileInfo) (fileKey, bool) {
	if info == nil {
		return fileKey{}, false
	}
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return fileKey{}, false
	}
	return fileKey{uint64(st.Dev), uint64(st.Ino)}, true
}
