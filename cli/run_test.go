package cli

import (
	"bytes"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/internal/check"
)

// runCmd runs the CLI as main does and returns stdout, stderr and the code.
func runCmd(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(args, strings.NewReader(""), &out, &errOut)
	return out.String(), errOut.String(), code
}

// runOK runs the CLI and returns stdout, failing the test unless it exits 0.
func runOK(t *testing.T, args ...string) string {
	t.Helper()
	out, stderr, code := runCmd(t, args...)
	if code != exitOK {
		t.Fatalf("%v: exit %d: %s", args, code, stderr)
	}
	return out
}

// wantAll fails the test for each of wants that out lacks.
func wantAll(t *testing.T, out string, wants ...string) {
	t.Helper()
	check.Contains(t, "output", out, wants...)
}
