package render

import (
	"strconv"
	"strings"
)

// SignedPct is a change in percent with its sign and two decimals:
// "+12.74 %", "-0.44 %".
func SignedPct(v float64) string { return string(appendSignedPct(nil, v)) }

// appendSignedPct appends SignedPct(v) to b.
func appendSignedPct(b []byte, v float64) []byte {
	start := len(b)
	b = strconv.AppendFloat(b, v, 'f', 2, 64)
	if b[start] != '-' {
		b = append(b, 0)
		copy(b[start+1:], b[start:])
		b[start] = '+'
	}
	return append(b, " %"...)
}

// ThousandsInt is n with thousands separators, exact at any size (a float
// would print 9,223,372,036,854,775,807 as …808).
func ThousandsInt(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
