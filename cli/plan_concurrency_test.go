package cli

import (
	"strings"
	"testing"
)

// The largest --concurrency printed as …808 in the recommendation (through
// a float), and 2^63 - 1 prefill workers × 2 GPUs came out as 14 GPUs:
// counts past a bound far beyond any deployment are refused, and the
// bound itself is printed exactly everywhere.
func TestPlanCountsAreBounded(t *testing.T) {
	fit := "5p1d-dep2-dep16-b40-c2884,7p1d-dep2-dep16-b96-c5540,9p1d-dep2-dep16-b192-c7480"
	for _, args := range [][]string{
		{"--prefill-workers", "7", "--decode-bs", "96", "--concurrency", "9223372036854775807"},
		{"--prefill-workers", "9223372036854775807", "--decode-bs", "96", "--concurrency", "5"},
		{"--prefill-workers", "7", "--decode-bs", "1000001", "--concurrency", "5"},
		{"--prefill-workers", "7", "--decode-bs", "96", "--concurrency", "5", "--prefill-gpus", "9223372036854775807"},
	} {
		out, errOut, code := runCmd(t, append([]string{"plan", "--fit", fit}, args...)...)
		if code != exitBadInput || out != "" || !strings.Contains(errOut, "up to 1,000,000") {
			t.Errorf("%v: exit %d, stderr %q, stdout %.200q", args, code, errOut, out)
		}
	}
	out, _, code := runCmd(t, "plan", "--fit", fit, "--prefill-workers", "7", "--decode-bs", "96", "--concurrency", "1000000")
	if code != exitOK || !strings.Contains(out, "concurrency 1,000,000\n") || !strings.Contains(out, "binding at c1,000,000:") {
		t.Errorf("exit %d, the bound not printed exactly:\n%s", code, out)
	}
}
