package cli

import (
	"github.com/spf13/cobra"
	"github.com/sweeptune/sweeptune/render"
)

const rootHelp = `sweeptune: a workbench for tuning the sweep points of InferenceX. Load results,
see the Pareto curve, plan, review, export.

With no command: the workbench on a terminal, the report otherwise (or when
--json or --csv asks for printed output). Both take the same flags: the
workbench's own (--theme, --session, ...) do nothing in the report, and the
report's layout (--width, --height, --log-x) nothing in the workbench.
With no PATH: the embedded demo.

Exit status: 0 ok, 1 a verdict or check says no, 2 bad input (a file or
field was skipped; the rest still loaded).`

// defaultFlags are the flags of sweeptune without a subcommand: every
// report flag and every workbench flag, so a terminal and a pipe take the
// same command line.
type defaultFlags struct {
	report reportFlags
	tui    tuiFlags
}

func newDefaultCmd(env *cmdEnv) *cobra.Command {
	var f defaultFlags
	cmd := &cobra.Command{
		Use:   "sweeptune [--x AXIS] [--y METRIC] [PATH...]",
		Short: "a workbench for tuning InferenceX sweep points",
		Long:  rootHelp,
		Args: func(cmd *cobra.Command, args []string) error {
			if versionAsked(cmd) {
				return nil
			}
			return rootArgs(cmd, args)
		},
		RunE: func(cmd *cobra.Command, paths []string) error {
			if versionAsked(cmd) {
				env.stdout.Write([]byte(render.BuildText("sweeptune", thisBuild()).Plain()))
				return nil
			}
			r := &f.report
			if env.isTerminal && !r.json && !r.csv {
				env.code = runTUI(workbench{&r.inputFlags, &r.viewFlags, &r.x, &f.tui}, cmd.Flags(), paths, env)
			} else {
				env.code = runReport(r, paths, env)
			}
			return nil
		},
	}
	fs := cmd.Flags()
	f.report.register(fs)
	f.tui.register(fs)
	return cmd
}

// newParentCmd is the root above a subcommand that runs alone: the same
// name and help, without the default command's flags, which that run never
// parses or shows (--debug, on every command, is added by newRoot).
func newParentCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "sweeptune [--x AXIS] [--y METRIC] [PATH...]",
		Short: "a workbench for tuning InferenceX sweep points",
		Long:  rootHelp,
	}
}
