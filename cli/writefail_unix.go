//go:build unix

package cli

import (
	"errors"
	"syscall"
)

// isWriteErrno reports a failure of the storage, not of the input.
func isWriteErrno(err error) bool {
	for _, e := range []error{syscall.ENOSPC, syscall.EDQUOT, syscall.EROFS, syscall.EIO, syscall.EFBIG} {
		if errors.Is(err, e) {
			return true
		}
	}
	return false
}
