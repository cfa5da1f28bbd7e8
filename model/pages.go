package model

import (
	"os"
	"unsafe"
)

// WritePages writes a zero value into every page of s, which must hold
// zero values only (a fresh make). A fresh large slice is memory the
// system has not given yet: written first, each page is faulted once, a
// fresh page. Read first (a probe of an empty table, a collection marking
// it), the page is mapped to the shared zero page, and its first write
// must then copy it and flush it from every core's TLB: a million IDs'
// table paid 0.2 s of a load for it.
func WritePages[T any](s []T) []T {
	var zero T
	size := int(unsafe.Sizeof(zero))
	if size == 0 {
		return s
	}
	step := max(1, os.Getpagesize()/size)
	for i := 0; i < len(s); i += step {
		s[i] = zero
	}
	return s
}
