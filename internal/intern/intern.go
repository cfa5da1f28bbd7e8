// Package intern tells strings apart by where their bytes lie, and makes
// strings of bytes that are never written again without copying them: the
// loaders share each distinct string of a curve key or a date between
// thousands of points, so the same bytes at the same place are the same
// string, found without reading a byte of it. It imports no code of this
// module; its callers keep the strings alive (a table holds the string,
// not only its address).
package intern

import "unsafe"

// At is where s's bytes are; 0 for the empty string, wherever it is.
func At(s string) uint64 {
	if len(s) == 0 {
		return 0
	}
	return uint64(uintptr(unsafe.Pointer(unsafe.StringData(s))))
}

// Same reports whether a and b are the same bytes at the same place.
func Same(a, b string) bool { return len(a) == len(b) && At(a) == At(b) }

// Frozen is b as a string without a copy. The caller must never write b's
// bytes again (an arena of IDs that only grows at its end).
func Frozen(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }
