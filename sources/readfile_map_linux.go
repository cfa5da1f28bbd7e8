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

// madvPopulateRead is MADV_POPULATE_READ (Linux 5.14): map the range's
// pages in, read-only, in one call.
const madvPopulateRead = 22

// mapAhead maps the pages of data[lo:hi] into the process in one call, so
// that reading them takes no fault: each fault, even one the kernel
// answers with sixteen pages of the page cache at once, cost 11–13 µs on
// the virtual machines measured (docs/report-speed.md). Best effort: a
// kernel without the call, or a range past the end, leaves the pages to
// be faulted as before.
func mapAhead(data []byte, lo, hi int) {
	page := os.Getpagesize()
	lo = max(lo, 0) &^ (page - 1)
	hi = min(hi, len(data))
	if lo < hi {
		syscall.Madvise(data[lo:hi], madvPopulateRead)
	}
}
