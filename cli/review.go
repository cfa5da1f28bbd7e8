package cli

import (
	"fmt"

	"github.com/spf13/cobra"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/render"
)

func init() { register("review", newReviewCmd) }

func newReviewCmd(env *cmdEnv) *cobra.Command {
	var f reviewFlags
	cmd := leaf(env, "review --remove ID[,ID...] [--keep ID[,ID...]] [--with-planned] [--x AXIS] [--y METRIC] [--as-of DATE] [--add ID,... --recipe F --master M --config-key K --changelog F] [--json] [PATH...]",
		"may these points be removed? line test, hull, coverage, re-tunes", reviewHelp,
		func(_ *cobra.Command, paths []string) int { return runReview(&f, paths, env) })
	fs := cmd.Flags()
	f.curveFlags.register(fs, model.DefaultXAxis)
	fs.StringVar(&f.remove, "remove", "", "`IDS` of the points to remove, comma-separated (required)")
	fs.StringVar(&f.keep, "keep", "", "`IDS` of the kept curve, comma-separated (default: the rest of the curve)")
	fs.BoolVar(&f.withPlanned, "with-planned", false, "let planned points stand in the kept curve (verdicts that lean on one say so)")
	fs.BoolVar(&f.projectRuns, "project-runs", false, "show short runs projected to the curve's steady-state length (factors from configurations run at both) so they may stand in the kept curve")
	f.noise.register(fs)
	f.targets.register(fs)
	return cmd
}

const reviewHelp = `Checks each removed point against the KEPT curve only (never against other
removed points): the kept points adjacent in x that bracket it give a line,
and the point is covered when its throughput is at or under that line. At
either end of the kept x range there is one neighbour, so the test falls back
to Pareto dominance by a kept point. Then: the kept points that are not
vertices of the upper concave hull, the kept curve's frontier counts against
p90 and p75 E2EL (InferenceX recommends at least 5), and re-tune deltas of
kept points against published points of the same topology and concurrency.

Removing an ID removes its configuration: every other measurement of the
same knobs and concurrency goes with it, and is never its own neighbour.

The kept set is exactly the --keep points when given. Without --keep it is
the rest of the removed points' curve with both metrics on the chosen axes:
measured points only (planned ones join with --with-planned, and a verdict
that leans on one says so), competitors left out, one measurement per
configuration (the first loaded) and steady-state runs only (runs shorter
than 3600 s are left out, named; --project-runs shows a short run whose
configuration has no full-length run projected by the curve's run-length
factors, marked); coverage then counts the whole curve without the removed
configurations (E2EL-only points included).

A line-test gap or re-tune delta no larger than the curve's run-to-run
noise (the spread between repeated runs of one configuration; --noise PCT
where none is measured) says "within noise (±x %, n pairs)".

Published configurations measured on several dates count with their latest
run (--as-of DATE: the latest on or before DATE; --all-dates: every run).
With --y cost-per-mtok (lower is better) a removed point is covered when its
cost is at or above the kept line.

With export's targets (--recipe, --master, --config-key, --changelog; --add
for the points the change set adds) the review also previews the curve after
merge as export does: what the listed keys' sweep will publish, what it
replaces under the dashboard's latest-date rule, and what is lost beyond the
reviewed removals (docs/dashboard.md). Nothing is written.

Exit status: 0 every removed point covered, 1 one is not (or the curve after
merge loses coverage export would refuse), 2 bad input or an unknown ID (the
valid IDs are listed).
`

type reviewFlags struct {
	curveFlags
	remove      string
	keep        string
	withPlanned bool
	projectRuns bool
	noise       noiseFlags
	targets     reviewTargets
}

func runReview(f *reviewFlags, paths []string, env *cmdEnv) int {
	x, ok := parseXFlag("review", f.x, env.stderr)
	if !ok {
		return exitBadInput
	}
	if len(splitIDs(f.remove)) == 0 {
		fmt.Fprintln(env.stderr, "sweeptune review: --remove is required")
		fmt.Fprintln(env.stderr, "Run 'sweeptune review --help' for usage.")
		return exitBadInput
	}
	if msg := f.noise.check(); msg != "" {
		fmt.Fprintf(env.stderr, "sweeptune review: %s\n", msg)
		return exitBadInput
	}
	v, ok := f.viewFlags.resolve("review", env.stderr)
	if !ok {
		return exitBadInput
	}
	s, ok := f.loadShownFor(paths, v, env, append(splitIDs(f.remove), splitIDs(f.keep)...))
	if !ok {
		return s.code
	}
	ds, pts, loadCode := s.ds, s.points, s.code
	y := v.y
	rep, err := model.Review(model.ReviewRequest{Points: pts, Remove: splitIDs(f.remove), Keep: splitIDs(f.keep),
		X: x, Y: y, WithPlanned: f.withPlanned, AsOf: v.asOf, ProjectRuns: f.projectRuns, NoisePct: f.noise.pct, Runs: ds.Points})
	if err != nil {
		fmt.Fprintf(env.stderr, "sweeptune review: %v\n", err)
		if re, ok := err.(*model.ReviewError); ok && len(re.Unknown) > 0 {
			for _, id := range re.Unknown {
				if i := model.FindID(ds.Points, id); i >= 0 {
					fmt.Fprintf(env.stderr, "%s is a measurement of %s that a later run of its configuration replaces: review it with --all-dates or --as-of %s\n",
						id, model.OrDash(ds.Points[i].Prov.Date), model.OrDash(ds.Points[i].Prov.Date))
				}
			}
			writeValidIDs(env.stderr, pts)
		}
		return exitBadInput
	}
	if !v.allDates {
		rep.LeftOut = append(model.ViewLeftOut(ds.Points, pts, rep.Curve, splitIDs(f.remove), v.asOf), rep.LeftOut...)
	}
	for _, v := range rep.Removed {
		if v.Test == model.TestNone {
			fmt.Fprintf(env.stderr, "sweeptune review: %s has no %s or %s; choose another --x\n", v.ID, x.Name, y.Name)
			return exitBadInput
		}
	}
	var previews []model.Preview
	if f.targets.given() {
		var err error
		if previews, err = f.targets.afterMerge(ds.Points, ds.Changelogs, splitIDs(f.remove), v.asOf); err != nil {
			fmt.Fprintf(env.stderr, "sweeptune review: %v\n", err)
			loadCode = max(loadCode, exitBadInput)
		}
	}
	if f.json {
		doc, err := withAfterMerge(rep, previews)
		if err != nil {
			return exitBadInput
		}
		if err := writeDoc(env.json(), doc, loadWarnings(ds, s.notes)); err != nil {
			return exitBadInput
		}
	} else {
		render.Review(rep, render.ReviewOptions{PlannedHint: "--with-planned", AxisHint: "--x chooses the axis"}).WritePlain(env.stdout)
		if len(previews) > 0 {
			fmt.Fprintln(env.stdout)
			fmt.Fprint(env.stdout, render.AfterMerge(previews, "export's --accept-coverage-loss").Plain())
		}
	}
	code := exitOK
	if !rep.AllCovered() || coverageRefusal(previews, false) != "" {
		code = exitRefused // a removal not covered, or the merge loses coverage export would refuse
	}
	return max(code, loadCode)
}
