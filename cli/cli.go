// Package cli is sweeptune's command line: one file per subcommand, each
// turning flags into model, planner and sources calls and printing text or
// --json (which marshals the domain results).
package cli

import (
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

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

// command is one subcommand; each lives in its own cmd_*.go file and
// registers itself from init so that adding one never edits this file.
type command struct {
	name    string
	summary string
	run     func(args []string, env *cmdEnv) int
}

var commands = map[string]command{}

func register(c command) { commands[c.name] = c }

// cmdEnv is what a subcommand may touch of the outside world.
type cmdEnv struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	isTerminal     bool // stdout is a terminal
}

// defaultCommand runs when no subcommand is given: the workbench on a
// terminal, the text report otherwise. cmd_tui.go sets it when the TUI exists.
var defaultCommand = "report"

// run is the one boundary between data and the terminal for every command:
// stdout and stderr escape control characters (termsafe), so no label,
// file name or message from a data file drives the terminal. --json output
// passes through too and decodes to the same values (see termsafe).
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	out, errOut := termsafe.NewWriter(stdout), termsafe.NewWriter(stderr)
	defer out.Flush()
	defer errOut.Flush()
	env := &cmdEnv{stdin: stdin, stdout: out, stderr: errOut, isTerminal: isTerminal(stdout)}
	if len(args) > 0 {
		switch args[0] {
		case "help", "-h", "--help":
			usage(env.stdout)
			return exitOK
		}
		if c, ok := commands[args[0]]; ok {
			return c.run(args[1:], env)
		}
		if !strings.HasPrefix(args[0], "-") && looksLikeCommand(args[0]) {
			fmt.Fprintf(env.stderr, "sweeptune: unknown command %q\n\n", args[0])
			usage(env.stderr)
			return exitBadInput
		}
	}
	name := defaultCommand
	if !env.isTerminal {
		name = "report"
	}
	return commands[name].run(args, env)
}

// looksLikeCommand tells a mistyped subcommand from a path argument.
func looksLikeCommand(arg string) bool {
	if _, err := os.Stat(arg); err == nil {
		return false
	}
	return !strings.ContainsAny(arg, "/.\\")
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: sweeptune [COMMAND] [FLAGS] [PATH...]")
	fmt.Fprintln(w, "\nWith no command: the workbench on a terminal, the report otherwise. With no PATH: the embedded demo.")
	fmt.Fprintln(w, "\ncommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-8s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "\nRun 'sweeptune COMMAND -h' for a command's flags.")
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}
