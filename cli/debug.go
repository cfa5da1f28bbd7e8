package cli

import (
	"fmt"
	"log"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/sweeptune/sweeptune/sources"
)

// --debug FILE: every command appends a log of what it ran, what each load
// read and how long it took, and its exit code. The workbench appends its
// own lines (keys, loads) to the same file through tea.LogToFile.

// addDebug attaches --debug to the root, inherited by every command.
func addDebug(root *cobra.Command, env *cmdEnv) {
	root.PersistentFlags().StringVar(&env.debugPath, "debug", "", "append a debug log to `FILE` (loads with file counts and timings; keys in the workbench)")
	root.PersistentPreRunE = func(cmd *cobra.Command, args []string) error {
		if env.debugPath == "" || versionAsked(cmd) { // --version logs nothing, as with cobra's own
			return nil
		}
		// a named pipe would block every command; a link is not followed
		f, err := sources.OpenWritable(env.debugPath, os.O_RDWR|os.O_CREATE|os.O_APPEND, 0o644)
		if err != nil {
			return fmt.Errorf("--debug: %w", err)
		}
		if err := mustBeDebugLog(f); err != nil {
			f.Close()
			return fmt.Errorf("--debug %s: %w", env.debugPath, err)
		}
		env.debugFile = f
		env.log = log.New(f, debugLinePrefix, log.LstdFlags|log.Lmicroseconds)
		b := thisBuild()
		env.debugf("%s: args %q (revision %s, %s)", cmd.CommandPath(), args, b.Revision, b.Go)
		return nil
	}
}

// debugLinePrefix starts every line the CLI and the workbench log.
const debugLinePrefix = "sweeptune "

// mustBeDebugLog refuses to append to a file that holds something else:
// "report --debug rows.json" takes rows.json as the log, and appending to
// it would spoil the user's data.
func mustBeDebugLog(f *os.File) error {
	info, err := f.Stat()
	if err != nil || info.Size() == 0 {
		return err
	}
	head := make([]byte, len(debugLinePrefix))
	if n, _ := f.ReadAt(head, 0); n == len(head) && string(head) == debugLinePrefix {
		return nil
	}
	return fmt.Errorf("the file exists and is not a sweeptune debug log (its lines would start %q); name a new file or an earlier log", debugLinePrefix)
}

// debugf logs one line when --debug is on.
func (e *cmdEnv) debugf(format string, args ...any) {
	if e.log != nil {
		e.log.Printf(format, args...)
	}
}

// closeDebug logs the exit code and the time taken and closes the log.
func (e *cmdEnv) closeDebug(code int) {
	if e.log == nil {
		return
	}
	e.debugf("exit %d after %s", code, time.Since(e.start).Round(time.Microsecond))
	e.debugFile.Close()
	e.log = nil
}

// logLoad logs what a load read and how long it took.
func (e *cmdEnv) logLoad(what string, ds *sources.Dataset, took time.Duration) {
	if e.log == nil {
		return
	}
	e.debugf("load %s: %d files, %d points, %d recipe variants, %d changelogs, %d warnings, %d notices in %s",
		what, ds.Files, len(ds.Points), len(ds.Variants), len(ds.Changelogs), len(ds.Warnings), len(ds.Notices), took.Round(time.Microsecond))
	for _, n := range ds.Notices {
		e.debugf("  notice: %s", n)
	}
	for _, w := range ds.Warnings {
		e.debugf("  warning: %s", w)
	}
}

// inputsText names a load's inputs for the log.
func inputsText(in sources.Inputs) string {
	if in.Empty() {
		return "the embedded demo"
	}
	s := strings.Join(in.Paths, " ")
	if in.Published != "" {
		s = strings.TrimSpace(s + " + published " + in.Published)
	}
	return s
}
