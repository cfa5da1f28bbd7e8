//go:build !linux

package mem

import (
	"errors"
	"os"
)

// MapFile is not done here: the caller reads the file into memory.
func MapFile(*os.File, int64) ([]byte, error) { return nil, errors.ErrUnsupported }

// Unmap has nothing to give back.
func Unmap([]byte) {}
