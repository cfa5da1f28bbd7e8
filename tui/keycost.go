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
	cpu       time.Duration
	faults    int64         // pages faulted in by the process so far
	tid       int           // the thread the update began on
	own       time.Duration // that thread's CPU then (-1: unknown)
	ownFaults int64         // and its pages faulted in
	samples   [3]metrics.Sample
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
	c := &keyCost{cpu: processCPU(), faults: processFaults()}
	c.tid, c.own, c.ownFaults = threadCPU()
	for i, n := range keyCostNames {
		c.samples[i].Name = n
	}
	metrics.Read(c.samples[:])
	return c
}

// String is the cost since start: " (CPU 3.1ms, 2.4 MB allocated, 12
// pages faulted in, its thread 1.2ms and 10 pages)", the thread's when
// the update ended on the thread it began on, and ", 1 collection(s)
// ended" when one did.
func (c *keyCost) String() string {
	if c == nil {
		return ""
	}
	cpu := processCPU() - c.cpu
	now := c.samples
	metrics.Read(now[:])
	s := fmt.Sprintf(" (CPU %s, %.1f MB allocated", cpu.Round(10*time.Microsecond), float64(now[0].Value.Uint64()-c.samples[0].Value.Uint64())/1e6)
	if n := processFaults() - c.faults; n > 0 {
		// In a VM a fresh page costs 5–9 µs: 2,500 of them are 10 MB
		// of new heap and 20 ms (docs/workbench-speed.md).
		s += fmt.Sprintf(", %d pages faulted in", n)
	}
	if tid, own, faults := threadCPU(); tid == c.tid && own >= 0 && c.own >= 0 {
		// the key's own CPU, but for work it handed to other goroutines
		s += fmt.Sprintf(", its thread %s", (own - c.own).Round(10*time.Microsecond))
		if n := faults - c.ownFaults; n > 0 {
			s += fmt.Sprintf(" and %d pages", n)
		}
	}
	if n := now[1].Value.Uint64() - c.samples[1].Value.Uint64(); n > 0 {
		s += fmt.Sprintf(", %d collection(s) ended", n)
	}
	return s + ")"
}
