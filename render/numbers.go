package render

import (
	"strconv"
	"strings"
)

// SignedPct is a change in percent with its sign and two decimals:
// "+12.74 %", "-0.44 %".
func SignedPct(v float64) string {
	s := strconv.FormatFloat(v, 'f', 2, 64) + " %"
	if !strings.HasPrefix(s, "-") {
		s = "+" + s
	}
	return s
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
