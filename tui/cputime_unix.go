//go:build unix

package tui

import (
	"syscall"
	"time"
)

// processCPU is the process's CPU time so far (user and system), for the
// --debug log's phases.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
