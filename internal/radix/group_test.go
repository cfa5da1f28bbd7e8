package radix

import (
	"math/rand/v2"
	"testing"
)

// TestGroupIDs checks the numbering against a map: equal keys share a
// number, distinct keys do not, numbers ascend with the keys.
func TestGroupIDs(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, tc := range []struct {
		n   int
		max uint64
	}{{0, 1}, {1, 1}, {5, 1}, {100, 3}, {1000, 1 << 9}, {3000, 1 << 40}, {2000, 1<<64 - 1}} {
		keys := make([]uint64, tc.n)
		for i := range keys {
			keys[i] = r.Uint64N(tc.max)
			if tc.max == 1<<64-1 {
				keys[i] = r.Uint64() | uint64(i%2)<<63
			}
		}
		ids, n := GroupIDs(keys)
		byKey := map[uint64]int32{}
		for i, k := range keys {
			if id, ok := byKey[k]; ok && id != ids[i] {
				t.Fatalf("n=%d: key %d numbered %d and %d", tc.n, k, id, ids[i])
			}
			byKey[k] = ids[i]
		}
		if n != len(byKey) {
			t.Fatalf("n=%d: %d groups, want %d", tc.n, n, len(byKey))
		}
		for i := range keys {
			for j := range min(len(keys), 50) {
				if (keys[i] < keys[j]) != (ids[i] < ids[j]) {
					t.Fatalf("n=%d: keys %d < %d but ids %d, %d", tc.n, keys[i], keys[j], ids[i], ids[j])
				}
			}
		}
	}
}

// BenchmarkGroupIDs1M numbers a million keys of a load's configurations:
// curve, source and base ID packed in 32 bits, as latestIndex packs them.
func BenchmarkGroupIDs1M(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 4))
	keys := make([]uint64, 1_000_000)
	for i := range keys {
		keys[i] = uint64(r.IntN(1000))<<22 | uint64(r.IntN(4))<<20 | uint64(r.IntN(1<<19))
	}
	for b.Loop() {
		GroupIDs(keys)
	}
}
