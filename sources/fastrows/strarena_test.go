package fastrows

import (
	"strings"
	"testing"
)

// Every string the arena makes reads what it was given, whatever the
// buffer it was read from holds after, across blocks and past a block's
// size.
func TestStrArenaKeepsEachValue(t *testing.T) {
	var a strArena
	var got, want []string
	buf := make([]byte, 0, 64<<10)
	for i := 0; i < 60000; i++ {
		n := i % 97
		if i%5000 == 0 {
			n = strArenaMost/8 + i%3 // its own string
		}
		buf = buf[:0]
		for j := 0; j < n; j++ {
			buf = append(buf, byte('a'+(i+j)%26))
		}
		want = append(want, string(buf))
		got = append(got, a.string(buf))
		for j := range buf {
			buf[j] = '#' // the reader's buffer is reused
		}
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("value %d: %q, want %q", i, got[i], want[i])
		}
	}
	if a.size != strArenaMost {
		t.Errorf("blocks grew to %d bytes, want %d", a.size, strArenaMost)
	}
	if s := a.string(nil); s != "" {
		t.Errorf("empty value: %q", s)
	}
	long := strings.Repeat("x", strArenaMost)
	if s := a.string([]byte(long)); s != long {
		t.Error("a value longer than a block is cut")
	}
}
