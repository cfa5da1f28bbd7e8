package model

// Numbers are formatted the way engineers write them in PRs: 1,033,494 and
// 853,132.41. Shared by the report, the planner's warnings and export's
// changelog text.

import (
	"math"
	"strconv"
)

// Thousands formats v with comma separators and dec decimals.
func Thousands(v float64, dec int) string { return string(AppendThousands(nil, v, dec)) }

// AppendThousands appends Thousands(v, dec) to b without other allocations.
func AppendThousands(b []byte, v float64, dec int) []byte {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return strconv.AppendFloat(b, v, 'f', -1, 64)
	}
	var tmp [64]byte
	s := strconv.AppendFloat(tmp[:0], math.Abs(v), 'f', dec, 64)
	intLen := len(s)
	nonZero := false
	for i, ch := range s {
		if ch == '.' {
			intLen = i
		} else if ch != '0' {
			nonZero = true
		}
	}
	if v < 0 && nonZero { // no "-0.00"
		b = append(b, '-')
	}
	for i := 0; i < intLen; i++ {
		if i > 0 && (intLen-i)%3 == 0 {
			b = append(b, ',')
		}
		b = append(b, s[i])
	}
	return append(b, s[intLen:]...)
}
