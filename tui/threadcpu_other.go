//go:build !linux

package tui

import "time"

// threadCPU is unknown here.
func threadCPU() (tid int, cpu time.Duration) { return 0, -1 }
