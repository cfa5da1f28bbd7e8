package cli

import (
	"io"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/sweeptune/sweeptune/tui"
)

// --debug FILE logs the command, each load with its counts and time, and
// the exit code; a second command appends.
func TestDebugLogsLoadsAndExit(t *testing.T) {
	noUserConfig(t)
	dir := t.TempDir()
	logPath, empty := filepath.Join(dir, "debug.log"), filepath.Join(dir, "empty.json")
	os.WriteFile(empty, nil, 0o644)
	if _, _, code := runCmd(t, "report", multiCurve, empty, "--debug", logPath); code != exitBadInput {
		t.Fatalf("exit %d", code)
	}
	runOK(t, "recipes", shapesDir("recipes", "s1-bundle.yaml"), "--debug="+logPath)
	b, _ := os.ReadFile(logPath)
	for _, re := range []string{
		`sweeptune report: args \[".*multi-curve.json" ".*empty.json"\]`,
		`load .*multi-curve.json .*empty.json: 2 files, 26 points, 0 recipe variants, 0 changelogs, 1 warnings, 0 notices in [0-9.]+(µs|ms|s)\n`,
		`  warning: .*empty.json: empty file\n`,
		`exit 2 after [0-9.]+(µs|ms|s)\n`,
		`load recipes .*s1-bundle.yaml: 1 files, 0 points, 3 recipe variants`,
		`exit 0 after`,
	} {
		if !regexp.MustCompile(re).Match(b) {
			t.Errorf("log lacks %s:\n%s", re, b)
		}
	}
	if _, stderr, code := runCmd(t, "report", "--debug", filepath.Join(dir, "no", "such", "dir.log")); code != exitBadInput || !regexp.MustCompile(`^sweeptune report: --debug: open .*: no such file or directory\n`).MatchString(stderr) {
		t.Errorf("unwritable log: exit %d %q", code, stderr)
	}
}

// The workbench gets the same --debug file (it logs keys and loads there).
func TestDebugReachesTheWorkbench(t *testing.T) {
	old, oldStart := stdoutIsTerminal, startTUI
	t.Cleanup(func() { stdoutIsTerminal, startTUI = old, oldStart })
	stdoutIsTerminal = func(io.Writer) bool { return true }
	got := ""
	startTUI = func(_ tui.Options, debug string) error { got = debug; return nil }
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	logPath := filepath.Join(t.TempDir(), "d.log")
	runOK(t, "--debug", logPath, "--x", "p90-intvty")
	b, _ := os.ReadFile(logPath)
	if got != logPath || !regexp.MustCompile(`workbench: inputs the embedded demo, session .*session-demo.json`).Match(b) {
		t.Errorf("workbench got %q; log:\n%s", got, b)
	}
}

// "report --debug rows.json" names the data as the log: the file is left
// byte for byte and the command refuses, naming it; an earlier log is
// appended to.
func TestDebugRefusesAFileThatIsNotALog(t *testing.T) {
	noUserConfig(t)
	dir := t.TempDir()
	data := filepath.Join(dir, "rows.json")
	orig, err := os.ReadFile(multiCurve)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(data, orig, 0o644)
	_, stderr, code := runCmd(t, "report", "--json", "--debug", data)
	if code != exitBadInput || !regexp.MustCompile(`--debug .*rows.json: the file exists and is not a sweeptune debug log`).MatchString(stderr) {
		t.Errorf("exit %d %q", code, stderr)
	}
	if got, _ := os.ReadFile(data); string(got) != string(orig) {
		t.Errorf("rows.json changed: %d bytes, was %d", len(got), len(orig))
	}
	logPath := filepath.Join(dir, "debug.log")
	runOK(t, "report", multiCurve, "--debug", logPath)
	first, _ := os.ReadFile(logPath)
	runOK(t, "report", multiCurve, "--debug", logPath)
	if got, _ := os.ReadFile(logPath); len(got) <= len(first) || string(got[:len(first)]) != string(first) {
		t.Errorf("a second run did not append to its own log: %d then %d bytes", len(first), len(got))
	}
}
