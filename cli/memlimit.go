package cli

import (
	"os"
	"runtime/debug"
)

// bigInputBytes is the input size past which a one-shot command bounds
// its heap (limitHeapFor).
const bigInputBytes = 256 << 20

// limitHeapFor sets a soft memory limit of three times the inputs' size
// (total bytes; largest, the largest file's: sources.InputSize) for a
// command that reads them once and exits (every command but tui). Go's
// collector otherwise lets the heap grow to twice what is live: a million rows in
// 740 MB (about 1.6 GB live while the second file is parsed) peaked at
// 3.0 GB; under a limit the collector runs sooner instead, at no measured
// cost in CPU. Small inputs keep the default; a limit the live heap
// exceeds only makes the collector work harder (it is held to half the
// CPU), never fails.
//
// One large file alone is parsed into its points with next to no garbage
// (its bytes are mapped, not read into the heap): there the collector
// runs only near the limit, and once when the load has ended
// (sources.LoadPaths). A collection while its rows are parsed marks the
// whole points array and frees nothing (a million rows: 636 → 636 MB),
// and the peak is the same without it (1,027 MB). So does a large file
// read with small ones (a dump and local results), whose bytes and
// garbage are a sixteenth of the whole or less: with the proportional
// trigger on, the collector marked the million points over and over while
// the rest loaded. Inputs of several large files keep it: each one read
// leaves its bytes behind.
func limitHeapFor(total, largest int64) {
	if total < bigInputBytes || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetMemoryLimit(3 * total)
	if oneLargeFile(largest, total) && os.Getenv("GOGC") == "" {
		debug.SetGCPercent(-1)
	}
}

// oneLargeFile reports inputs that are one file but for a sixteenth.
func oneLargeFile(largest, total int64) bool { return largest >= total-total/16 }
