package cli

import (
	"io"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/tui"
)

// onTerminal runs the CLI as if stdout were a terminal, catching the
// workbench's options instead of starting it.
func onTerminal(t *testing.T, args ...string) (tui.Options, bool, string, int) {
	t.Helper()
	oldTerm, oldStart := stdoutIsTerminal, startTUI
	t.Cleanup(func() { stdoutIsTerminal, startTUI = oldTerm, oldStart })
	stdoutIsTerminal = func(io.Writer) bool { return true }
	var got tui.Options
	started := false
	startTUI = func(o tui.Options, _ string) error { got, started = o, true; return nil }
	t.Setenv("XDG_STATE_HOME", t.TempDir()) // no session of the user's is read
	out, stderr, code := runCmd(t, args...)
	return got, started, out + stderr, code
}

// The default command takes the same flags on a terminal as in a pipe.
func TestDefaultCommandTakesXOnATerminal(t *testing.T) {
	for _, args := range [][]string{{"--x", "p90-intvty"}, {"tui", "--x", "p90-intvty"}, {"../testdata/apirows/multi-curve.json", "--x", "p90-intvty", "--y", "tput-per-mw"}} {
		opts, started, out, code := onTerminal(t, args...)
		if code != exitOK || !started || opts.X.Name != "p90-intvty" {
			t.Errorf("%v: exit %d, started %v, x %q: %s", args, code, started, opts.X.Name, out)
		}
	}
	if opts, _, _, _ := onTerminal(t); opts.X.Name != "" || opts.Y.Name != "" {
		t.Errorf("no --x/--y: the session's axes should stay, got x %q y %q", opts.X.Name, opts.Y.Name)
	}
	if _, started, out, code := onTerminal(t, "--x", "speed"); code != exitBadInput || started || !strings.Contains(out, "unknown x axis") {
		t.Errorf("bad --x: exit %d started %v: %s", code, started, out)
	}
	// --json asks for printed output: the report, even on a terminal.
	if _, started, out, code := onTerminal(t, "--json"); code != exitOK || started || !strings.Contains(out, `"curves"`) {
		t.Errorf("--json on a terminal: exit %d started %v", code, started)
	}
}

// In a pipe the workbench's own flags are accepted and do nothing.
func TestDefaultCommandInAPipeTakesWorkbenchFlags(t *testing.T) {
	out, stderr, code := runCmd(t, "--x", "p90-intvty", "--theme", "light", "--mouse")
	if code != exitOK || !strings.Contains(out, "p90-intvty") {
		t.Errorf("exit %d: %s", code, stderr)
	}
}

// An unknown flag is one line and a pointer to the help, not the usage.
func TestUnknownFlagIsShort(t *testing.T) {
	for _, args := range [][]string{{"report", "--bogus"}, {"--bogus"}, {"review", "-remove", "x"}} {
		out, stderr, code := runCmd(t, args...)
		lines := strings.Split(strings.TrimSpace(stderr), "\n")
		if code != exitBadInput || out != "" || len(lines) != 2 || !strings.Contains(lines[1], "--help' for usage") {
			t.Errorf("%v: exit %d, stderr %q", args, code, stderr)
		}
	}
}

// A mistyped command gets cobra's suggestion.
func TestUnknownCommandSuggests(t *testing.T) {
	_, stderr, code := runCmd(t, "reveiw")
	if code != exitBadInput || !strings.Contains(stderr, `unknown command "reveiw"`) || !strings.Contains(stderr, "Did you mean this?\n\treview") {
		t.Errorf("exit %d: %q", code, stderr)
	}
}

// Flags may follow the paths.
func TestFlagsAfterPaths(t *testing.T) {
	out := runOK(t, "report", "../testdata/apirows/multi-curve.json", "--x", "p90-intvty", "--json")
	wantAll(t, out, `"axis": "p90-intvty"`, `"dsr1"`)
}
