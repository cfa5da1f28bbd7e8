//go:build linux

package sources

import (
	"os"
	"syscall"
)

// mapFile maps the first size bytes of f read-only. The pages are the
// page cache's own: nothing is copied, and a page the parser has passed
// can be given back (dropPages) without freeing anything another reader
// needs.
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

// dropPages takes the pages of data[lo:hi] out of the process's memory,
// from the one lo is in to the one before hi's (so that stretches given
// back one after another cover every page). The mapping stays valid: a
// page touched again is read again from the page cache (or the file), so
// a drop is never wrong, only sometimes wasted (a page two workers share).
func dropPages(data []byte, lo, hi int) {
	page := os.Getpagesize()
	lo = max(lo, 0) &^ (page - 1)
	hi = min(hi, len(data)) &^ (page - 1)
	if lo < hi {
		syscall.Madvise(data[lo:hi], syscall.MADV_DONTNEED)
	}
}
