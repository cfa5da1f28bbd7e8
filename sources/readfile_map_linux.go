//go:build linux

package sources

import (
	"os"
	"syscall"
)

// mapFile maps the first size bytes of f read-only. The pages are the
// page cache's own: nothing is copied.
func mapFile(f *os.File, size int64) ([]byte, error) {
	if size <= 0 || int64(int(size)) != size {
		return nil, syscall.EINVAL
	}
	data, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_PRIVATE)
	if err != nil {
		return nil, err
	}
	syscall.Madvise(data, syscall.MADV_SEQUENTIAL) // read ahead far, drop behind early
	return data, nil
}

// unmapFile gives back a mapping of mapFile.
func unmapFile(data []byte) { syscall.Munmap(data) }
