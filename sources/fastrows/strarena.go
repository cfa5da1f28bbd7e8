package fastrows

import (
	"unsafe"

	"github.com/sweeptune/sweeptune/internal/mem"
)

// strArena makes strings of the bytes it is given side by side in blocks
// of its own, never written again once a string is cut from them: a
// million run URLs are a few hundred blocks, not a million allocations,
// and each large block comes with its pages present (mem.Fresh), not
// faulted one by one as strings fill them.
type strArena struct {
	block []byte
	size  int // the next block's size
}

// Blocks grow from strArenaFirst to strArenaMost, so a small file keeps a
// small block; a value longer than a block's eighth gets its own string.
const (
	strArenaFirst = 4 << 10
	strArenaMost  = 1 << 20
)

// string is b as a string; b is copied.
func (a *strArena) string(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	if len(b) > strArenaMost/8 {
		return string(b)
	}
	if cap(a.block)-len(a.block) < len(b) {
		a.size = min(max(2*a.size, strArenaFirst), strArenaMost)
		for a.size < 8*len(b) {
			a.size *= 2
		}
		a.block = mem.Fresh[byte](a.size)[:0]
	}
	at := len(a.block)
	a.block = append(a.block, b...)
	return unsafe.String(&a.block[at], len(b))
}
