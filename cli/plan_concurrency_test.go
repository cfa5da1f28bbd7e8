package cli

import (
	"strings"
	"testing"
)

// The largest --concurrency printed as …808 (through a float); exact now.
func TestPlanPrintsTheLargestConcurrencyExactly(t *testing.T) {
	out, _, _ := runCmd(t, "plan", "--fit", "5p1d-dep2-dep16-b40-c2884,7p1d-dep2-dep16-b96-c5540,9p1d-dep2-dep16-b192-c7480",
		"--prefill-workers", "7", "--decode-bs", "96", "--concurrency", "9223372036854775807")
	if !strings.Contains(out, "concurrency 9,223,372,036,854,775,807\n") {
		t.Errorf("stdout lacks the exact concurrency:\n%s", out)
	}
}
