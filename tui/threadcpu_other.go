//go:build !linux

package tui

import "time"

// threadCPU is unknown here.
func threadCPU() (tid int, cpu time.Duration, faults int64) { return 0, -1, 0 }
