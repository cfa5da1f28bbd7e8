package jsonscan

import "encoding/binary"

// PlainNumber reads the number at data[i] in one pass when it has the
// common form exactFloat takes (digits, an optional point and digits, an
// optional exponent of at most four digits; at most 19 digits in all)
// and what follows cannot be part of a number (NumberEnd would end it
// there): its end and exactFloat's value for it. Anything else is false,
// for NumberEnd and NumberValue to read as before; the fast path reads
// each number once instead of three times (end, integer check, value).
func PlainNumber(data []byte, i int) (end int, v float64, ok bool) {
	var mant uint64
	start := i
	for ; i < len(data) && data[i]-'0' <= 9; i++ {
		mant = mant*10 + uint64(data[i]-'0')
	}
	digits := i - start
	if digits == 0 || digits > 19 {
		return 0, 0, false
	}
	exp := 0
	if i < len(data) && data[i] == '.' {
		i++
		frac := i
		for digits+i-frac+8 <= 19 && i+8 <= len(data) {
			w, ok := eightDigits(data[i : i+8])
			if !ok {
				break
			}
			mant = mant*1e8 + w
			i += 8
		}
		for ; i < len(data) && data[i]-'0' <= 9; i++ {
			mant = mant*10 + uint64(data[i]-'0')
		}
		if i == frac || digits+i-frac > 19 {
			return 0, 0, false
		}
		exp = frac - i
	}
	if i < len(data) && (data[i] == 'e' || data[i] == 'E') {
		e, next, ok := exponentAt(data, i)
		if !ok {
			return 0, 0, false
		}
		exp, i = exp+e, next
	}
	if i < len(data) {
		switch c := data[i]; {
		case c-'0' <= 9, c == '-', c == '.', c == 'e', c == 'E', c == '+':
			return 0, 0, false // NumberEnd would read on
		}
	}
	v, ok = mantExp(mant, exp)
	return i, v, ok
}

// eightDigits is the value of b's eight bytes when each is a digit, read
// as one word (the fraction of a 17-digit number is two words or so).
func eightDigits(b []byte) (uint64, bool) {
	v := binary.LittleEndian.Uint64(b)
	if v&0xF0F0F0F0F0F0F0F0 != 0x3030303030303030 || (v+0x0606060606060606)&0xF0F0F0F0F0F0F0F0 != 0x3030303030303030 {
		return 0, false
	}
	v -= 0x3030303030303030
	v = (v*10 + v>>8) & 0x00FF00FF00FF00FF
	v = (v*100 + v>>16) & 0x0000FFFF0000FFFF
	return (v*10000 + v>>32) & 0xFFFFFFFF, true
}
