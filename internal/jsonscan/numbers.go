package jsonscan

import (
	"math"
	"math/bits"
	"strconv"
)

// NumberEnd is the end of the number starting at i: every byte a number
// may hold, checked after (NumberValue).
func NumberEnd(data []byte, i int) int {
	for i < len(data) {
		switch c := data[i]; {
		case c >= '0' && c <= '9', c == '-', c == '.', c == 'e', c == 'E', c == '+':
			i++
		default:
			return i
		}
	}
	return i
}

// NumberValue is the value of a number's bytes; false when they are no
// number. Out of range is a value (±Inf, 0), for the caller to judge.
func NumberValue(raw []byte) (float64, bool) {
	// Fast path: short plain integers are most of the topology fields.
	if len(raw) > 0 && len(raw) < 16 && raw[0] != '-' {
		var n int64
		for _, c := range raw {
			if c < '0' || c > '9' {
				n = -1
				break
			}
			n = n*10 + int64(c-'0')
		}
		if n >= 0 {
			return float64(n), true
		}
	}
	if f, ok := exactFloat(raw); ok {
		return f, true
	}
	f, err := strconv.ParseFloat(string(raw), 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			return f, true
		}
		return 0, false
	}
	return f, true
}

// exactFloat parses the common decimal (digits, a point, digits, an
// optional exponent) of at most 19 digits to the float64 nearest its
// value, ties to even, as strconv.ParseFloat does, so the value is the
// same bit for bit. When the digits fit 53 bits and the power of ten is
// one a float64 holds exactly, both operands are exact and one IEEE
// multiplication or division rounds (strconv's own first step, bounded
// there at 52 bits). Longer digits over a power of ten up to 10^19 (the
// 17-digit numbers Python writes) are divided in 128 bits and rounded by
// the remainder (roundQuotient). Anything else (more digits, a sign, a
// far exponent, a malformed number) is left to strconv (ok false).
func exactFloat(raw []byte) (float64, bool) {
	var mant uint64
	digits, exp, i := 0, 0, 0
	for ; i < len(raw) && raw[i] >= '0' && raw[i] <= '9'; i++ {
		if digits == 19 {
			return 0, false // mant could wrap
		}
		mant = mant*10 + uint64(raw[i]-'0')
		digits++
	}
	if digits == 0 {
		return 0, false
	}
	if i < len(raw) && raw[i] == '.' {
		i++
		frac := i
		for ; i < len(raw) && raw[i] >= '0' && raw[i] <= '9'; i++ {
			if digits == 19 {
				return 0, false
			}
			mant = mant*10 + uint64(raw[i]-'0')
			digits++
		}
		if i == frac {
			return 0, false
		}
		exp = frac - i
	}
	if i < len(raw) && (raw[i] == 'e' || raw[i] == 'E') {
		e, next, ok := exponentAt(raw, i)
		if !ok {
			return 0, false
		}
		exp, i = exp+e, next
	}
	if i != len(raw) {
		return 0, false
	}
	return mantExp(mant, exp)
}

// exponentAt reads the exponent whose 'e' or 'E' is data[i]: a sign, then
// one to four digits (what follows is the caller's to judge); its value
// and the offset after it, false when no digit follows.
func exponentAt(data []byte, i int) (e, next int, ok bool) {
	i++
	neg := false
	if i < len(data) && (data[i] == '+' || data[i] == '-') {
		neg = data[i] == '-'
		i++
	}
	n := 0
	for ; i < len(data) && data[i]-'0' <= 9 && n < 4; i++ {
		e = e*10 + int(data[i]-'0')
		n++
	}
	if neg {
		e = -e
	}
	return e, i, n > 0
}

// mantExp is mant·10^exp rounded as exactFloat rounds it (mant of at most
// 19 digits); false when that takes strconv.
func mantExp(mant uint64, exp int) (float64, bool) {
	if mant>>53 != 0 {
		if exp < 0 && exp >= -19 {
			return roundQuotient(mant, uint64pow10[-exp]), true
		}
		return 0, false
	}
	f := float64(mant)
	switch {
	case exp == 0:
		return f, true
	case exp > 0 && exp <= 15+22:
		if exp > 22 {
			f *= float64pow10[exp-22]
			exp = 22
		}
		if f > 1e15 {
			return 0, false
		}
		return f * float64pow10[exp], true
	case exp < 0 && exp >= -22:
		return f / float64pow10[-exp], true
	}
	return 0, false
}

// roundQuotient is m/d rounded to the nearest float64, ties to even, for
// m of 54 to 64 bits and d = 10^k, 1 ≤ k ≤ 19. m·2^s/d is divided in 128
// bits, s chosen so the quotient q has 63 or 64 bits: q, what it holds past
// 53 bits and the remainder r (nonzero: more than a tie) decide the
// rounding exactly, and the result is a normal number (at least 2^53/10^19).
func roundQuotient(m, d uint64) float64 {
	s := 63 - bits.Len64(m) + bits.Len64(d) // from 3 (m 64 bits, d = 10) to 73
	var hi, lo uint64
	if s >= 64 {
		hi = m << (s - 64)
	} else {
		hi, lo = m>>(64-s), m<<s
	}
	q, r := bits.Div64(hi, lo, d) // hi < d: m·2^s < 2^(63+len(d))
	t := bits.Len64(q) - 53
	mant, rest, half := q>>t, q&(1<<t-1), uint64(1)<<(t-1)
	if rest > half || rest == half && (r != 0 || mant&1 == 1) {
		mant++
		if mant == 1<<53 {
			mant >>= 1
			t++
		}
	}
	// mant·2^(t-s), mant of 53 bits and the result normal: its bits made
	// directly (math.Ldexp normalises first, 1 % of a parse).
	return math.Float64frombits(uint64(t-s+52+1023)<<52 | mant&(1<<52-1))
}

// uint64pow10 are the powers of ten a uint64 holds.
var uint64pow10 = func() (p [20]uint64) {
	p[0] = 1
	for i := 1; i < len(p); i++ {
		p[i] = p[i-1] * 10
	}
	return p
}()

// float64pow10 are the powers of ten a float64 holds exactly.
var float64pow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9,
	1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}
