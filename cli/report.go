package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/export"
	"github.com/sweeptune/sweeptune/tui/plot"
)

func init() { register(newReportCmd) }

func newReportCmd(env *cmdEnv) *cobra.Command {
	var f reportFlags
	cmd := leaf(env, "report [--x AXIS] [--y METRIC] [--as-of DATE] [--json | --csv] [PATH...]",
		"tables and ASCII plots of every curve (text or --json)", reportHelp,
		func(_ *cobra.Command, paths []string) int { return runReport(&f, paths, env) })
	f.register(cmd.Flags())
	return cmd
}

type reportFlags struct {
	curveFlags
	csv    bool
	width  int
	height int
	logX   bool
}

// register attaches report's flags: the curve flags and the output's own.
func (f *reportFlags) register(fs *pflag.FlagSet) {
	f.curveFlags.register(fs, model.DefaultXAxis)
	fs.BoolVar(&f.csv, "csv", false, "print the points table as CSV instead of text")
	fs.IntVar(&f.width, "width", 100, "plot width in columns")
	fs.IntVar(&f.height, "height", 22, "plot height in rows")
	fs.BoolVar(&f.logX, "log-x", false, "log-scale x axis")
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
--csv prints the points table (curve, ID, x, y, frontier and hull status).`

func runReport(f *reportFlags, paths []string, env *cmdEnv) int {
	x, v, ok := f.resolve("report", env.stderr)
	if !ok {
		return exitBadInput
	}
	if f.width < 20 || f.height < 5 {
		fmt.Fprintf(env.stderr, "sweeptune report: --width %d --height %d: the plot needs at least 20 columns and 5 rows\n", f.width, f.height)
		return exitBadInput
	}
	if f.json && f.csv {
		fmt.Fprintln(env.stderr, "sweeptune report: --json and --csv: choose one")
		return exitBadInput
	}
	s, ok := f.loadShown(paths, v, env)
	if !ok {
		return s.code
	}
	code := s.code
	curves := model.GroupCurves(s.points)
	rep := buildReport(s.ds, curves, x, v.y)
	rep.Warnings = append(rep.Warnings, s.notes...)
	switch {
	case f.json:
		if err := writeReportJSON(env.stdout, rep); err != nil {
			return exitBadInput
		}
	case f.csv:
		if err := export.WriteCurvesCSV(env.stdout, x, v.y, csvCurves(rep)); err != nil {
			return exitBadInput
		}
	default:
		writeReportText(env.stdout, rep, curves, x, v.y, f.width, f.height, f.logX)
	}
	return code
}

// csvCurves is the report's table as the CSV writer takes it.
func csvCurves(rep report) []export.CSVCurve {
	out := make([]export.CSVCurve, len(rep.Curves))
	for i, c := range rep.Curves {
		out[i] = export.CSVCurve{Key: c.Key, Points: c.Points, OnFrontier: c.OnFrontier, HullVertex: c.HullVertex}
	}
	return out
}

func writeReportText(w io.Writer, rep report, curves []model.Curve, x, y model.Axis, width, height int, logX bool) {
	if len(curves) == 0 {
		fmt.Fprintln(w, "no points loaded")
	}
	var competitors []model.Point // the only points another curve's plot draws
	for _, c := range curves {
		competitors = append(competitors, model.WithSource(c.Points, model.SourceCompetitor)...)
	}
	for ci, c := range curves {
		rc := rep.Curves[ci]
		fmt.Fprintf(w, "%s\n", c.Key)
		onX, onXY := 0, 0 // points with x; with x and y
		dated := false
		for i := range rc.Points {
			dated = dated || rc.Points[i].Prov.Date != ""
		}
		rows := make([][]string, 0, len(rc.Points))
		for i := range rc.Points {
			p := &rc.Points[i]
			xv := model.Dash
			if v, ok := p.Value(x.Metric); ok {
				xv = model.FormatValue(x.Metric, v)
				onX++
			}
			yv := model.Dash
			if v, ok := p.Value(y.Metric); ok {
				yv = model.FormatValue(y.Metric, v)
				if xv != model.Dash {
					onXY++
				}
			}
			mark := ""
			if rc.OnFrontier[i] {
				mark = "frontier"
				if rc.HullVertex[i] {
					mark += ", hull vertex"
				} else {
					mark += ", under hull"
				}
			}
			row := []string{p.ID, string(p.Source), intCell(p.GPUs()), intCell(p.Knobs.Concurrency), intCell(p.Knobs.DecodeBS), yv, xv, mark}
			if dated {
				row = append(row[:2:2], append([]string{model.OrDash(p.Prov.Date)}, row[2:]...)...)
			}
			rows = append(rows, row)
		}
		header := []string{"ID", "source", "GPUs", "conc", "BS", y.Name, x.Name, "on frontier"}
		right := []bool{false, false, true, true, true, true, true, false}
		if dated {
			header = append(header[:2:2], append([]string{"date"}, header[2:]...)...)
			right = append(right[:2:2], append([]bool{false}, right[2:]...)...)
		}
		fmt.Fprint(w, textTable(header, rows, right))
		if onX == 0 {
			fmt.Fprintf(w, "(no point of this curve has %s: nothing to plot)\n\n", x.Name)
			continue
		}
		if onXY == 0 {
			fmt.Fprintf(w, "(no point of this curve has both %s and %s: nothing to plot)\n\n", x.Name, y.Name)
			continue
		}
		key := c.Key
		rivals := model.Rivals(competitors, key, func(p *model.Point) bool { return p.Curve != key })
		series := plot.CurveSet(c, model.GroupCurves(rivals), x, y, false, nil)
		canvas := plot.Plot(series, plot.PlotOptions{Width: width, Height: height, X: x, Y: y, LogX: logX})
		fmt.Fprintln(w)
		for _, l := range canvas.Lines {
			fmt.Fprintln(w, strings.TrimRight(l, " "))
		}
		fmt.Fprintln(w, plot.AxisCaption(x, y, logX))
		fmt.Fprintln(w, legend(series))
		fmt.Fprintln(w)
	}
}

func legend(series []plot.Series) string {
	return "frontier points: " + plot.LegendText(series) + "   ○ dominated"
}

func intCell(v int) string {
	if v == 0 {
		return model.Dash
	}
	return model.Thousands(float64(v), 0)
}
