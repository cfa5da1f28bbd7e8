package tui

import (
	"syscall"
	"time"
)

// threadCPU is the calling thread's id, CPU time and pages faulted in so
// far: a key's own when its update ran on one thread throughout (the
// --debug log).
func threadCPU() (tid int, cpu time.Duration, faults int64) {
	var ru syscall.Rusage
	if syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru) != nil {
		return 0, -1, 0
	}
	return syscall.Gettid(), time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), int64(ru.Minflt + ru.Majflt)
}
