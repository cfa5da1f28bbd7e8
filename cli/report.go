package cli

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/tui/plot"
)

func init() {
	register(command{name: "report", summary: "tables and ASCII plots of every curve (text or --json)", run: runReport})
}

type reportFlags struct {
	inputFlags
	x      string
	y      string
	json   bool
	width  int
	height int
	logX   bool
}

func runReport(args []string, env *cmdEnv) int {
	fs := newFlags("report", "usage: sweeptune report [--x AXIS] [--json] [PATH...]\n\n"+
		"Per curve: the points table and an ASCII plot of throughput per GPU against x,\n"+
		"frontier points and hull vertices marked. With no PATH: the embedded demo.", env)
	var f reportFlags
	f.inputFlags.register(fs)
	fs.StringVar(&f.x, "x", model.DefaultXAxis.Name, "x axis: "+xAxisNames())
	fs.StringVar(&f.y, "y", model.AxisTputPerGPU.Name, "y axis: tput-per-gpu, input-tput-per-gpu, output-tput-per-gpu")
	fs.BoolVar(&f.json, "json", false, "print JSON instead of text")
	fs.IntVar(&f.width, "width", 100, "plot width in columns")
	fs.IntVar(&f.height, "height", 22, "plot height in rows")
	fs.BoolVar(&f.logX, "log-x", false, "log-scale x axis")
	paths, err := parseFlags(fs, args)
	if err != nil {
		return flagDone(err)
	}
	x, ok := parseXFlag("report", f.x, env.stderr)
	if !ok {
		return exitBadInput
	}
	y, err := model.ParseYAxis(f.y)
	if err != nil {
		fmt.Fprintln(env.stderr, "sweeptune report:", err)
		return exitBadInput
	}
	ds, code := f.load(paths, env)
	curves := model.GroupCurves(ds.Points)
	rep := buildReport(ds, curves, x, y)
	printWarnings(env.stderr, ds)
	if f.json {
		if err := writeReportJSON(env.stdout, rep); err != nil {
			return exitBadInput
		}
		return code
	}
	writeReportText(env.stdout, rep, curves, x, y, f.width, f.height, f.logX)
	return code
}

func writeReportText(w io.Writer, rep report, curves []model.Curve, x, y model.Axis, width, height int, logX bool) {
	if len(curves) == 0 {
		fmt.Fprintln(w, "no points loaded")
	}
	var all []model.Point
	for _, c := range curves {
		all = append(all, c.Points...)
	}
	for ci, c := range curves {
		rc := rep.Curves[ci]
		fmt.Fprintf(w, "%s\n", c.Key)
		onX := 0
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
			rows = append(rows, []string{p.ID, string(p.Source), intCell(p.GPUs()), intCell(p.Knobs.Concurrency), intCell(p.Knobs.DecodeBS), yv, xv, mark})
		}
		fmt.Fprint(w, textTable(
			[]string{"ID", "source", "GPUs", "conc", "BS", y.Name, x.Name, "on frontier"},
			rows, []bool{false, false, true, true, true, true, true, false}))
		if onX == 0 {
			fmt.Fprintf(w, "(no point of this curve has %s: nothing to plot)\n\n", x.Name)
			continue
		}
		key := c.Key
		rivals := model.Rivals(all, key, func(p *model.Point) bool { return p.Source == model.SourceCompetitor && p.Curve != key })
		series := plot.SeriesBySource(append(rivals, c.Points...), x, y, nil)
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
	parts := make([]string, 0, len(series)+1)
	for _, s := range series {
		parts = append(parts, string(s.Glyph)+" "+s.Name)
	}
	return "frontier points: " + strings.Join(parts, "  ") + "   ○ dominated"
}

func intCell(v int) string {
	if v == 0 {
		return model.Dash
	}
	return strconv.Itoa(v)
}
