// Package loadheap bounds the heap while large inputs are read.
//
// Go's collector lets the heap grow to twice what is live: a million rows
// in 740 MB (about 1.6 GB live while the second file is parsed) peaked at
// 3.0 GB. Under a soft limit of three times the inputs' size the collector
// runs sooner instead, at no measured cost in CPU. Small inputs keep the
// default; a limit the live heap exceeds only makes the collector work
// harder (it is held to half the CPU), never fails.
//
// One large file alone is parsed into its points with next to no garbage
// (its bytes are mapped, not read into the heap): there the collector
// runs only near the limit, and once when the load has ended. A
// collection while its rows are parsed marks the whole points array and
// frees nothing (a million rows: 636 → 636 MB, 84 ms of CPU in the
// workbench before its first table), and the peak is the same without it
// (1,027 MB). So does a large file read with small ones (a dump and local
// results), whose bytes and garbage are a sixteenth of the whole or less:
// with the proportional trigger on, the collector marked the million
// points over and over while the rest loaded. Inputs of several large
// files keep it: each one read leaves its bytes behind.
package loadheap

import (
	"os"
	"runtime/debug"
	"sync"
)

// bigInputBytes is the input size past which a load bounds the heap.
const bigInputBytes = 256 << 20

var held struct {
	sync.Mutex
	n                int   // Bounds not undone
	percent, limit   int64 // what the first one replaced
	setPercent, setL bool
}

// Bound sets a soft memory limit of three times the inputs' size (total
// bytes; largest, the largest file's: sources.InputSize) and, for one
// large file, turns the proportional trigger off, unless GOMEMLIMIT or
// GOGC say otherwise. undo puts back what was there once every Bound
// still in force is undone (a command that reads once and exits need not
// call it); call it after the collection that ends the load, which then
// sets the next goal from what is live.
func Bound(total, largest int64) (undo func()) {
	if total < bigInputBytes || os.Getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	held.Lock()
	defer held.Unlock()
	if held.n == 0 {
		held.limit, held.setL = debug.SetMemoryLimit(3*total), true
		held.setPercent = OneLargeFile(largest, total) && os.Getenv("GOGC") == ""
		if held.setPercent {
			held.percent = int64(debug.SetGCPercent(-1))
		}
	}
	held.n++
	var once sync.Once
	return func() { once.Do(release) }
}

func release() {
	held.Lock()
	defer held.Unlock()
	if held.n--; held.n > 0 {
		return
	}
	if held.setPercent {
		debug.SetGCPercent(int(held.percent))
	}
	if held.setL {
		debug.SetMemoryLimit(held.limit)
	}
	held.setPercent, held.setL = false, false
}

// OneLargeFile reports inputs that are one file but for a sixteenth.
func OneLargeFile(largest, total int64) bool { return largest >= total-total/16 }
