package intern

import (
	"strings"
	"testing"
	"unsafe"
)

// Equal strings at different places are not the same; the same bytes are,
// and a shorter string at the same place is not.
func TestSameIsPlaceAndLength(t *testing.T) {
	a := strings.Repeat("gb300", 2)
	b := strings.Clone(a)
	if !Same(a, a) || Same(a, b) || Same(a, a[:5]) {
		t.Fatalf("Same(a, a)=%v Same(a, copy)=%v Same(a, a[:5])=%v", Same(a, a), Same(a, b), Same(a, a[:5]))
	}
	if At("") != 0 || !Same("", b[:0]) {
		t.Fatal("every empty string is at 0 and the same")
	}
}

// Frozen shares the bytes it is given: no copy.
func TestFrozenSharesBytes(t *testing.T) {
	buf := []byte("agg-tp8-c16@b200")
	s := Frozen(buf[4:8])
	if s != "tp8-" || At(s) != uint64(uintptr(unsafe.Pointer(&buf[4]))) {
		t.Fatalf("Frozen = %q at %x, bytes at %p", s, At(s), &buf[4])
	}
}
