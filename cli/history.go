package cli

import (
	"fmt"
	"io"
	"time"

	"github.com/spf13/cobra"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/render"
	"github.com/sweeptune/sweeptune/sources"
)

func init() { register("history", newHistoryCmd) }

func newHistoryCmd(env *cmdEnv) *cobra.Command {
	var f historyFlags
	cmd := leaf(env, "history [--from DATE --to DATE] [--curve SELECTOR] [--changelog FILE] [--x AXIS] [--y METRIC] [--json] [PATH...]",
		"run dates per curve; how a frontier moved between two dates", historyHelp,
		func(_ *cobra.Command, paths []string) int { return runHistory(&f, paths, env) })
	fs := cmd.Flags()
	f.inputFlags.register(fs)
	f.registerY(fs)
	f.registerSpecs(fs)
	addX(fs, &f.x, model.DefaultXAxis)
	fs.StringVar(&f.from, "from", "", "the earlier `DATE` (YYYY-MM-DD)")
	fs.StringVar(&f.to, "to", "", "the later `DATE` (YYYY-MM-DD)")
	fs.StringVar(&f.curve, "curve", "", "only the curves this `SELECTOR` picks (a source, a framework or a curve key)")
	fs.StringVar(&f.changelog, "changelog", "", "perf-changelog.yaml whose entries to date between --from and --to")
	addJSON(fs, &f.json)
	return cmd
}

const historyHelp = `Published rows carry the date of their run. Without --from and --to: each
curve's run dates, with how many points each run measured. With them: per
curve, the frontier as of each date (each configuration's latest run on or
before it), every point of the later frontier against the earlier one at
the same x (linear on its frontier, never extrapolated), the points that
joined and left the frontier, and the perf-changelog entries committed
after --from and on or before --to (a changelog among the PATHs or
--changelog; git dates the entries, so the file must be in a checkout).

--curve picks curves as compare's --other does: a source, a framework or a
curve key. The workbench's H key shows the same comparison.`

type historyFlags struct {
	inputFlags
	viewFlags
	x, from, to, curve, changelog string
	json                          bool
}

func runHistory(f *historyFlags, paths []string, env *cmdEnv) int {
	x, v, ok := f.resolveXY("history", f.x, env.stderr)
	if !ok {
		return exitBadInput
	}
	for _, d := range []struct{ name, val string }{{"--from", f.from}, {"--to", f.to}} {
		if d.val == "" {
			continue
		}
		if _, err := time.Parse("2006-01-02", d.val); err != nil {
			fmt.Fprintf(env.stderr, "sweeptune history: %s %q: want a date YYYY-MM-DD\n", d.name, d.val)
			return exitBadInput
		}
	}
	if (f.from == "") != (f.to == "") {
		fmt.Fprintln(env.stderr, "sweeptune history: --from and --to go together")
		return exitBadInput
	}
	ds, code := f.load(paths, env)
	if ds == nil {
		return code
	}
	printWarnings(env.stderr, ds)
	if len(v.warnings) > 0 {
		code = exitBadInput
	}
	// The loaded points are given up to the view (projected and grouped in
	// place: a million points are not copied twice); derived metrics go
	// on a copy, the runs' projections read the measured ones.
	pts := ds.Points
	if v.derive {
		pts = append([]model.Point(nil), ds.Points...)
		model.Derive(pts, v.specs)
	}
	projs := model.ProjectShown(pts, ds.Points) // short runs as every view shows them (the runs' projections made first)
	if f.curve != "" {
		sel, ok := model.ParseSelector(f.curve, pts)
		if !ok {
			fmt.Fprintf(env.stderr, "sweeptune history: --curve %q matches no source, framework or curve key\n", f.curve)
			writeSelectors(env.stderr, pts)
			return exitBadInput
		}
		var picked []model.Point
		for i := range pts {
			if sel(&pts[i]) {
				picked = append(picked, pts[i])
			}
		}
		pts = picked
	}
	curves := model.GroupCurvesInPlace(pts)
	var notes []string
	for _, w := range v.warnings {
		notes = append(notes, w.String())
	}
	warnings := loadWarnings(ds, notes)
	if f.from == "" {
		if err := writeDates(env.stdout, curves, f.json, warnings); err != nil {
			return exitBadInput
		}
		return code
	}
	logs := ds.Changelogs
	if f.changelog != "" {
		l, err := sources.ReadChangelog(f.changelog)
		if err != nil {
			fmt.Fprintf(env.stderr, "sweeptune history: --changelog: %v\n", err)
			return exitBadInput
		}
		logs = append(logs, l)
	}
	var results []sources.History
	for _, c := range curves {
		if len(model.Dates(c.Points)) == 0 {
			continue
		}
		results = append(results, sources.BuildHistory(c.Points, f.from, f.to, x, v.y, logs))
	}
	if f.json {
		if err := writeDoc(env.json(), historyJSON(results), warnings); err != nil {
			return exitBadInput
		}
		return code
	}
	if len(results) == 0 {
		fmt.Fprintln(env.stdout, "no curve has dated points")
	}
	for i, r := range results {
		if i > 0 {
			fmt.Fprintln(env.stdout)
		}
		fmt.Fprint(env.stdout, render.History(r, projs...).Plain())
	}
	return code
}

// writeDates lists each curve's run dates and the points of each; --json
// puts the list under "curves".
func writeDates(w io.Writer, curves []model.Curve, asJSON bool, warnings []string) error {
	if !asJSON {
		fmt.Fprint(w, render.RunDates(curves).Plain())
		return nil
	}
	type curveJSON struct {
		Curve model.CurveKey    `json:"curve"`
		Dates []model.DateCount `json:"dates"`
	}
	out := []curveJSON{}
	for _, c := range curves {
		out = append(out, curveJSON{Curve: c.Key, Dates: model.DateCounts(c.Points)})
	}
	return writeDoc(w, struct {
		Curves []curveJSON `json:"curves"`
	}{out}, warnings)
}

// historyJSON is the comparison as JSON, one entry per curve under
// "curves" (each sources.History marshals itself).
func historyJSON(results []sources.History) any {
	return struct {
		Curves []sources.History `json:"curves"`
	}{model.OrEmpty(results)}
}
