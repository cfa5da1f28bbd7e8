package intern

import (
	"math/rand/v2"
	"testing"
)

// sixKey is a key of six strings, as a curve's.
type sixKey struct{ f [6]string }

func (k sixKey) Fields() [6]string { return k.f }

// Keys numbers keys as a map in order of first appearance would, whether
// equal keys share their strings or are made of copies (new bytes
// elsewhere), through its tables' doublings and after a Reserve.
func TestKeysNumberAsMap(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	vals := []string{"", "gb200", "gb300", "b200", "x", "xx", "é", "gb2000"}
	for _, copies := range []bool{false, true} {
		for _, reserve := range []bool{false, true} {
			c := NewKeys[sixKey]()
			if reserve {
				c.Reserve(3000)
			}
			want := map[sixKey]int32{}
			for range 20000 {
				v := func() string {
					s := vals[r.IntN(len(vals))]
					if copies && r.IntN(2) == 0 {
						s = string([]byte(s)) // equal, not the same bytes
					}
					return s
				}
				k := sixKey{[6]string{v(), v(), v(), v(), v(), v()}}
				w, ok := want[k]
				if !ok {
					w = int32(len(want))
					want[k] = w
				}
				if got := c.Of(&k, &k.f); got != w {
					t.Fatalf("%v: %d, want %d", k, got, w)
				}
				if c.Keys()[w] != k {
					t.Fatalf("keys[%d] = %v, want %v", w, c.Keys()[w], k)
				}
			}
			if len(c.Keys()) != len(want) || len(want) < 1000 {
				t.Fatalf("%d keys, want %d", len(c.Keys()), len(want))
			}
		}
	}
}

// BenchmarkKeysOf numbers 200,000 keys of 1,000 distinct ones whose
// strings are shared, as a load's are: the identity table's hits.
func BenchmarkKeysOf(b *testing.B) {
	distinct := make([]sixKey, 1000)
	for i := range distinct {
		distinct[i] = sixKey{[6]string{"model" + string(rune('a'+i%7)), "8k1k", "gb" + string(rune('a'+i%13)), "sglang", "fp" + string(rune('a'+i/91)), "mtp"}}
	}
	r := rand.New(rand.NewPCG(3, 3))
	keys := make([]sixKey, 200000)
	for i := range keys {
		keys[i] = distinct[r.IntN(len(distinct))]
	}
	for b.Loop() {
		c := NewKeys[sixKey]()
		for i := range keys {
			c.Of(&keys[i], &keys[i].f)
		}
	}
}
