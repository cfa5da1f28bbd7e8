package jsonscan

import (
	"encoding/binary"
	"math/bits"
)

// NextSpecial steps from i over string bytes eight at a time to the first
// that a scan must look at, or to the last few bytes, which it leaves to
// the caller one at a time; both string scans (jsonScan.str and the fast
// path's plain) run through it.
func NextSpecial(data []byte, i int) int {
	for i+8 <= len(data) {
		if m := strSpecial(binary.LittleEndian.Uint64(data[i:])); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
		i += 8
	}
	return i
}

// strSpecial marks the bytes of x (eight string bytes, the first lowest)
// that a string scan must look at: a quote, a backslash or a control
// character. The lowest mark is always right; marks above it may be false
// (a borrow), and the scan never trusts them.
func strSpecial(x uint64) uint64 {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	q := x ^ ('"' * ones)
	b := x ^ ('\\' * ones)
	return ((q-ones)&^q | (b-ones)&^b | (x-0x20*ones)&^x) & highs
}
