package tui

import (
	"fmt"
	"io"
	"runtime/metrics"
	"time"
)

// keyCost is what a key's update and frame cost besides their wall time,
// for the --debug log: the process's CPU (the key's own, and any other
// goroutine's or the collector's meanwhile), the heap allocated, and
// whether a collection ran or started meanwhile. A key that lands in a
// collection pays for what it allocates (mark assists), so its
// allocation is the figure to keep small (docs/workbench-speed.md).
type keyCost struct {
	cpu     time.Duration
	samples [3]metrics.Sample
}

// keyCostNames are the runtime's metrics keyCost reads: bytes allocated,
// collections ended, and the heap's live goal (it changes when a cycle
// ends).
var keyCostNames = [3]string{"/gc/heap/allocs:bytes", "/gc/cycles/total:gc-cycles", "/gc/heap/goal:bytes"}

// startKeyCost reads the counters when --debug logs (else nothing).
func startKeyCost() *keyCost {
	if debug.Writer() == io.Discard {
		return nil
	}
	c := &keyCost{cpu: processCPU()}
	for i, n := range keyCostNames {
		c.samples[i].Name = n
	}
	metrics.Read(c.samples[:])
	return c
}

// String is the cost since start: "CPU 3.1ms, 2.4 MB allocated" and ", a
// collection ended" when one did.
func (c *keyCost) String() string {
	if c == nil {
		return ""
	}
	cpu := processCPU() - c.cpu
	now := c.samples
	metrics.Read(now[:])
	s := fmt.Sprintf(" (CPU %s, %.1f MB allocated", cpu.Round(10*time.Microsecond), float64(now[0].Value.Uint64()-c.samples[0].Value.Uint64())/1e6)
	if n := now[1].Value.Uint64() - c.samples[1].Value.Uint64(); n > 0 {
		s += fmt.Sprintf(", %d collection(s) ended", n)
	}
	return s + ")"
}
