package cli

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/sweeptune/sweeptune/model"
)

func init() { register(newReviewCmd) }

func newReviewCmd(env *cmdEnv) *cobra.Command {
	var f reviewFlags
	cmd := leaf(env, "review --remove ID[,ID...] [--keep ID[,ID...]] [--with-planned] [--x AXIS] [--y METRIC] [--as-of DATE] [--json] [PATH...]",
		"may these points be removed? line test, hull, coverage, re-tunes", reviewHelp,
		func(_ *cobra.Command, paths []string) int { return runReview(&f, paths, env) })
	fs := cmd.Flags()
	f.curveFlags.register(fs, model.DefaultXAxis)
	fs.StringVar(&f.remove, "remove", "", "`IDS` of the points to remove, comma-separated (required)")
	fs.StringVar(&f.keep, "keep", "", "`IDS` of the kept curve, comma-separated (default: the rest of the curve)")
	fs.BoolVar(&f.withPlanned, "with-planned", false, "let planned points stand in the kept curve (verdicts that lean on one say so)")
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
than 3600 s are left out); coverage then counts the whole curve without the
removed configurations (E2EL-only points included).

Published configurations measured on several dates count with their latest
run (--as-of DATE: the latest on or before DATE; --all-dates: every run).
With --y cost-per-mtok (lower is better) a removed point is covered when its
cost is at or above the kept line.

Exit status: 0 every removed point covered, 1 one is not, 2 bad input or an
unknown ID (the valid IDs are listed).
`

type reviewFlags struct {
	curveFlags
	remove      string
	keep        string
	withPlanned bool
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
	v, ok := f.viewFlags.resolve("review", env.stderr)
	if !ok {
		return exitBadInput
	}
	s, ok := f.loadShown(paths, v, env)
	if !ok {
		return s.code
	}
	ds, pts, loadCode := s.ds, s.points, s.code
	y := v.y
	rep, err := model.Review(model.ReviewRequest{Points: pts, Remove: splitIDs(f.remove), Keep: splitIDs(f.keep),
		X: x, Y: y, WithPlanned: f.withPlanned})
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
	for _, v := range rep.Removed {
		if v.Test == model.TestNone {
			fmt.Fprintf(env.stderr, "sweeptune review: %s has no %s or %s; choose another --x\n", v.ID, x.Name, y.Name)
			return exitBadInput
		}
	}
	if f.json {
		if err := writeDoc(env.stdout, rep, loadWarnings(ds, s.notes)); err != nil {
			return exitBadInput
		}
	} else {
		writeReviewText(env.stdout, rep)
	}
	code := exitOK
	if !rep.AllCovered() {
		code = exitRefused
	}
	return max(code, loadCode)
}

// neighbourText names a neighbour, marking a planned one.
func neighbourText(rep model.CurveReview, id string) string {
	if p := rep.KeptPoint(id); p != nil && p.Source == model.SourcePlanned {
		return id + " (planned)"
	}
	return id
}

func writeReviewText(w io.Writer, rep model.CurveReview) {
	x, y := rep.X, rep.Y
	fmt.Fprintf(w, "Removal review on %s × %s\ncurve: %s\n", x.Name, y.Name, rep.Curve)
	kept := make([]string, len(rep.Kept))
	for i := range rep.Kept {
		kept[i] = neighbourText(rep, rep.Kept[i].ID)
	}
	fmt.Fprintf(w, "kept (%d): %s\n", len(kept), strings.Join(kept, ", "))
	if rep.WithPlanned {
		fmt.Fprintln(w, "planned points may stand in the kept curve (--with-planned): verdicts that lean on one say so")
	}
	fmt.Fprintln(w)

	rows := make([][]string, 0, len(rep.Removed))
	notCovered := 0
	var notes []string
	for _, r := range rep.Removed {
		line, gap := model.Dash, model.Dash
		if r.HasLine {
			line, gap = model.Thousands(r.LineValue, 2), signedPct(r.GapPct)
		}
		dom := "no"
		if r.DominatedBy != "" {
			dom = "by " + neighbourText(rep, r.DominatedBy)
		}
		verdict := "covered"
		if !r.Covered {
			verdict, notCovered = "NOT covered", notCovered+1
		}
		if r.UsesPlanned {
			verdict += " (leans on planned)"
		}
		nb := make([]string, len(r.Neighbours))
		for i, id := range r.Neighbours {
			nb[i] = neighbourText(rep, id)
		}
		rows = append(rows, []string{r.ID, r.Test, model.FormatValue(x.Metric, r.X), model.FormatValue(y.Metric, r.Y),
			strings.Join(nb, " – "), line, gap, dom, verdict})
		if len(r.Twins) > 0 {
			notes = append(notes, fmt.Sprintf("%s: its configuration goes, so does %s", r.ID, strings.Join(r.Twins, ", ")))
		}
	}
	fmt.Fprint(w, textTable([]string{"removed", "test", x.Name, y.Name, "kept neighbours (x ascending)", "line value", "gap", "Pareto-dominated", "verdict"},
		rows, []bool{false, false, true, true, false, true, true, false, false}))
	switch {
	case notCovered == 0 && len(rep.Removed) == 1:
		fmt.Fprintln(w, "The removed point is covered by the kept curve.")
	case notCovered == 0:
		fmt.Fprintf(w, "All %d removed points are covered by the kept curve.\n", len(rep.Removed))
	case len(rep.Removed) == 1:
		fmt.Fprintln(w, "The removed point is NOT covered by the kept curve.")
	default:
		fmt.Fprintf(w, "%d of %d removed points are NOT covered by the kept curve.\n", notCovered, len(rep.Removed))
	}
	for _, n := range notes {
		fmt.Fprintln(w, n)
	}

	fmt.Fprintln(w)
	placed := 0 // kept points with both values: what the hull is drawn through
	for i := range rep.Kept {
		if _, _, ok := rep.Kept[i].XY(x, y); ok {
			placed++
		}
	}
	switch {
	case placed < 3:
		fmt.Fprintf(w, "%s with both %s and %s: no hull to lie under.\n", model.Plural(placed, "kept point"), x.Name, y.Name)
	case len(rep.NotHull) == 0:
		fmt.Fprintln(w, "Every kept point is a vertex of the upper concave hull.")
	default:
		fmt.Fprintln(w, "Kept points under the upper concave hull (the kept curve is not concave there; worth a look):")
		rows = rows[:0]
		for _, h := range rep.NotHull {
			rows = append(rows, []string{h.ID, model.FormatValue(x.Metric, h.X), model.FormatValue(y.Metric, h.Y), model.Thousands(h.HullValue, 2), strconv.FormatFloat(h.GapPct, 'f', 2, 64) + " %"})
		}
		fmt.Fprint(w, textTable([]string{"kept", x.Name, y.Name, "hull value", "below hull"}, rows, []bool{false, true, true, true, true}))
	}

	fmt.Fprintln(w)
	fmt.Fprintf(w, "Coverage: frontier points of %s against E2EL (InferenceX recommends at least %d):\n", y.Name, model.RecommendedFrontierPoints)
	c := rep.Coverage
	for _, row := range []struct {
		name        string
		front, with int
	}{{"p90-e2el", c.P90E2EL, c.P90Points}, {"p75-e2el", c.P75E2EL, c.P75Points}} {
		if row.with == 0 {
			fmt.Fprintf(w, "  %s: no data (no kept point has it)\n", row.name)
			continue
		}
		flag := "ok"
		if row.front < model.RecommendedFrontierPoints {
			flag = "BELOW the recommended " + strconv.Itoa(model.RecommendedFrontierPoints)
		}
		fmt.Fprintf(w, "  %s: %s of %d with the metric — %s\n", row.name, model.Plural(row.front, "frontier point"), row.with, flag)
	}

	fmt.Fprintln(w)
	if len(rep.Retunes) == 0 {
		fmt.Fprintln(w, "No kept point re-tunes a published point (same topology and concurrency).")
		return
	}
	fmt.Fprintln(w, "Re-tunes (kept − published, same topology and concurrency):")
	rows = rows[:0]
	for _, r := range rep.Retunes {
		dy, dyp, dx, dxp := model.Dash, model.Dash, model.Dash, model.Dash
		if r.HasY {
			dy, dyp = model.Thousands(r.DY, 0), signedPct(r.DYPct)
		}
		if r.HasX {
			dx, dxp = strconv.FormatFloat(roundTo(r.DX, 2), 'f', -1, 64), signedPct(r.DXPct)
		}
		rows = append(rows, []string{r.KeptID, r.PublishedID, dy, dyp, dx, dxp})
	}
	fmt.Fprint(w, textTable([]string{"kept", "published", "Δ " + y.Name, "Δ %", "Δ " + x.Name, "Δ %"}, rows, []bool{false, false, true, true, true, true}))
}
