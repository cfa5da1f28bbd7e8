//go:build !linux

package model

import "unsafe"

// prefaultPages cannot fill pages ahead on this system: WritePages writes
// them.
func prefaultPages(unsafe.Pointer, uintptr) bool { return false }
