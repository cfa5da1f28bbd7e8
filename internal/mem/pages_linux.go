//go:build linux

package mem

import (
	"os"
	"syscall"
	"unsafe"
)

// madvPopulateWrite is MADV_POPULATE_WRITE (Linux 5.14): fault the range
// in, writable, without touching its contents.
const madvPopulateWrite = 23

// prefaultPages fills the pages under [p, p+n) writable in one system
// call; false when the kernel cannot (before 5.14: EINVAL), and the
// caller then writes them itself. The contents are left as they are: a
// present page is passed over and an absent one comes in zeroed, which is
// what it reads as anyway, so the pages the range shares with its
// neighbours at either end are safe to include.
func prefaultPages(p unsafe.Pointer, n uintptr) bool {
	page := uintptr(os.Getpagesize())
	lo := uintptr(p) &^ (page - 1)
	hi := (uintptr(p) + n + page - 1) &^ (page - 1)
	_, _, errno := syscall.Syscall(syscall.SYS_MADVISE, lo, hi-lo, madvPopulateWrite)
	return errno == 0
}
