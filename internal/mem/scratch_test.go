package mem

import (
	"sync"
	"testing"
	"unsafe"
)

func TestScratchGivenBackIsTakenZeroed(t *testing.T) {
	end := UseScratch()
	defer end()
	a := Take[uint64](1 << 16) // 512 KiB
	for i := range a {
		a[i] = ^uint64(0)
	}
	first := unsafe.SliceData(a)
	Give(a)
	if got := Kept(); got != 1<<19 {
		t.Fatalf("pool holds %d bytes, want %d", got, 1<<19)
	}
	b := Take[int32](1 << 16) // 256 KiB of the same array
	if unsafe.Pointer(unsafe.SliceData(b)) != unsafe.Pointer(first) {
		t.Fatal("a fitting array given back was not taken")
	}
	if len(b) != 1<<16 {
		t.Fatalf("len %d, want %d", len(b), 1<<16)
	}
	for i, v := range b {
		if v != 0 {
			t.Fatalf("b[%d] = %d: a taken array must be zeroed", i, v)
		}
	}
	// the rest of the array (256 KiB) stays for the next taker
	if got := Kept(); got != 1<<18 {
		t.Fatalf("pool holds %d bytes after a split, want %d", got, 1<<18)
	}
	c := Take[bool](1 << 18)
	if uintptr(unsafe.Pointer(unsafe.SliceData(c))) != uintptr(unsafe.Pointer(first))+1<<18 {
		t.Fatal("the rest of a split array was not taken")
	}
	for i, v := range c {
		if v {
			t.Fatalf("c[%d] set: a taken array must be zeroed", i)
		}
	}
	if got := Kept(); got != 0 {
		t.Fatalf("pool holds %d bytes, want 0", got)
	}
}

func TestScratchTakesTheSmallestFit(t *testing.T) {
	end := UseScratch()
	defer end()
	big, small := Take[uint64](1<<17), Take[uint64](1<<14)
	Give(big)
	Give(small)
	got := Take[uint64](1 << 14)
	if unsafe.SliceData(got) != unsafe.SliceData(small) {
		t.Fatal("a request that fits the small array took the large one")
	}
	if kept := Kept(); kept != 1<<20 {
		t.Fatalf("pool holds %d bytes, want the large array's %d", kept, 1<<20)
	}
}

func TestScratchKeptOnlyWhileUsed(t *testing.T) {
	Give(make([]int32, 1<<16))
	if got := Kept(); got != 0 {
		t.Fatalf("an array given back with no use on was kept (%d bytes)", got)
	}
	outer := UseScratch()
	inner := UseScratch()
	Give(make([]int32, 1<<16))
	inner()
	inner() // ending twice ends once
	if got := Kept(); got != 1<<18 {
		t.Fatalf("the pool let go while a use was still on: %d bytes", got)
	}
	outer()
	if got := Kept(); got != 0 {
		t.Fatalf("the pool kept %d bytes after every use ended", got)
	}
}

func TestScratchSmallArraysAreNotPooled(t *testing.T) {
	end := UseScratch()
	defer end()
	Give(make([]int32, 100))
	if got := Kept(); got != 0 {
		t.Fatalf("a small array was pooled (%d bytes)", got)
	}
	if s := Take[int32](100); len(s) != 100 {
		t.Fatalf("len %d", len(s))
	}
}

// Two passes taking and giving at once never share an array: each writes
// its own marks and finds them intact (run under -race too).
func TestScratchAtOnce(t *testing.T) {
	end := UseScratch()
	defer end()
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for round := range 50 {
				s := Take[int32](1<<14 + round*64)
				for i := range s {
					s[i] = int32(g)
				}
				for i, v := range s {
					if v != int32(g) {
						t.Errorf("goroutine %d round %d: s[%d] = %d, written by another", g, round, i, v)
						return
					}
				}
				Give(s)
			}
		})
	}
	wg.Wait()
}
