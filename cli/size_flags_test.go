package cli

import (
	"strings"
	"testing"
)

// A plot of 2^63 - 1 columns or a selection of 2^63 - 1 bands panicked
// making its slices (10^8 worked for minutes): such sizes are refused
// with the bound, and the bound itself still works.
func TestHugeSizesAreRefused(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"report", "--width", "9223372036854775807"}, "at most 1000 columns and 500 rows"},
		{[]string{"report", "--height", "100000000"}, "at most 1000 columns and 500 rows"},
		{[]string{"select", "--as-of", "2026-11-05", "--bands", "9223372036854775807"}, "--bands 9223372036854775807: at most 1000"},
	} {
		out, errOut, code := runCmd(t, c.args...)
		if code != exitBadInput || out != "" || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stderr %q", c.args, code, errOut)
		}
	}
	out := runOK(t, "report", "--width", "1000", "--height", "500")
	if lines := strings.Count(out, "\n"); lines < 500 {
		t.Errorf("the largest plot: %d lines", lines)
	}
}
