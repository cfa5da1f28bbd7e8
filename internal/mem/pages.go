package mem

import (
	"os"
	"unsafe"
)

// WritePages makes every page of s present and writable, s holding zero
// values only (a fresh make). A fresh large slice is memory the system has
// not given yet: written first, each page is faulted once, a fresh page.
// Read first (a probe of an empty table, a collection marking it), the
// page is mapped to the shared zero page, and its first write must then
// copy it and flush it from every core's TLB: a million IDs' table paid
// 0.2 s of a load for it.
//
// Where the system can fill the pages in one call (prefaultPages), no
// page is faulted at all: a fault taken from the program cost 11–13 µs a
// page on the virtual machines this was measured on, the same page filled
// by the kernel in one call about 1.5 µs, then about 5 µs at its first
// write (docs/report-speed.md).
func WritePages[T any](s []T) []T {
	var zero T
	size := int(unsafe.Sizeof(zero))
	if size == 0 || len(s) == 0 {
		return s
	}
	if len(s)*size >= prefaultMin && prefaultPages(unsafe.Pointer(&s[0]), uintptr(len(s)*size)) {
		return s
	}
	step := max(1, os.Getpagesize()/size)
	for i := 0; i < len(s); i += step {
		s[i] = zero
	}
	return s
}

// prefaultMin is the size from which WritePages asks the system to fill
// the pages rather than writing them: below it, a call costs more than the
// few faults it saves.
const prefaultMin = 256 << 10

// Fresh is make([]T, n) with its pages present (WritePages): for the large
// arrays of one pass over every point, each of which would otherwise take
// a fault for each of its pages as it is first written.
func Fresh[T any](n int) []T { return WritePages(make([]T, n)) }
