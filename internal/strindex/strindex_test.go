package strindex

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// The index answers as a map of each string to its first place does,
// with duplicates, the empty string and strings never indexed.
func TestIndexIsTheFirstPlaceMap(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 2, 7, 100, 5000} {
		keys := make([]string, n)
		for i := range keys {
			keys[i] = fmt.Sprintf("id-%d", r.IntN(max(n/2, 1))) // about half are repeats
		}
		if n > 3 {
			keys[3] = ""
		}
		want := map[string]int{}
		for i, k := range keys {
			if _, ok := want[k]; !ok {
				want[k] = i
			}
		}
		x := New(n, func(i int) string { return keys[i] })
		if x.Len() != len(want) {
			t.Fatalf("n=%d: Len %d, want %d", n, x.Len(), len(want))
		}
		for k, i := range want {
			if got, ok := x.Find(k); !ok || got != i {
				t.Fatalf("n=%d: Find(%q) = %d, %v; want %d", n, k, got, ok, i)
			}
		}
		for _, k := range []string{"id--1", "nope", fmt.Sprintf("id-%d", n)} {
			if _, ok := want[k]; ok {
				continue
			}
			if got, ok := x.Find(k); ok {
				t.Fatalf("n=%d: Find(%q) = %d, true for a string not indexed", n, k, got)
			}
		}
	}
}

// Strings of one hash still find their own places: the place's string is
// compared, not only the hash.
func TestIndexComparesTheStringOnAHashMatch(t *testing.T) {
	keys := []string{"a", "b", "a", "c", "b"}
	x := build(len(keys), func(i int) string { return keys[i] }, func(string) uint64 { return 42 })
	if x.Len() != 3 {
		t.Fatalf("Len %d, want 3", x.Len())
	}
	for k, want := range map[string]int{"a": 0, "b": 1, "c": 3} {
		if got, ok := x.Find(k); !ok || got != want {
			t.Fatalf("Find(%q) = %d, %v; want %d", k, got, ok, want)
		}
	}
	if _, ok := x.Find("d"); ok {
		t.Fatal("found a string never indexed")
	}
}

func TestNilIndexFindsNothing(t *testing.T) {
	var x *Index
	if _, ok := x.Find("a"); ok || x.Len() != 0 {
		t.Fatal("a nil index found something")
	}
}

func BenchmarkIndexMillion(b *testing.B) {
	keys := make([]string, 1000000)
	for i := range keys {
		keys[i] = fmt.Sprintf("dsr1-fp8-gb200-dynamo-sglang/1p2d-tp8-c%d", i)
	}
	b.Run("strindex", func(b *testing.B) {
		for b.Loop() {
			New(len(keys), func(i int) string { return keys[i] })
		}
	})
	b.Run("map", func(b *testing.B) {
		for b.Loop() {
			m := make(map[string]int, len(keys))
			for i, k := range keys {
				if _, dup := m[k]; !dup {
					m[k] = i
				}
			}
		}
	})
}
