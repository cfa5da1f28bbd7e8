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

// offHeap is n bytes of memory the collector does not manage (anonymous,
// private: nothing a file's change can take away), and what gives it back.
func offHeap(n int) ([]byte, func(), bool) {
	b, err := syscall.Mmap(-1, 0, n, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return nil, nil, false
	}
	return b, func() { syscall.Munmap(b) }, true
}
