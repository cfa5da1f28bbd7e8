// Package strindex is an index of n strings by value (each to the first
// place holding it), for strings that already lie in the caller's data:
// it keeps each string's 64-bit hash and place, sorted by hash, not the
// strings, and reads the caller's string at a place to confirm a match.
// At a million point IDs it is made in sequential passes (a hash each and
// a radix sort) where a map[string]int probes a table larger than the
// cache a million times, and it is a third of the map's size
// (BenchmarkIndexMillion).
package strindex

import (
	"hash/maphash"
	"slices"

	"github.com/sweeptune/sweeptune/internal/radix"
)

// Index finds the first of key(0..n-1) equal to a string.
type Index struct {
	key  func(i int) string
	hash func(s string) uint64
	hs   []uint64 // the strings' hashes, ascending
	at   []int32  // the place of each, ascending among equal hashes
	n    int      // distinct strings
}

// New indexes key(i) for i in [0, n): n must fit in an int32.
func New(n int, key func(i int) string) *Index {
	seed := maphash.MakeSeed()
	return build(n, key, func(s string) uint64 { return maphash.String(seed, s) })
}

// build is New hashing with hash.
func build(n int, key func(i int) string, hash func(string) uint64) *Index {
	x := &Index{key: key, hash: hash, hs: make([]uint64, n), at: make([]int32, n)}
	for i := range n {
		x.hs[i], x.at[i] = hash(key(i)), int32(i)
	}
	radix.Sort(x.hs, x.at) // stable: a hash's places stay ascending
	for lo := 0; lo < n; {
		hi := lo + 1
		for hi < n && x.hs[hi] == x.hs[lo] {
			hi++
		}
		if hi == lo+1 { // a hash of one place: no string read
			x.n++
			lo = hi
			continue
		}
		for k := lo; k < hi; k++ { // distinct unless an earlier one of the hash is equal
			s := key(int(x.at[k]))
			if !slices.ContainsFunc(x.at[lo:k], func(j int32) bool { return key(int(j)) == s }) {
				x.n++
			}
		}
		lo = hi
	}
	return x
}

// Find is the first place holding s.
func (x *Index) Find(s string) (int, bool) {
	if x == nil || len(x.hs) == 0 {
		return 0, false
	}
	h := x.hash(s)
	k, _ := slices.BinarySearch(x.hs, h)
	for ; k < len(x.hs) && x.hs[k] == h; k++ {
		if i := int(x.at[k]); x.key(i) == s {
			return i, true
		}
	}
	return 0, false
}

// Len is how many distinct strings are indexed.
func (x *Index) Len() int {
	if x == nil {
		return 0
	}
	return x.n
}
