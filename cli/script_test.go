package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
	"github.com/sweeptune/sweeptune/tui"
)

// TestMain lets testscript run this test binary as the command
// `sweeptune` (the real cli.Run), besides running the tests.
func TestMain(m *testing.M) {
	// The in-process tests' own state directory, so an export's backups
	// never go to the user's. A script's command (this binary again, with
	// $WORK set) keeps the state directory the script gave it, and so does
	// a concurrent export's child process: its journals must be signed
	// with the key its siblings verify them with.
	if os.Getenv("WORK") == "" && os.Getenv("SWEEPTUNE_EXPORT_CHILD") == "" {
		if dir, err := os.MkdirTemp("", "sweeptune-cli-state-"); err == nil {
			os.Setenv("XDG_STATE_HOME", dir)
		}
	}
	testscript.Main(m, map[string]func(){"sweeptune": scriptMain})
}

// scriptMain is `sweeptune` inside a script. With SWEEPTUNE_FAKE_TERMINAL
// set, stdout counts as a terminal and the workbench, instead of starting,
// prints the options it would start with.
func scriptMain() {
	// SWEEPTUNE_FAKE_NOW fixes the time a prediction is recorded at (the
	// demo's runs are dated: a prediction scores only runs after it).
	if at, err := time.Parse(time.RFC3339, os.Getenv("SWEEPTUNE_FAKE_NOW")); err == nil {
		now = func() time.Time { return at }
	}
	if os.Getenv("SWEEPTUNE_FAKE_TERMINAL") != "" {
		stdoutIsTerminal = func(io.Writer) bool { return true }
		startTUI = func(o tui.Options, debug string) error {
			fmt.Printf("workbench: inputs %q, x %q, y %q, as-of %q, all-dates %v, theme %s, mouse %v, watch %q, session %s, debug %q, export to %q %q %q keys %q\n",
				o.Inputs.Paths, o.X.Name, o.Y.Name, o.AsOf, o.AllDates, o.Theme, o.Mouse, o.Watch, filepath.Base(o.SessionPath), debug,
				o.Export.RecipePath, o.Export.MasterPath, o.Export.ChangelogPath, o.Export.ConfigKeys)
			return nil
		}
	}
	os.Exit(Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// TestScripts runs cli/testdata/script/*.txtar: one scenario per command,
// its happy path and its refusals. $TESTDATA is the repository's testdata/;
// the user config, state and cache directories are the script's own.
func TestScripts(t *testing.T) {
	testdata, err := filepath.Abs(filepath.Join("..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir:                 filepath.Join("testdata", "script"),
		RequireExplicitExec: true,
		Setup: func(env *testscript.Env) error {
			env.Setenv("TESTDATA", testdata)
			env.Setenv("XDG_CONFIG_HOME", filepath.Join(env.WorkDir, ".config"))
			env.Setenv("XDG_STATE_HOME", filepath.Join(env.WorkDir, ".state"))
			env.Setenv("XDG_CACHE_HOME", filepath.Join(env.WorkDir, ".cache"))
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){"exits": exitsCmd},
	})
}

// exitsCmd is `exits CODE PROGRAM [ARGS...]`: run the program (as exec
// does, its stdout and stderr kept for the next assertions) and want that
// exit code.
func exitsCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: exits CODE PROGRAM [ARGS...]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("exits: %q is not an exit code", args[0])
	}
	got := 0
	if err := ts.Exec(args[1], args[2:]...); err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			ts.Fatalf("exits: %v", err)
		}
		got = exit.ExitCode()
	}
	if got != want {
		ts.Fatalf("%s: exit %d, want %d", strings.Join(args[1:], " "), got, want)
	}
}
