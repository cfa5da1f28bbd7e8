package sources

import (
	"strings"
	"testing"
)

// keySlot.at is the string comparison it replaces, for keys of every
// length, a byte changed at every place, and keys near the end of data.
func TestKeySlotAtIsStringEquality(t *testing.T) {
	for n := 1; n <= 20; n++ {
		key := strings.Repeat("abcdefghij", 2)[:n]
		slot := newKeySlot(key, 3)
		for _, tail := range []string{`":1}`, `"`, `"` + strings.Repeat(" ", 16)} {
			data := []byte(key + tail)
			if !slot.at(data, 0) {
				t.Fatalf("key %q not found in %q", key, data)
			}
			for i := range n {
				bad := []byte(key + tail)
				bad[i] ^= 0x20
				if slot.at(bad, 0) {
					t.Fatalf("key %q found in %q", key, bad)
				}
			}
			prefixed := append([]byte(`{"`), data...)
			if !slot.at(prefixed, 2) {
				t.Fatalf("key %q not found at 2 in %q", key, prefixed)
			}
		}
	}
}
