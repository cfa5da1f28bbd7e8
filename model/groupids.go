package model

import "math/bits"

// groupIDs numbers the distinct keys: ids[i] == ids[j] exactly when
// keys[i] == keys[j], the numbers dense from 0 in ascending key order; n
// is how many distinct keys there are. A radix sort of the keys (8 bits a
// pass, only as many passes as the largest key needs) instead of a hash
// map: a million keys are a few sequential passes, not a million random
// probes of a map larger than the cache.
func groupIDs(keys []uint64) (ids []int32, n int) {
	ids = make([]int32, len(keys))
	if len(keys) == 0 {
		return ids, 0
	}
	var or uint64
	for _, k := range keys {
		or |= k
	}
	passes := (bits.Len64(or) + 7) / 8
	order := make([]int32, len(keys))
	for i := range order {
		order[i] = int32(i)
	}
	tmp := make([]int32, len(keys))
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
	return ids, int(id) + 1
}
