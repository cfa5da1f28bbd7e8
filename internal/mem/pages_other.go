//go:build !linux

package mem

import "unsafe"

// prefaultPages cannot fill pages ahead on this system: WritePages writes
// them.
func prefaultPages(unsafe.Pointer, uintptr) bool { return false }
