package mem

import (
	"sync"
	"unsafe"
)

// Scratch arrays: the passes at the end of a load (marks, IDs, latest
// runs) each make arrays of a few megabytes a million points, which they
// drop when done. Made fresh, each is memory the process takes from the
// system page by page; on the virtual machines this runs on, a page the
// host has taken back since it was last used costs about 2 ms a megabyte
// to take again, ten to twenty times a page used a moment before
// (docs/report-speed.md). Given back when its pass is done, an array is
// taken by the next pass instead, its pages present already: a million
// rows took 360 MB of such arrays, every one fresh.
//
// An array given back must not be used again by the one who gave it.
// Only arrays of types without pointers may be pooled (the pool holds them
// as bytes, which the collector does not scan): integers, booleans and
// structs of them.

// scratchMin is the size below which an array is made and dropped as
// usual: a small one costs a few pages at most.
const scratchMin = 64 << 10

// scratchAlign keeps every array handed out at a cache line's start.
const scratchAlign = 64

var scratch struct {
	sync.Mutex
	users int      // UseScratch calls not ended: arrays are kept while there are any
	free  [][]byte // arrays given back, as bytes
	kept  int      // bytes in free
}

// UseScratch keeps the arrays given back for the passes after, until end
// is called; when no other use is on then, the pool lets them go, for the
// collector to free. A load uses it for its last passes.
func UseScratch() (end func()) {
	scratch.Lock()
	scratch.users++
	scratch.Unlock()
	return sync.OnceFunc(func() {
		scratch.Lock()
		defer scratch.Unlock()
		if scratch.users--; scratch.users == 0 {
			clear(scratch.free)
			scratch.free, scratch.kept = scratch.free[:0], 0
		}
	})
}

// Take is make([]T, n): zeroed, its pages present, from an array
// given back when one is large enough.
func Take[T any](n int) []T {
	size := int(unsafe.Sizeof(*new(T)))
	need := n * size
	if need < scratchMin {
		return make([]T, n)
	}
	b := scratchFit(need)
	if b == nil {
		return Fresh[T](n)
	}
	clear(b[:need])
	return unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(b))), len(b)/size)[:n]
}

// Give gives s (all of its capacity) to the passes after, while
// the pool is in use (UseScratch): the caller must not use s again.
func Give[T any](s []T) {
	size := int(unsafe.Sizeof(*new(T)))
	bytes := cap(s) * size
	if bytes < scratchMin {
		return
	}
	b := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s[:1]))), bytes)
	scratch.Lock()
	if scratch.users > 0 {
		scratch.free = append(scratch.free, b)
		scratch.kept += bytes
	}
	scratch.Unlock()
}

// scratchFit takes from the pool the smallest array of need bytes or
// more; a rest of scratchMin bytes or more stays in the pool.
func scratchFit(need int) []byte {
	scratch.Lock()
	defer scratch.Unlock()
	best := -1
	for i, b := range scratch.free {
		if len(b) >= need && (best < 0 || len(b) < len(scratch.free[best])) {
			best = i
		}
	}
	if best < 0 {
		return nil
	}
	b := scratch.free[best]
	last := len(scratch.free) - 1
	scratch.free[best], scratch.free[last] = scratch.free[last], nil
	scratch.free = scratch.free[:last]
	scratch.kept -= len(b)
	if used := (need + scratchAlign - 1) &^ (scratchAlign - 1); len(b)-used >= scratchMin {
		rest := b[used:]
		scratch.free = append(scratch.free, rest)
		scratch.kept += len(rest)
		b = b[:used:used]
	}
	return b
}

// Kept is how many bytes the pool holds.
func Kept() int {
	scratch.Lock()
	defer scratch.Unlock()
	return scratch.kept
}
