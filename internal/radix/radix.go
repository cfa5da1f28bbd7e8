// Package radix sorts integer keys, carrying an index along, in linear
// time: the workbench's tables and plots order tens of thousands of rows
// on a key.
package radix

import "math"

// FloatKey maps v to an integer in cmp.Compare's order of the values: NaN
// first (every NaN equal), then −Inf up to +Inf, −0 equal to 0.
func FloatKey(v float64) uint64 {
	switch {
	case v != v:
		return 0
	case v == 0:
		v = 0 // −0 is 0
	}
	b := math.Float64bits(v)
	if b>>63 != 0 {
		return ^b // negative: larger magnitudes first
	}
	return b | 1<<63
}

// Sort sorts keys ascending, carrying vals along, stably (a byte at a
// time from the lowest; bytes every key shares cost no pass).
func Sort(keys []uint64, vals []int32) {
	if len(keys) < 2 {
		return
	}
	var diff uint64
	for _, k := range keys {
		diff |= k ^ keys[0]
	}
	if diff == 0 {
		return
	}
	k2, v2 := make([]uint64, len(keys)), make([]int32, len(vals))
	src, dst, sv, dv := keys, k2, vals, v2
	for shift := uint(0); shift < 64; shift += 8 {
		if diff>>shift&0xff == 0 {
			continue
		}
		var count [257]int
		for _, k := range src {
			count[k>>shift&0xff+1]++
		}
		for b := 1; b < 257; b++ {
			count[b] += count[b-1]
		}
		for j, k := range src {
			b := k >> shift & 0xff
			dst[count[b]], dv[count[b]] = k, sv[j]
			count[b]++
		}
		src, dst, sv, dv = dst, src, dv, sv
	}
	if &src[0] != &keys[0] {
		copy(keys, src)
		copy(vals, sv)
	}
}
