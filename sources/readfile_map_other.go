//go:build !linux

package sources

import (
	"errors"
	"os"
)

// mapFile is not done here: a data file is read into memory.
func mapFile(*os.File, int64) ([]byte, error) { return nil, errors.ErrUnsupported }

func unmapFile([]byte) {}
