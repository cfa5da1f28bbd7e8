package fastrows

import (
	"strings"
	"testing"
	"unsafe"
)

// keyLead.at is the prefix comparison it replaces, for leads of every
// length kept, a byte changed at every place, and leads near the end of
// data.
func TestKeyLeadAtIsPrefixEquality(t *testing.T) {
	text := strings.Repeat(`, "abcdefgh": `, 6)
	for n := 1; n <= maxLead; n++ {
		lead := newKeyLead(text[:n], 0)
		for _, tail := range []string{"", "1", `1, "x": 2}` + strings.Repeat(" ", 16)} {
			data := []byte("{" + text[:n] + tail)
			if !lead.at(data, 1) {
				t.Fatalf("lead %q not found in %q", text[:n], data)
			}
			if n > 1 && lead.at(data[:n], 1) {
				t.Fatalf("lead %q found in %q, which is a byte short", text[:n], data[:n])
			}
			for i := 1; i <= n; i++ {
				bad := []byte(string(data))
				bad[i] ^= 0x01
				if lead.at(bad, 1) {
					t.Fatalf("lead %q found in %q", text[:n], bad)
				}
			}
		}
	}
	var none keyLead
	if none.at([]byte(`, "model": 1}`), 0) {
		t.Fatal("no lead matched")
	}
}

// A lead is kept once: reading it again from other bytes keeps the first
// copy, and one longer than maxLead is not kept.
func TestKeyLeadRemember(t *testing.T) {
	var l keyLead
	data := []byte(`{"a": 1, "model": 2}`)
	l.remember(data, 7, 10, 18)
	if l.text != `, "model": ` || l.keyOff != 3 {
		t.Fatalf("%q %d", l.text, l.keyOff)
	}
	kept := l.text
	l.remember([]byte(`{"a": 1, "model": 2}`), 7, 10, 18)
	if unsafe.StringData(l.text) != unsafe.StringData(kept) {
		t.Fatal("the same lead was copied again")
	}
	long := []byte("," + strings.Repeat(" ", maxLead) + `"model": 1`)
	l.remember(long, 0, maxLead+2, len(long)-1)
	if l.text != kept {
		t.Fatalf("a lead of %d bytes was kept", len(long)-1)
	}
}
