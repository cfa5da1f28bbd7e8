package render

import (
	"math"
	"strconv"
	"strings"
	"testing"
)

// --concurrency 9223372036854775807 printed as …808 (through a float).
func TestThousandsIntIsExact(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 5540: "5,540", -1234567: "-1,234,567",
		9223372036854775807: "9,223,372,036,854,775,807", -9223372036854775808: "-9,223,372,036,854,775,808"} {
		if got := ThousandsInt(n); got != want {
			t.Errorf("ThousandsInt(%d) = %q, want %q", n, got, want)
		}
	}
}

// SignedPct, appended in place, is the sign before strconv's two decimals
// and " %" after, whatever the value.
func TestSignedPctIsSignAndTwoDecimals(t *testing.T) {
	for _, v := range []float64{0, 12.744, -0.444, 1e21, -1e-9, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN()} {
		want := strconv.FormatFloat(v, 'f', 2, 64) + " %"
		if !strings.HasPrefix(want, "-") {
			want = "+" + want
		}
		if got := SignedPct(v); got != want {
			t.Errorf("SignedPct(%v) = %q, want %q", v, got, want)
		}
	}
}
