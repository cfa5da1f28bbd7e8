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
