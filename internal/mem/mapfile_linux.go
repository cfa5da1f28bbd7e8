//go:build linux

package mem

import (
	"os"
	"syscall"
)

// MapFile maps the first size bytes of f read-only. The pages are the
// page cache's own: nothing is copied.
func MapFile(f *os.File, size int64) ([]byte, error) {
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

// Unmap gives back a mapping of MapFile.
func Unmap(data []byte) { syscall.Munmap(data) }
