package model

import (
	"bytes"
	"reflect"
	"testing"
	"unsafe"
)

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
	check("slots", WritePages(make([]idSlot, 1<<17)), make([]idSlot, 1<<17))
	check("points", WritePages(make([]Point, 100)), make([]Point, 100))
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
	big := Fresh[Point](prefaultMin/int(unsafe.Sizeof(Point{})) + 10)
	if !reflect.DeepEqual(big, make([]Point, len(big))) {
		t.Fatal("Fresh points are not zero points")
	}
}
