//go:build unix

package sources

import (
	"os"
	"syscall"
)

// openNoBlock opens for reading without waiting for a pipe's writer.
func openNoBlock(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}

// openNoFollow opens for writing without following a link at the last
// component and without waiting for a pipe's reader.
func openNoFollow(path string, flag int, perm os.FileMode) (*os.File, error) {
	return os.OpenFile(path, flag|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, perm)
}
