package radix

import (
	"math/bits"

	"github.com/sweeptune/sweeptune/internal/mem"
)

// GroupIDs numbers the distinct keys: ids[i] == ids[j] exactly when
// keys[i] == keys[j], the numbers dense from 0 in ascending key order; n
// is how many distinct keys there are. A radix sort of the keys (8 bits a
// pass, only as many passes as the largest key needs) instead of a hash
// map: a million keys are a few sequential passes, not a million random
// probes of a map larger than the cache.
func GroupIDs(keys []uint64) (ids []int32, n int) {
	ids = mem.Fresh[int32](len(keys))
	if len(keys) == 0 {
		return ids, 0
	}
	var or uint64
	for _, k := range keys {
		or |= k
	}
	keyBits := bits.Len64(or)
	if idxBits := bits.Len(uint(len(keys) - 1)); keyBits+idxBits <= 64 {
		return ids, groupPacked(keys, ids, keyBits, idxBits)
	}
	passes := (keyBits + 7) / 8
	order := mem.Take[int32](len(keys))
	for i := range order {
		order[i] = int32(i)
	}
	tmp := mem.Take[int32](len(keys))
	var count [257]int32
	for pass := 0; pass < passes; pass++ {
		shift := uint(8 * pass)
		count = [257]int32{}
		for _, i := range order {
			count[int(byte(keys[i]>>shift))+1]++
		}
		for d := 1; d < 257; d++ {
			count[d] += count[d-1]
		}
		for _, i := range order {
			d := byte(keys[i] >> shift)
			tmp[count[d]] = i
			count[d]++
		}
		order, tmp = tmp, order
	}
	id := int32(-1)
	prev := keys[order[0]] + 1 // differs from the first key
	for _, i := range order {
		if k := keys[i]; k != prev || id < 0 {
			id++
			prev = k
		}
		ids[i] = id
	}
	mem.Give(order)
	mem.Give(tmp)
	return ids, int(id) + 1
}

// groupPacked is GroupIDs when a key and its index fit in one word
// together: the words are sorted by their key bits, each pass reading
// them in order, instead of looking up each key through a sorted order of
// indexes, a million reads from anywhere in the keys a pass.
func groupPacked(keys []uint64, ids []int32, keyBits, idxBits int) int {
	words := mem.Take[uint64](len(keys))
	for i, k := range keys {
		words[i] = k<<idxBits | uint64(i)
	}
	passes := (keyBits + 7) / 8
	// Every pass's counts from one read of the words.
	counts := make([][256]int32, passes)
	for _, w := range words {
		for p := range counts {
			counts[p][byte(w>>(idxBits+8*p))]++
		}
	}
	tmp := mem.Take[uint64](len(keys))
	for p := range counts {
		c := &counts[p]
		sum := int32(0)
		for d := range c {
			c[d], sum = sum, sum+c[d]
		}
		shift := uint(idxBits + 8*p)
		for _, w := range words {
			d := byte(w >> shift)
			tmp[c[d]] = w
			c[d]++
		}
		words, tmp = tmp, words
	}
	mask := uint64(1)<<idxBits - 1
	id := int32(-1)
	var prev uint64
	for j, w := range words {
		if k := w >> idxBits; j == 0 || k != prev {
			id++
			prev = k
		}
		ids[w&mask] = id
	}
	mem.Give(words)
	mem.Give(tmp)
	return int(id) + 1
}
