package render

import "testing"

// --concurrency 9223372036854775807 printed as …808 (through a float).
func TestThousandsIntIsExact(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 5540: "5,540", -1234567: "-1,234,567",
		9223372036854775807: "9,223,372,036,854,775,807", -9223372036854775808: "-9,223,372,036,854,775,808"} {
		if got := ThousandsInt(n); got != want {
			t.Errorf("ThousandsInt(%d) = %q, want %q", n, got, want)
		}
	}
}
