// Package cli is sweeptune's command line, on spf13/cobra: one file per
// subcommand, each turning flags into model, planner and sources calls and
// printing text or --json (which marshals the domain results). Flags shared
// by several commands (input, view, --x, --json) are defined once, in
// load.go and view.go, and attached to each command that uses them.
package cli

import (
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/sweeptune/sweeptune/render/termsafe"
)

// Run runs one command line and returns the process exit code.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return run(args, stdin, stdout, stderr)
}

// Exit codes shared by every subcommand.
const (
	exitOK       = 0
	exitRefused  = 1 // a check or verdict says no (review not covered, export refused)
	exitBadInput = 2 // bad flags, unreadable or skipped input
)

// builders make the subcommands, by name; each cmd file registers its own
// from init so that adding one never edits this file.
var builders []builder

type builder struct {
	name  string
	build func(env *cmdEnv) *cobra.Command
}

func register(name string, b func(env *cmdEnv) *cobra.Command) {
	builders = append(builders, builder{name, b})
}

// cmdEnv is what a subcommand may touch of the outside world.
type cmdEnv struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	isTerminal     bool // stdout is a terminal
	code           int  // the exit code the command that ran returned

	rawStdout io.Writer            // stdout before the terminal filter
	safeOut   *termsafe.Writer     // env.stdout
	jsonOut   *termsafe.JSONWriter // made by json()

	debugPath string      // --debug FILE
	debugFile *os.File    // open while the command runs
	log       *log.Logger // nil without --debug
	start     time.Time
}

// run is the one boundary between data and the terminal for every command:
// stdout and stderr escape control characters (termsafe), so no label,
// file name or message from a data file drives the terminal. --json output
// is written through env.json(), which escapes the same characters the
// same way (see termsafe.JSONWriter) without the filter's cost.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	sink := &outputSink{w: stdout}
	out, errOut := termsafe.NewWriter(sink), termsafe.NewWriter(stderr)
	defer out.Flush()
	defer errOut.Flush()
	env := &cmdEnv{stdin: stdin, stdout: out, stderr: errOut, isTerminal: stdoutIsTerminal(stdout), start: time.Now(),
		rawStdout: sink, safeOut: out}
	defer env.flushJSON()
	root := newRoot(env, args)
	if args == nil {
		args = []string{} // nil would make cobra read os.Args
	}
	root.SetArgs(args)
	cmd, err := root.ExecuteC()
	if err != nil && cmd == root && len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		// A flag the default command does not take, after a first word
		// that names no file: a mistyped command ("revew --remove X").
		if e := rootArgs(root, args[:1]); e != nil {
			err = e
		}
	}
	if err != nil {
		name := "sweeptune"
		if cmd != nil {
			name = cmd.CommandPath()
		}
		fmt.Fprintf(env.stderr, "%s: %s\n", name, strings.TrimRight(err.Error(), "\n"))
		fmt.Fprintf(env.stderr, "Run '%s --help' for usage.\n", name)
		env.closeDebug(exitBadInput)
		return exitBadInput
	}
	code := env.code
	env.flushJSON()
	out.Flush()
	if sink.err != nil {
		// A full disk under `> file` lost the output: not the input's
		// fault (2), nor a verdict (1), and never a silent 0.
		fmt.Fprintf(env.stderr, "%s: writing the output: %v\n", cmd.CommandPath(), sink.err)
		code = exitWriteFailed
	}
	env.closeDebug(code)
	return code
}

// outputSink is stdout keeping its first write error: a command prints
// through buffers and filters that may drop it, and run says it once at
// the end.
type outputSink struct {
	w   io.Writer
	err error
}

func (o *outputSink) Write(p []byte) (int, error) {
	n, err := o.w.Write(p)
	if err != nil && o.err == nil {
		o.err = err
	}
	return n, err
}

// json is stdout for a --json document: the same escapes as env.stdout
// (DEL, C1 and bidi controls as \u escapes; encoding/json has escaped C0),
// written without the terminal filter.
func (env *cmdEnv) json() io.Writer {
	if env.jsonOut == nil {
		env.safeOut.Flush()
		env.jsonOut = termsafe.NewJSONWriter(env.rawStdout)
	}
	return env.jsonOut
}

func (env *cmdEnv) flushJSON() {
	if env.jsonOut != nil {
		env.jsonOut.Flush()
	}
}

// newRoot is the command tree, built afresh for each Run. When the first
// word names a subcommand only that one is built under the root: building
// every command's flags is a tenth of a short command's run, and one
// command runs. Anything else (help, completion, a mistyped name, the
// default command) gets the whole tree, for its lists and suggestions.
func newRoot(env *cmdEnv, args []string) *cobra.Command {
	only := ""
	if len(args) > 0 && args[0] != "man" { // man pages the whole tree
		only = args[0]
	}
	lean := slices.ContainsFunc(builders, func(b builder) bool { return b.name == only })
	var root *cobra.Command
	if lean {
		// The default command's flags and the completion command are
		// never parsed, shown or completed when a subcommand runs alone.
		root = newParentCmd()
		root.CompletionOptions.DisableDefaultCmd = true
	} else {
		root = newDefaultCmd(env)
	}
	root.SetIn(env.stdin) // before the completion command, which keeps its writer
	root.SetOut(env.stdout)
	root.SetErr(env.stderr)
	addDebug(root, env)
	for _, b := range builders {
		if b.name == only {
			root.AddCommand(b.build(env))
		}
	}
	if !lean {
		for _, b := range builders {
			root.AddCommand(b.build(env))
		}
		root.SetHelpCommand(newHelpCmd())
		root.InitDefaultHelpCmd()
		root.InitDefaultCompletionCmd()
		shellsOnly(root)
	}
	forEach(root, func(c *cobra.Command) {
		c.Example = examples[strings.TrimPrefix(c.CommandPath(), "sweeptune ")]
		if !lean { // values complete through __complete, which is never lean
			completeFlagValues(c)
		}
	})
	root.SilenceErrors, root.SilenceUsage = true, true
	root.SuggestionsMinimumDistance = 2
	if c, _, err := root.Find(args); err == nil && (c == root || strings.HasPrefix(c.Name(), "__complete")) {
		addVersionFlag(root) // where cobra would add its own: the root runs, or completes
	}
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return err })
	return root
}

// forEach calls fn on c and every command below it.
func forEach(c *cobra.Command, fn func(*cobra.Command)) {
	fn(c)
	for _, sub := range c.Commands() {
		forEach(sub, fn)
	}
}

// leaf is a subcommand that takes PATH arguments; run's return value is the
// exit code.
func leaf(env *cmdEnv, use, short, long string, run func(cmd *cobra.Command, paths []string) int) *cobra.Command {
	return &cobra.Command{
		Use: use, Short: short, Long: strings.TrimRight(long, "\n"),
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			env.code = run(cmd, args)
			return nil
		},
	}
}

// rootArgs tells a mistyped subcommand from a path argument: a first
// argument that names no file and looks like a word is an unknown command
// (with cobra's "did you mean").
func rootArgs(cmd *cobra.Command, args []string) error {
	if len(args) == 0 || !looksLikeCommand(args[0]) {
		return nil
	}
	msg := fmt.Sprintf("unknown command %q", args[0])
	if s := cmd.SuggestionsFor(args[0]); len(s) > 0 {
		msg += "\n\nDid you mean this?\n\t" + strings.Join(s, "\n\t") + "\n"
	}
	return errors.New(msg)
}

// looksLikeCommand tells a mistyped subcommand from a path argument.
func looksLikeCommand(arg string) bool {
	if _, err := os.Stat(arg); err == nil {
		return false
	}
	return !strings.ContainsAny(arg, "/.\\")
}

// stdoutIsTerminal is isTerminal; tests replace it to run the workbench path.
var stdoutIsTerminal = isTerminal

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}
