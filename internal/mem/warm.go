package mem

import "unsafe"

// WarmLines reads a byte of each cache line of *p, so that a move of it
// later finds it in the cache: a loop of moves down a cycle waits on each
// value in turn, these reads do not wait on each other. Its sum means
// nothing; the caller keeps it so that the reads stay.
func WarmLines[T any](p *T) int {
	b := unsafe.Pointer(p)
	n := 0
	for off := uintptr(0); off < unsafe.Sizeof(*p); off += 64 {
		n += int(*(*uint8)(unsafe.Add(b, off)))
	}
	return n
}
