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

// processFaults is how many pages the process has faulted in so far
// (minor and major faults): a key that touches fresh memory pays for
// each page, which the --debug log shows beside its CPU.
func processFaults() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return int64(ru.Minflt + ru.Majflt)
}
