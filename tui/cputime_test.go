package tui

import (
	"testing"
	"time"
)

// cpuClock reports the process' CPU time per operation beside the wall
// time: on a machine shared with other work the wall time of a key press
// grows with the load, its CPU time does not.
type cpuClock struct{ start time.Duration }

func startCPU(b *testing.B) *cpuClock {
	b.ResetTimer()
	return &cpuClock{start: processCPU()}
}

func (c *cpuClock) report(b *testing.B, perOp int) {
	b.StopTimer()
	if d := processCPU() - c.start; d > 0 {
		b.ReportMetric(float64(d.Nanoseconds())/float64(b.N*perOp), "cpu-ns/key")
	}
}
