//go:build !unix

package cli

import (
	"errors"
	"syscall"
)

// isWriteErrno reports a failure of the storage, not of the input.
func isWriteErrno(err error) bool { return errors.Is(err, syscall.ENOSPC) }
