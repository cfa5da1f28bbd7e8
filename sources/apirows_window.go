package sources

import (
	"github.com/sweeptune/sweeptune/internal/mem"
)

// A mapped file's windows are read, not mapped in: each worker reads the
// window it counts or decodes into a buffer of its own, used again window
// after window. Mapped, every page of the file cost a fill at its first
// read, once in the count and once in the parse, and a call to give it
// back after each; read, the kernel copies the page cache's bytes into
// pages the process has already. A million rows: CPU A/B 0.84, wall 0.86
// (docs/report-speed.md). The file stays mapped for what reads a few of
// its bytes (the format's detection, the window cuts) and for the
// sequential path.

// fileReader reads the bytes of a mapped file, from offset lo of the
// parsed data, into dst: false when the file no longer holds them all
// (it was cut short since it was mapped).
type fileReader interface {
	readInto(dst []byte, lo int) bool
}

// windowReader gives a worker the bytes of a window: the data itself when
// it is in memory (no file), else the window read into the worker's
// buffer.
type windowReader struct {
	data []byte
	file fileReader
	bufs [][]byte // per worker, as long as the longest window
}

func newWindowReader(data []byte, file fileReader, workers int, cuts, ends []int) *windowReader {
	r := &windowReader{data: data, file: file}
	if file == nil {
		return r
	}
	longest := 0
	for w := range cuts {
		longest = max(longest, ends[w]-cuts[w])
	}
	r.bufs = make([][]byte, workers)
	for i := range r.bufs {
		r.bufs[i] = mem.Fresh[byte](longest)
	}
	return r
}

// bytes is the window lo … hi of the data as b[from:to], b ending where
// the window does; false when it could not be read whole.
func (r *windowReader) bytes(worker, lo, hi int) (b []byte, from, to int, ok bool) {
	if r.file == nil {
		return r.data, lo, hi, true
	}
	b = r.bufs[worker][:hi-lo]
	if !r.file.readInto(b, lo) {
		return b[:0], 0, 0, false
	}
	return b, 0, hi - lo, true
}
