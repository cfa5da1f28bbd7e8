package tui

import (
	"syscall"
	"time"
)

// threadCPU is the calling thread's id and CPU time so far: a key's own
// CPU when its update ran on one thread throughout (the --debug log).
func threadCPU() (tid int, cpu time.Duration) {
	var ru syscall.Rusage
	if syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru) != nil {
		return 0, -1
	}
	return syscall.Gettid(), time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
