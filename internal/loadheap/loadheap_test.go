package loadheap

import (
	"os"
	"runtime/debug"
	"testing"
)

// A large file read with small ones (a dump and a directory of local
// results) loads as one file does, with the proportional trigger off; two
// large files keep it.
func TestOneLargeFile(t *testing.T) {
	const mb = 1 << 20
	for _, c := range []struct {
		largest, total int64
		want           bool
	}{
		{747 * mb, 747 * mb, true},
		{747 * mb, 747*mb + 9*mb, true}, // corpus2 beside a million rows
		{747 * mb, 747*mb + 46*mb, true},
		{747 * mb, 747*mb + 60*mb, false},
		{400 * mb, 800 * mb, false},
	} {
		if got := OneLargeFile(c.largest, c.total); got != c.want {
			t.Errorf("OneLargeFile(%d MB, %d MB) = %v", c.largest/mb, c.total/mb, got)
		}
	}
}

func gcPercent() int {
	p := debug.SetGCPercent(0)
	debug.SetGCPercent(p)
	return p
}

func memLimit() int64 { return debug.SetMemoryLimit(-1) } // a negative limit reads it

// Two loads of one large file overlap (a reload while the first is read):
// the heap stays bounded until both are undone, then is as it was; a
// small input changes nothing.
func TestBoundHoldsUntilEveryLoadIsUndone(t *testing.T) {
	if os.Getenv("GOMEMLIMIT") != "" || os.Getenv("GOGC") != "" {
		t.Skip("GOMEMLIMIT or GOGC set: Bound leaves the heap as they say")
	}
	percent, limit := gcPercent(), memLimit()
	const gb = 1 << 30
	small := Bound(1<<20, 1<<20)
	if gcPercent() != percent || memLimit() != limit {
		t.Fatalf("a small input changed the heap: GOGC %d, limit %d", gcPercent(), memLimit())
	}
	small()
	first := Bound(gb, gb)
	if gcPercent() != -1 || memLimit() != 3*gb {
		t.Fatalf("one large file: GOGC %d, limit %d; want off and 3 GiB", gcPercent(), memLimit())
	}
	second := Bound(gb, gb)
	first()
	first() // once
	if gcPercent() != -1 || memLimit() != 3*gb {
		t.Fatalf("undone once of two: GOGC %d, limit %d; want still off and 3 GiB", gcPercent(), memLimit())
	}
	second()
	if gcPercent() != percent || memLimit() != limit {
		t.Fatalf("undone: GOGC %d, limit %d; want %d, %d", gcPercent(), memLimit(), percent, limit)
	}
	two := Bound(2*gb, gb) // two large files: the trigger stays on
	if gcPercent() != percent || memLimit() != 6*gb {
		t.Fatalf("two large files: GOGC %d, limit %d; want %d and 6 GiB", gcPercent(), memLimit(), percent)
	}
	two()
}
