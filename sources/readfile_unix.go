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
