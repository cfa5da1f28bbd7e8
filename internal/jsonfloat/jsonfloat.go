package jsonfloat

import (
	"encoding/binary"
	"math"
	"math/bits"
	"slices"
	"strconv"
)

// Append formats a finite v for JSON: plain digits, exponents
// only for magnitudes below 1e-6 or from 1e21 on, as encoding/json picks
// them (but its exponents keep strconv's two digits, e-07). It writes,
// byte for byte, what this does:
//
//	if a := math.Abs(v); a != 0 && (a < 1e-6 || a >= 1e21) {
//		return strconv.AppendFloat(b, v, 'e', -1, 64)
//	}
//	return strconv.AppendFloat(b, v, 'f', -1, 64)
//
// in about half the time: report --json calls it for every metric of
// every point, and strconv spends most of its time in generic formatting
// glue around the shortest-digits search (Dragonbox), which this calls
// directly (shortestDecimal) before writing the digits in place.
func Append(b []byte, v float64) []byte {
	u := math.Float64bits(v)
	mant, biased := u&(1<<float64MantBits-1), int(u>>float64MantBits&0x7ff)
	if biased == 0x7ff { // NaN, ±Inf: never passed, but written as before, not a panic
		return strconv.AppendFloat(b, v, 'f', -1, 64)
	}
	if u>>63 != 0 {
		b = append(b, '-')
	}
	// v is ±mant × 2^exp, mant an integer.
	exp := biased - 1023 - float64MantBits
	if biased == 0 { // zero or subnormal
		if mant == 0 {
			return append(b, '0')
		}
		exp++
	} else {
		mant |= 1 << float64MantBits
	}
	// Whole numbers below 2^53 are their own shortest form: no other
	// decimal as short lies within half a unit of them.
	if -float64MantBits <= exp && exp <= 0 && mant&(1<<-exp-1) == 0 {
		return appendUint(b, mant>>-exp)
	}
	digits, exp10 := shortestDecimal(mant, exp)
	// The magnitude's bits order as the magnitudes do.
	if abs := u &^ (1 << 63); abs < smallestPlain || abs >= largestPlain {
		return appendExpForm(b, digits, exp10)
	}
	return appendPlainForm(b, digits, exp10)
}

// math.Float64bits of 1e-6 and 1e21: magnitudes outside [1e-6, 1e21) take
// the exponent form.
const (
	smallestPlain = 0x3eb0c6f7a0b5ed8d
	largestPlain  = 0x444b1ae4d6e2ef50
)

// floatRoom is the most a float's digits, point, zeros and exponent take,
// sign excluded: "0.00000" and 17 digits, or 17 digits, '.' and "e-324".
const floatRoom = 24

// appendPlainForm appends digits×10^exp10 as strconv's 'f' form does with
// the shortest precision, for 1e-6 ≤ it < 1e21 (the caller's range).
func appendPlainForm(b []byte, digits uint64, exp10 int) []byte {
	n := decimalLen(digits)
	point := n + exp10 // digits before the decimal point
	at := len(b)
	b = growBy(b, floatRoom)
	switch {
	case exp10 >= 0: // a whole number: the digits, then zeros
		putDigits(b[at:], digits, n)
		end := at + point
		for i := at + n; i < end; i++ {
			b[i] = '0'
		}
		return b[:end]
	case point > 0: // the digits written one place on, the whole part moved back
		putDigits(b[at+1:], digits, n)
		copy(b[at:at+point], b[at+1:at+1+point])
		b[at+point] = '.'
		return b[:at+n+1]
	default: // "0.", zeros, then the digits
		zeros := -point
		b[at], b[at+1] = '0', '.'
		for i := at + 2; i < at+2+zeros; i++ {
			b[i] = '0'
		}
		end := at + 2 + zeros + n
		putDigits(b[end-n:], digits, n)
		return b[:end]
	}
}

// appendExpForm appends digits×10^exp10 as strconv's 'e' form does with
// the shortest precision: "1e+21", "1.2345e-07", at least two exponent
// digits.
func appendExpForm(b []byte, digits uint64, exp10 int) []byte {
	n := decimalLen(digits)
	at := len(b)
	b = growBy(b, floatRoom)
	end := at + 1
	if n == 1 {
		putDigits(b[at:], digits, n)
	} else { // the digits written one place on, the first moved back before '.'
		putDigits(b[at+1:], digits, n)
		b[at], b[at+1] = b[at+1], '.'
		end = at + 1 + n
	}
	exp := exp10 + n - 1
	b[end], b[end+1] = 'e', '+'
	if exp < 0 {
		b[end+1] = '-'
		exp = -exp
	}
	end += 2
	if exp >= 100 {
		b[end] = byte('0' + exp/100)
		end++
		exp %= 100
	}
	b[end], b[end+1] = byte('0'+exp/10), byte('0'+exp%10)
	return b[:end+2]
}

// appendUint appends u's decimal digits.
func appendUint(b []byte, u uint64) []byte {
	n := decimalLen(u)
	at := len(b)
	b = growBy(b, floatRoom)
	putDigits(b[at:], u, n)
	return b[:at+n]
}

// growBy returns b lengthened by n bytes of room, to be written and cut
// back to what was used.
func growBy(b []byte, n int) []byte { return slices.Grow(b, n)[:len(b)+n] }

// putDigits writes u's n decimal digits (n = decimalLen(u)) into
// dst[:n], eight at a time as one 64-bit store each, left to right: the
// first store may scribble over dst[n:8], so dst must be that long.
func putDigits(dst []byte, u uint64, n int) {
	if n <= 8 {
		// Dropping the leading zeros moves the digits to the low bytes,
		// which a little-endian store puts first.
		binary.LittleEndian.PutUint64(dst, eightDigits(uint32(u))>>(8*(8-n)))
		return
	}
	hi, lo := u/1e8, uint32(u%1e8)
	if n > 16 {
		top, mid := hi/1e8, uint32(hi%1e8)
		binary.LittleEndian.PutUint64(dst, eightDigits(uint32(top))>>(8*(24-n)))
		binary.LittleEndian.PutUint64(dst[n-16:], eightDigits(mid))
	} else {
		binary.LittleEndian.PutUint64(dst, eightDigits(uint32(hi))>>(8*(16-n)))
	}
	binary.LittleEndian.PutUint64(dst[n-8:], eightDigits(lo))
}

// eightDigits returns x < 1e8 as eight ASCII digits, leading zeros kept,
// the first in the low byte: split in two, four and eight lanes of one
// uint64 at once, each division a multiply and shift exact for the
// lane's range (x/100 = x·10486>>20 for x < 10^4, x/10 = x·103>>10 for
// x < 100).
func eightDigits(x uint32) uint64 {
	hi := x / 10000
	v := uint64(hi) | uint64(x-hi*10000)<<32
	q := v * 10486 >> 20 & 0x7f_0000_007f
	v = q | (v-q*100)<<16
	q = v * 103 >> 10 & 0x000f_000f_000f_000f
	v = q | (v-q*10)<<8
	return v | 0x3030_3030_3030_3030
}

// decimalLen returns the number of decimal digits of u, 1 for 0.
func decimalLen(u uint64) int {
	// 1233/4096 ≈ log10 2: n is the count, or one short of it.
	n := bits.Len64(u) * 1233 >> 12
	if u >= pow10Uint64[n] {
		n++
	}
	return max(n, 1)
}

// pow10Uint64[i] is 10^i, as far as uint64 goes.
var pow10Uint64 = [...]uint64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9,
	1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19}
