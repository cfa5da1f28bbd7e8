package mem

import (
	"bytes"
	"reflect"
	"testing"
	"unsafe"
)

// slot and point stand for a hash table's slot and a struct of many
// fields (strings, a slice, numbers) larger than a cache line.
type slot struct {
	h uint64
	j int32
}

type point struct {
	id, label string
	tags      []string
	vals      [40]float64
	n         int
}

// WritePages gives back the slice it was given, zeros still, whatever the
// size of an element against a page.
func TestWritePagesKeepsZeros(t *testing.T) {
	check := func(name string, got, want any) {
		t.Helper()
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: not the zeros it was given", name)
		}
	}
	b := make([]bool, 3<<20)
	check("bools", WritePages(b), make([]bool, 3<<20))
	check("slots", WritePages(make([]slot, 1<<17)), make([]slot, 1<<17))
	check("points", WritePages(make([]point, 100)), make([]point, 100))
	check("empty", WritePages([]string(nil)), []string(nil))
	check("zero-size", WritePages(make([]struct{}, 5)), make([]struct{}, 5))
	if got := WritePages(b); &got[0] != &b[0] || len(got) != len(b) {
		t.Error("not the same slice")
	}
}

// Filling pages ahead changes no byte: not the slice's, not its
// neighbours' on the pages it shares with them at either end.
func TestPrefaultPagesKeepsEveryByte(t *testing.T) {
	buf := make([]byte, 3<<20)
	for i := range buf {
		buf[i] = byte(i*7 + 3)
	}
	want := append([]byte(nil), buf...)
	inner := buf[12345 : len(buf)-6789] // starts and ends mid-page
	if !prefaultPages(unsafe.Pointer(&inner[0]), uintptr(len(inner))) {
		t.Log("this system fills no pages ahead; WritePages writes them")
	}
	if !bytes.Equal(buf, want) {
		t.Fatal("bytes changed by filling their pages")
	}
}

// Fresh is a zeroed slice of the length asked, large or small, written
// through or not.
func TestFreshIsZeroed(t *testing.T) {
	for _, n := range []int{0, 1, 1000, prefaultMin/8 + 1, 1 << 20} {
		s := Fresh[uint64](n)
		if len(s) != n || cap(s) != n {
			t.Fatalf("Fresh(%d): len %d cap %d", n, len(s), cap(s))
		}
		for i, v := range s {
			if v != 0 {
				t.Fatalf("Fresh(%d)[%d] = %d", n, i, v)
			}
		}
	}
	big := Fresh[point](prefaultMin/int(unsafe.Sizeof(point{})) + 10)
	if !reflect.DeepEqual(big, make([]point, len(big))) {
		t.Fatal("Fresh points are not zero points")
	}
}
