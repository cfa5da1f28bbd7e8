package cli

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/sweeptune/sweeptune/model"
)

func init() {
	register(command{name: "review", summary: "may these points be removed? line test, hull, coverage, re-tunes", run: runReview})
}

const reviewHelp = `usage: sweeptune review --remove ID[,ID...] [--keep ID[,ID...]] [--x AXIS] [--json] [PATH...]

Checks each removed point against the KEPT curve only (never against other
removed points): the kept points adjacent in x that bracket it give a line,
and the point is covered when its throughput is at or under that line. At
either end of the kept x range there is one neighbour, so the test falls back
to Pareto dominance by a kept point. Then: the kept points that are not
vertices of the upper concave hull, the kept curve's frontier counts against
p90 and p75 E2EL (InferenceX recommends at least 5), and re-tune deltas of
kept points against published points of the same topology and concurrency.

The kept set is exactly the --keep points when given. Without --keep it is
the rest of the removed points' curve with both metrics on the chosen axes,
competitors left out, one measurement per configuration (the first loaded:
a re-measurement never stands in as its own neighbour) and steady-state runs
only (runs shorter than 3600 s are left out); coverage then counts the whole
curve without the removed points (E2EL-only points included).

Exit status: 0 every removed point covered, 1 one is not, 2 bad input or an
unknown ID (the valid IDs are listed).
`

type reviewFlags struct {
	inputFlags
	remove string
	keep   string
	x      string
	json   bool
}

// reviewInput is what the review works on once IDs are resolved.
type reviewInput struct {
	curve     model.CurveKey
	x, y      model.Axis
	removed   []model.Point
	kept      []model.Point // for the line test and the hull
	covered   []model.Point // for the coverage counts
	published []model.Point // candidates re-tuned by kept points
}

func runReview(args []string, env *cmdEnv) int {
	fs := newFlags("review", reviewHelp, env)
	var f reviewFlags
	f.inputFlags.register(fs)
	fs.StringVar(&f.remove, "remove", "", "IDs of the points to remove, comma-separated (required)")
	fs.StringVar(&f.keep, "keep", "", "IDs of the kept curve, comma-separated (default: the rest of the curve)")
	fs.StringVar(&f.x, "x", model.AxisMeanIntvty.Name, "x axis: "+xAxisNames())
	fs.BoolVar(&f.json, "json", false, "print JSON instead of text")
	paths, err := parseFlags(fs, args)
	if err != nil {
		return flagDone(err)
	}
	x, ok := parseXFlag("review", f.x, env.stderr)
	if !ok {
		return exitBadInput
	}
	if len(splitIDs(f.remove)) == 0 {
		fmt.Fprintln(env.stderr, "sweeptune review: --remove is required")
		fs.Usage()
		return exitBadInput
	}
	ds, loadCode := f.load(paths, env)
	printWarnings(env.stderr, ds)
	in, ok := f.resolve(ds.Points, x, model.AxisTputPerGPU, env.stderr)
	if !ok {
		return exitBadInput
	}
	rep := buildReview(in)
	if f.json {
		if err := writeJSON(env.stdout, rep); err != nil {
			return exitBadInput
		}
	} else {
		writeReviewText(env.stdout, in, rep)
	}
	code := exitOK
	for _, r := range rep.Removed {
		if !r.Covered {
			code = exitRefused
		}
	}
	return max(code, loadCode)
}

// resolve turns the flags into the point sets, reporting bad input.
func (f *reviewFlags) resolve(points []model.Point, x, y model.Axis, stderr io.Writer) (reviewInput, bool) {
	in := reviewInput{x: x, y: y}
	removed, ok := resolveIDs("review", "--remove", points, splitIDs(f.remove), stderr)
	if !ok {
		return in, false
	}
	in.removed, in.curve = removed, removed[0].Curve
	isRemoved := map[string]bool{}
	for _, p := range removed {
		isRemoved[p.ID] = true
		if p.Curve != in.curve {
			fmt.Fprintf(stderr, "sweeptune review: %s and %s are on different curves; review one curve at a time\n", removed[0].ID, p.ID)
			return in, false
		}
		if _, _, ok := p.XY(x, y); !ok {
			fmt.Fprintf(stderr, "sweeptune review: %s has no %s or %s; choose another --x\n", p.ID, x.Name, y.Name)
			return in, false
		}
	}
	if ids := splitIDs(f.keep); len(ids) > 0 {
		kept, ok := resolveIDs("review", "--keep", points, ids, stderr)
		if !ok {
			return in, false
		}
		for _, p := range kept {
			if isRemoved[p.ID] {
				fmt.Fprintf(stderr, "sweeptune review: %s is both removed and kept\n", p.ID)
				return in, false
			}
		}
		in.kept, in.covered = kept, kept
	} else {
		var curve []model.Point
		for _, p := range points {
			if p.Curve == in.curve {
				curve = append(curve, p)
			}
		}
		in.kept = model.KeptCurve(curve, isRemoved, x, y)
		for _, p := range curve {
			if !isRemoved[p.ID] && p.Source != model.SourceCompetitor {
				in.covered = append(in.covered, p)
			}
		}
	}
	isKept := map[string]bool{}
	for _, p := range in.kept {
		isKept[p.ID] = true
	}
	for _, p := range points {
		if p.Source == model.SourcePublished && !isKept[p.ID] {
			in.published = append(in.published, p)
		}
	}
	return in, true
}

// The --json shape of issue 3 (null where there is no value).
type reviewJSON struct {
	Axis            string          `json:"axis"`
	Kept            []string        `json:"kept"`
	Removed         []removedJSON   `json:"removed"`
	NotHullVertices []hullPointJSON `json:"not_hull_vertices"`
	Coverage        coverageJSON    `json:"coverage"`
	Retunes         []retuneJSON    `json:"retunes"`
}

type removedJSON struct {
	ID              string   `json:"id"`
	X               float64  `json:"x"`
	Y               float64  `json:"y"`
	Test            string   `json:"test"`
	Neighbours      []string `json:"neighbours"`
	LineValue       *float64 `json:"line_value"`
	GapPct          *float64 `json:"gap_pct"`
	Covered         bool     `json:"covered"`
	ParetoDominated bool     `json:"pareto_dominated"`
	DominatedBy     *string  `json:"dominated_by"`
}

type hullPointJSON struct {
	ID        string  `json:"id"`
	X         float64 `json:"x"`
	Y         float64 `json:"y"`
	HullValue float64 `json:"hull_value"`
	GapPct    float64 `json:"gap_pct"` // percent below the hull
}

type coverageJSON struct {
	P90E2EL        int  `json:"p90_e2el"`
	P75E2EL        int  `json:"p75_e2el"`
	RecommendedMin int  `json:"recommended_min"`
	Short          bool `json:"short"`
}

type retuneJSON struct {
	KeptID       string   `json:"kept_id"`
	PublishedID  string   `json:"published_id"`
	Topology     string   `json:"topology"`
	Concurrency  int      `json:"concurrency"`
	TputDelta    *float64 `json:"tput_delta"`
	TputDeltaPct *float64 `json:"tput_delta_pct"`
	XDelta       *float64 `json:"x_delta"`
	XDeltaPct    *float64 `json:"x_delta_pct"`
}

func buildReview(in reviewInput) reviewJSON {
	rep := reviewJSON{Axis: in.x.Name, Kept: []string{}, Removed: []removedJSON{},
		NotHullVertices: []hullPointJSON{}, Retunes: []retuneJSON{}}
	for _, p := range in.kept {
		rep.Kept = append(rep.Kept, p.ID)
	}
	for _, v := range model.ReviewRemovals(in.kept, in.removed, in.x, in.y) {
		r := removedJSON{ID: v.ID, X: v.X, Y: v.Y, Test: v.Test, Neighbours: v.Neighbours,
			LineValue: floatPtr(v.LineValue, v.HasLine), GapPct: floatPtr(v.GapPct, v.HasLine),
			Covered: v.Covered, ParetoDominated: v.ParetoDominated}
		if v.DominatedBy != "" {
			by := v.DominatedBy
			r.DominatedBy = &by
		}
		rep.Removed = append(rep.Removed, r)
	}
	for _, g := range model.HullGaps(in.kept, in.x, in.y) {
		if g.Vertex {
			continue
		}
		p := &in.kept[g.Index]
		xv, yv, _ := p.XY(in.x, in.y)
		rep.NotHullVertices = append(rep.NotHullVertices, hullPointJSON{ID: p.ID, X: xv, Y: yv, HullValue: g.HullValue, GapPct: g.GapPct})
	}
	c := model.Coverage(in.covered, in.y)
	rep.Coverage = coverageJSON{P90E2EL: c.P90E2EL, P75E2EL: c.P75E2EL, RecommendedMin: model.RecommendedFrontierPoints, Short: c.Short()}
	for _, r := range model.Retunes(in.kept, in.published, in.x, in.y) {
		rep.Retunes = append(rep.Retunes, retuneJSON{KeptID: r.KeptID, PublishedID: r.PublishedID,
			Topology: r.Topology, Concurrency: r.Concurrency,
			TputDelta: floatPtr(r.DY, r.HasY), TputDeltaPct: floatPtr(r.DYPct, r.HasY),
			XDelta: floatPtr(r.DX, r.HasX), XDeltaPct: floatPtr(r.DXPct, r.HasX)})
	}
	return rep
}

func writeReviewText(w io.Writer, in reviewInput, rep reviewJSON) {
	fmt.Fprintf(w, "Removal review on %s × %s\ncurve: %s\n", in.x.Name, in.y.Name, in.curve)
	fmt.Fprintf(w, "kept (%d): %s\n\n", len(rep.Kept), strings.Join(rep.Kept, ", "))

	rows := make([][]string, 0, len(rep.Removed))
	notCovered := 0
	for _, r := range rep.Removed {
		line, gap := "", ""
		if r.LineValue != nil {
			line, gap = model.Thousands(*r.LineValue, 2), signedPct(*r.GapPct)
		}
		dom := "no"
		if r.DominatedBy != nil {
			dom = "by " + *r.DominatedBy
		}
		verdict := "covered"
		if !r.Covered {
			verdict, notCovered = "NOT covered", notCovered+1
		}
		rows = append(rows, []string{r.ID, r.Test, numCell(in.x, r.X), numCell(in.y, r.Y),
			strings.Join(r.Neighbours, " – "), line, gap, dom, verdict})
	}
	fmt.Fprint(w, textTable([]string{"removed", "test", in.x.Name, in.y.Name, "kept neighbours (x ascending)", "line value", "gap", "Pareto-dominated", "verdict"},
		rows, []bool{false, false, true, true, false, true, true, false, false}))
	if notCovered == 0 {
		fmt.Fprintf(w, "All %d removed points are covered by the kept curve.\n", len(rep.Removed))
	} else {
		fmt.Fprintf(w, "%d of %d removed points are NOT covered by the kept curve.\n", notCovered, len(rep.Removed))
	}

	fmt.Fprintln(w)
	if len(rep.NotHullVertices) == 0 {
		fmt.Fprintln(w, "Every kept point is a vertex of the upper concave hull.")
	} else {
		fmt.Fprintln(w, "Kept points under the upper concave hull (the kept curve is not concave there; worth a look):")
		rows = rows[:0]
		for _, h := range rep.NotHullVertices {
			rows = append(rows, []string{h.ID, numCell(in.x, h.X), numCell(in.y, h.Y), model.Thousands(h.HullValue, 2), strconv.FormatFloat(h.GapPct, 'f', 2, 64) + " %"})
		}
		fmt.Fprint(w, textTable([]string{"kept", in.x.Name, in.y.Name, "hull value", "below hull"}, rows, []bool{false, true, true, true, true}))
	}

	fmt.Fprintln(w)
	fmt.Fprintf(w, "Coverage: frontier points of %s against E2EL (InferenceX recommends at least %d):\n", in.y.Name, model.RecommendedFrontierPoints)
	c := model.Coverage(in.covered, in.y)
	for _, row := range []struct {
		name        string
		front, with int
	}{{"p90-e2el", c.P90E2EL, c.P90Points}, {"p75-e2el", c.P75E2EL, c.P75Points}} {
		flag := "ok"
		if row.front < model.RecommendedFrontierPoints {
			flag = "BELOW the recommended " + strconv.Itoa(model.RecommendedFrontierPoints)
		}
		fmt.Fprintf(w, "  %s: %d frontier points of %d with the metric — %s\n", row.name, row.front, row.with, flag)
	}

	fmt.Fprintln(w)
	if len(rep.Retunes) == 0 {
		fmt.Fprintln(w, "No kept point re-tunes a published point (same topology and concurrency).")
		return
	}
	fmt.Fprintln(w, "Re-tunes (kept − published, same topology and concurrency):")
	rows = rows[:0]
	for _, r := range rep.Retunes {
		dy, dyp, dx, dxp := "", "", "", ""
		if r.TputDelta != nil {
			dy, dyp = model.Thousands(*r.TputDelta, 0), signedPct(*r.TputDeltaPct)
		}
		if r.XDelta != nil {
			dx, dxp = strconv.FormatFloat(roundTo(*r.XDelta, 2), 'f', -1, 64), signedPct(*r.XDeltaPct)
		}
		rows = append(rows, []string{r.KeptID, r.PublishedID, dy, dyp, dx, dxp})
	}
	fmt.Fprint(w, textTable([]string{"kept", "published", "Δ " + in.y.Name, "Δ %", "Δ " + in.x.Name, "Δ %"}, rows, []bool{false, false, true, true, true, true}))
}
