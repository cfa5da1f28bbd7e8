package cli

import (
	"fmt"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/render"
	"github.com/sweeptune/sweeptune/sources/export"
)

func init() { register("report", newReportCmd) }

func newReportCmd(env *cmdEnv) *cobra.Command {
	var f reportFlags
	cmd := leaf(env, "report [--x AXIS] [--y METRIC] [--as-of DATE] [--json | --csv] [PATH...]",
		"tables and ASCII plots of every curve (text or --json)", reportHelp,
		func(_ *cobra.Command, paths []string) int { return runReport(&f, paths, env) })
	f.register(cmd.Flags())
	f.registerChangelogs(cmd.Flags())
	return cmd
}

type reportFlags struct {
	curveFlags
	csv    bool
	width  int
	height int
	logX   bool
	// asPublished shows the curve as the dashboard publishes it;
	// changelogs say which dates were append-only.
	asPublished bool
	changelogs  []string
}

// register attaches report's flags: the curve flags and the output's own.
func (f *reportFlags) register(fs *pflag.FlagSet) {
	f.curveFlags.register(fs, model.DefaultXAxis)
	fs.BoolVar(&f.csv, "csv", false, "print the points table as CSV instead of text")
	fs.IntVar(&f.width, "width", 100, "plot width in columns")
	fs.IntVar(&f.height, "height", 22, "plot height in rows")
	fs.BoolVar(&f.logX, "log-x", false, "log-scale x axis")
	fs.BoolVar(&f.asPublished, "as-published", false, "show each curve as the dashboard publishes it: its latest published date only (with --as-of, the latest on or before it); local runs left out (docs/dashboard.md)")
}

// registerChangelogs attaches --changelog, report's own: the default
// command leaves it out (there --changelog is the workbench export's).
func (f *reportFlags) registerChangelogs(fs *pflag.FlagSet) {
	fs.StringArrayVar(&f.changelogs, "changelog", nil, "with --as-published: a perf-changelog.yaml `FILE` in a git checkout whose append-only entries' dates join the curve before them (repeatable; a changelog among the PATHs counts too)")
}

const reportHelp = `Per curve (model · scenario · hardware · framework · precision · spec
decoding): the points table and an ASCII plot of y against x, frontier
points and hull vertices marked, each competitor curve of the same model,
scenario, hardware and precision drawn beside it. With no PATH: the
embedded demo.

Each configuration shows its latest measurement (--as-of DATE: the latest
on or before DATE; --all-dates: every one). tput-per-mw and cost-per-mtok
come from the InferenceX dashboard's power and cost per GPU (built in;
--gpu-power, --gpu-cost and the --gpu-config file override them) and are
in --json's metrics when --y names one or a --gpu-* flag is given:
  tput_per_mw   = tput_per_gpu × 1000 / kW per GPU
  cost_per_mtok = USD per GPU-hour / (tput_per_gpu × 3600) × 1e6
--csv prints the points table (curve, ID, x, y, frontier and hull status).

--as-published shows what the InferenceX dashboard draws: for each curve
(an AgentX curve is one per hardware, agg and disagg together) only the
published points of its latest date, so a later narrow sweep replaces a
denser curve as it does on the dashboard; local runs are left out. The
points of a date whose changelog entry was append-only join the curve
before them instead (--changelog, or a perf-changelog.yaml among the
PATHs; git dates its entries, so it must be in a checkout).`

// maxPlotWidth and maxPlotHeight bound the report's plot.
const (
	maxPlotWidth  = 1000
	maxPlotHeight = 500
)

func runReport(f *reportFlags, paths []string, env *cmdEnv) int {
	x, v, ok := f.resolve("report", env.stderr)
	if !ok {
		return exitBadInput
	}
	if f.width < 20 || f.height < 5 {
		fmt.Fprintf(env.stderr, "sweeptune report: --width %d --height %d: the plot needs at least 20 columns and 5 rows\n", f.width, f.height)
		return exitBadInput
	}
	if f.width > maxPlotWidth || f.height > maxPlotHeight {
		// a grid of width × height cells is made per curve: past these it
		// was minutes of work or a panic, not a plot
		fmt.Fprintf(env.stderr, "sweeptune report: --width %d --height %d: the plot takes at most %d columns and %d rows\n", f.width, f.height, maxPlotWidth, maxPlotHeight)
		return exitBadInput
	}
	if f.json && f.csv {
		fmt.Fprintln(env.stderr, "sweeptune report: --json and --csv: choose one")
		return exitBadInput
	}
	if f.asPublished && v.allDates {
		fmt.Fprintln(env.stderr, "sweeptune report: --as-published shows one date per curve; --all-dates every date: choose one")
		return exitBadInput
	}
	if len(f.changelogs) > 0 && !f.asPublished {
		fmt.Fprintln(env.stderr, "sweeptune report: --changelog is read by --as-published (which dates were append-only): give both")
		return exitBadInput
	}
	v.published, v.publishedLogs = f.asPublished, f.changelogs
	s, ok := f.loadShownTaking(paths, v, env)
	if !ok {
		return s.code
	}
	code := s.code
	curves := s.curves
	if curves == nil {
		curves = model.GroupCurvesInPlace(s.points)
	}
	rep := buildReport(s.ds, curves, s.projs, x, v.y)
	rep.Warnings = append(rep.Warnings, s.notes...)
	switch {
	case f.json:
		if len(s.points) >= parallelPoints {
			growPipe(env.rawStdout)
		}
		if err := writeReportJSON(env.json(), rep); err != nil {
			return exitBadInput
		}
	case f.csv:
		if err := export.WriteCurvesCSV(env.stdout, x, v.y, csvCurves(rep)); err != nil {
			return exitBadInput
		}
	default:
		if err := render.WriteReport(env.stdout, rep.Curves, render.ReportOptions{X: x, Y: v.y, Width: f.width, Height: f.height, LogX: f.logX}); err != nil {
			return exitWriteFailed
		}
	}
	return code
}

// csvCurves is the report's table as the CSV writer takes it.
func csvCurves(rep report) []export.CSVCurve {
	out := make([]export.CSVCurve, len(rep.Curves))
	for i, c := range rep.Curves {
		out[i] = export.CSVCurve{Key: c.Key, Points: c.Points, OnFrontier: c.OnFrontier, HullVertex: c.HullVertex, Projections: c.Projections()}
	}
	return out
}
