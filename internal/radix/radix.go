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

// digitBits is the width of the digit each pass sorts by: six passes of
// 2,048 buckets for a key whose every byte differs (a float's), where
// bytes took eight.
const digitBits = 11

const buckets = 1 << digitBits

// digits is how many digits a 64-bit key has.
const digits = (64 + digitBits - 1) / digitBits

// Sort sorts keys ascending, carrying vals along, stably (a digit at a
// time from the lowest; the counts of every digit taken in one read of
// the keys; digits every key shares cost no pass).
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
	var count [digits][buckets]int32
	for _, k := range keys {
		for d := range digits {
			count[d][k>>(d*digitBits)&(buckets-1)]++
		}
	}
	k2, v2 := make([]uint64, len(keys)), make([]int32, len(vals))
	src, dst, sv, dv := keys, k2, vals, v2
	for d := range digits {
		shift := uint(d * digitBits)
		if diff>>shift&(buckets-1) == 0 {
			continue
		}
		c := &count[d]
		at := int32(0) // each bucket's start
		for b := range c {
			c[b], at = at, at+c[b]
		}
		for j, k := range src {
			b := k >> shift & (buckets - 1)
			dst[c[b]], dv[c[b]] = k, sv[j]
			c[b]++
		}
		src, dst, sv, dv = dst, src, dv, sv
	}
	if &src[0] != &keys[0] {
		copy(keys, src)
		copy(vals, sv)
	}
}
