package render

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sweeptune/sweeptune/model"
)

// ReviewOptions say how wide the review may be and how a front end's user
// acts on it; the words and numbers never depend on them.
type ReviewOptions struct {
	// Width is the cells a line may take: a section whose table fits is a
	// table, else one entry a line or two. 0 is unbounded (the CLI).
	Width int
	// MaxKept caps the kept IDs named in the header (0: all of them).
	MaxKept int
	// MaxListed caps the rows of each list (the kept points under the
	// hull, deepest first; the points left out), the rest counted in a line
	// (0: every row, as the CLI prints them).
	MaxListed int
	// Hints are the front end's ways to act, each said in parentheses
	// where it helps: to mark a point, to choose another x, to let planned
	// points in, to drop orphaned marks. Empty hints are left out.
	MarkHint, AxisHint, PlannedHint, DropHint string
	// ViewAxis is the x axis the view shows (the workbench): when it is
	// not the verdicts' axis, the header says both (docs/review.md).
	ViewAxis string
	// KeepHint is how the front end sets the kept curve by hand ("K");
	// KeptByHand says it was.
	KeepHint   string
	KeptByHand bool
	// Gains is the review on the view's axes: its gains are shown instead
	// of the verdicts' axis's (nil: the review's own).
	Gains *model.CurveReview
}

// Review words one curve's removal review: the header (axes, curve, kept
// points), each removed point's verdict, the kept points under the hull,
// frontier coverage, gains against the rivals' frontier and re-tunes.
// Verdicts show in words and signs (✓ covered, ✗ NOT covered), never in
// colour alone.
func Review(c model.CurveReview, o ReviewOptions) Doc {
	var d Doc
	reviewHeader(&d, c, o)
	d.Blank()
	removals(&d, c, o)
	appendSection(&d, ReviewHoles(c))
	d.Blank()
	underHull(&d, c, o)
	d.Blank()
	coverage(&d, c)
	g := c
	if o.Gains != nil {
		g = *o.Gains
	}
	if g.Rivals > 0 {
		d.Blank()
		gains(&d, g, o)
	}
	if ns := NorthStarLegend(g.NorthStar); ns != nil {
		d.Blank()
		d.Lines = append(d.Lines, ns...)
	}
	d.Blank()
	retunes(&d, c, o)
	appendSection(&d, reviewLeftOut(c, o.MaxListed))
	return d
}

// listed is how many of n rows a list shows under a cap (0: all).
func listed(n, max int) int {
	if max > 0 {
		return min(n, max)
	}
	return n
}

// moreRows says how many rows a capped list left out; nothing when none.
func moreRows(d *Doc, n, shown int) {
	if n > shown {
		d.Add(S(Muted, fmt.Sprintf("  … and %s more (sweeptune review lists every one)", model.Thousands(float64(n-shown), 0))))
	}
}

// appendSection adds a blank line and s to d, when s says anything.
func appendSection(d *Doc, s Doc) {
	if len(s.Lines) > 0 {
		d.Blank()
		d.Append(s)
	}
}

// ReviewOfMarks is the workbench's review: marks whose points are not
// loaded (no verdict for them), then the shown curve's review, if any.
func ReviewOfMarks(orphans []string, curves []model.CurveReview, o ReviewOptions) Doc {
	var d Doc
	if len(orphans) > 0 {
		d.Addf(Warn, "%s: their points are not in the loaded data, so no verdict and no export%s",
			model.Plural(len(orphans), "orphaned mark"), hint(o.DropHint))
		for _, id := range orphans {
			d.Add(P("  ? " + id))
		}
		d.Blank()
	}
	if len(curves) == 0 {
		d.Add(S(Muted, "no points to review"))
	}
	for _, c := range curves {
		d.Blank()
		d.Append(Review(c, o))
	}
	return d
}

func hint(h string) string {
	if h == "" {
		return ""
	}
	return " (" + h + ")"
}

func reviewHeader(d *Doc, c model.CurveReview, o ReviewOptions) {
	d.Add(S(Accent, "removal review on "+c.X.Name+" × "+c.Y.Name))
	if o.ViewAxis != "" && o.ViewAxis != c.X.Name {
		d.Add(S(Muted, "the view shows "+o.ViewAxis+"; the verdicts stay on rule 18(g)'s axis, "+c.X.Name+" × "+c.Y.Name+", as the export judges"))
	}
	d.Add(S(Muted, "curve: "), S(Bold, c.Curve.String()))
	n := len(c.Kept)
	if o.MaxKept > 0 {
		n = min(n, o.MaxKept)
	}
	kept := make([]string, n)
	for i := range kept {
		kept[i] = c.Kept[i].ID
		if c.Kept[i].Source == model.SourcePlanned {
			kept[i] += " (planned)"
		}
	}
	names := strings.Join(kept, ", ")
	if more := len(c.Kept) - n; more > 0 {
		names += " and " + model.Thousands(float64(more), 0) + " more"
	}
	by := ""
	if o.KeptByHand {
		by = ", set by hand" + hint(o.KeepHint)
	}
	if len(c.Kept) == 0 && len(c.LeftOut) > 0 {
		names = NoKeptCurve(c.LeftOut)
	}
	d.Add(S(Muted, "kept ("+model.Thousands(float64(len(c.Kept)), 0)+by+"): "), P(names))
	if c.WithPlanned {
		d.Add(S(Warn, "planned points stand in the kept curve"+hint(o.PlannedHint)+": verdicts that lean on one say so"))
	}
}

// neighbour names a kept point, marking a planned one.
func neighbour(c model.CurveReview, id string) string {
	if p := c.KeptPoint(id); p != nil && p.Source == model.SourcePlanned {
		return id + " (planned)"
	}
	return id
}

// tableIn appends t to d when every line of it is at most width cells
// (0: any width) and reports whether it did.
func tableIn(d *Doc, t Table, width int) bool {
	lines := t.Lines()
	for _, l := range lines {
		if width > 0 && utf8.RuneCountInString(l.Text()) > width {
			return false
		}
	}
	d.Lines = append(d.Lines, lines...)
	return true
}

func verdictText(v model.RemovalVerdict) string {
	s := "✓ covered"
	if !v.Covered {
		s = "✗ NOT covered"
	}
	if v.UsesPlanned {
		s += " (leans on planned)"
	}
	return s
}

func verdictClass(v model.RemovalVerdict) Class {
	if v.Covered {
		return Good
	}
	return Bad
}

func removals(d *Doc, c model.CurveReview, o ReviewOptions) {
	x, y := c.X, c.Y
	d.Add(S(Accent, fmt.Sprintf("removals · line test on %s · %s kept", x.Name, model.Thousands(float64(len(c.Kept)), 0))))
	if len(c.Removed) == 0 {
		d.Add(S(Muted, "  none marked"+hint(o.MarkHint)))
		return
	}
	t := Table{Header: []string{"removed", "test", x.Name, y.Name, "kept neighbours (x ascending)", "line value", "gap", "Pareto-dominated", "verdict"},
		Right: []bool{false, false, true, true, false, true, true, false, false}}
	for _, v := range c.Removed {
		line, gap := lineGap(v)
		dom := "no"
		if v.DominatedBy != "" {
			dom = "by " + neighbour(c, v.DominatedBy)
		}
		t.AddRow(v.ID, v.Test, model.FormatValue(x.Metric, v.X), model.FormatValue(y.Metric, v.Y),
			neighbours(c, v), line, gap, dom, verdictText(v))
		t.RowClass = append(t.RowClass, map[bool]Class{true: Plain, false: Bad}[v.Covered])
	}
	if !tableIn(d, t, o.Width) {
		for _, v := range c.Removed {
			removalLines(d, c, v)
		}
	}
	summary(d, c)
	for _, v := range c.Removed {
		if len(v.Twins) > 0 {
			d.Add(S(Muted, fmt.Sprintf("%s: its configuration goes, so does %s", v.ID, strings.Join(v.Twins, ", "))))
		}
	}
	d.Lines = append(d.Lines, ReviewNoiseLines(c)...)
}

func lineGap(v model.RemovalVerdict) (line, gap string) {
	if !v.HasLine {
		return model.Dash, model.Dash
	}
	return model.Thousands(v.LineValue, 2), SignedPct(v.GapPct)
}

func neighbours(c model.CurveReview, v model.RemovalVerdict) string {
	nb := make([]string, len(v.Neighbours))
	for i, id := range v.Neighbours {
		nb[i] = neighbour(c, id)
	}
	return strings.Join(nb, " – ")
}

// removalLines is one removed point when its table row does not fit.
func removalLines(d *Doc, c model.CurveReview, v model.RemovalVerdict) {
	d.Add(P("  × "+v.ID+"  "), S(verdictClass(v), verdictText(v)))
	switch {
	case v.HasLine:
		line, gap := lineGap(v)
		d.Add(P("      line value " + line + "  gap " + gap))
	case v.DominatedBy != "":
		d.Add(P("      Pareto-dominated by " + neighbour(c, v.DominatedBy)))
	case v.Test == model.TestPareto:
		d.Add(P("      outside the kept range, not Pareto-dominated"))
	case v.Test == model.TestNone:
		d.Add(P("      no " + c.X.Name + " value"))
	}
	if v.Test != model.TestNone { // no test ran: no point to place on the axes
		d.Add(S(Muted, fmt.Sprintf("      %s test at %s %s, %s %s", v.Test, c.X.Name, model.FormatValue(c.X.Metric, v.X), c.Y.Name, model.FormatValue(c.Y.Metric, v.Y))))
	}
	if len(v.Neighbours) > 0 {
		d.Add(S(Muted, "      kept neighbours (x ascending) "), P(neighbours(c, v)))
	}
}

func summary(d *Doc, c model.CurveReview) {
	notCovered := 0
	for _, v := range c.Removed {
		if !v.Covered {
			notCovered++
		}
	}
	n := len(c.Removed)
	switch {
	case notCovered == 0 && n == 1:
		d.Add(S(Good, "The removed point is covered by the kept curve."))
	case notCovered == 0:
		d.Addf(Good, "All %d removed points are covered by the kept curve.", n)
	case n == 1:
		d.Add(S(Bad, "The removed point is NOT covered by the kept curve."))
	default:
		d.Addf(Bad, "%d of %d removed points are NOT covered by the kept curve.", notCovered, n)
	}
}

func underHull(d *Doc, c model.CurveReview, o ReviewOptions) {
	x, y := c.X, c.Y
	d.Add(S(Accent, "kept points under the upper concave hull (time-sharing neighbours beat them; worth a look)"))
	placed := 0 // kept points the hull is drawn through: both coordinates known
	for i := range c.Kept {
		if _, _, ok := c.Kept[i].XY(x, y); ok {
			placed++
		}
	}
	switch {
	case placed < 3:
		d.Add(S(Muted, fmt.Sprintf("  %s with both %s and %s: no hull to lie under", model.Plural(placed, "kept point"), x.Name, y.Name)))
		return
	case len(c.NotHull) == 0:
		d.Add(S(Muted, "  none: every kept point is a vertex of the hull"))
		return
	}
	rows := slices.Clone(c.NotHull) // deepest under the hull first
	slices.SortStableFunc(rows, func(a, b model.HullRow) int { return cmp.Compare(b.GapPct, a.GapPct) })
	rows = rows[:listed(len(rows), o.MaxListed)]
	defer moreRows(d, len(c.NotHull), len(rows))
	t := Table{Header: []string{"kept", x.Name, y.Name, "hull value", "below hull"}, Right: []bool{false, true, true, true, true}}
	for _, h := range rows {
		t.AddRow(h.ID, model.FormatValue(x.Metric, h.X), model.FormatValue(y.Metric, h.Y), model.Thousands(h.HullValue, 2), belowHull(h))
	}
	if tableIn(d, t, o.Width) {
		return
	}
	for _, h := range rows {
		d.Add(P("  "+h.ID+"  "), S(Warn, belowHull(h)+" below hull"), S(Muted, "  hull value "+model.Thousands(h.HullValue, 2)))
	}
}

func belowHull(h model.HullRow) string { return strconv.FormatFloat(h.GapPct, 'f', 2, 64) + " %" }

func coverage(d *Doc, c model.CurveReview) {
	d.Add(S(Accent, fmt.Sprintf("coverage · frontier points of %s against E2EL (InferenceX recommends at least %d)",
		c.Y.Name, model.RecommendedFrontierPoints)))
	cv := c.Coverage
	for _, row := range []struct {
		name        string
		front, with int
	}{{"p90-e2el", cv.P90E2EL, cv.P90Points}, {"p75-e2el", cv.P75E2EL, cv.P75Points}} {
		if row.with == 0 {
			d.Add(P("  "+row.name+": "), S(Muted, "no data (no kept point has it)"))
			continue
		}
		mark := S(Good, "✓ ok")
		if row.front < model.RecommendedFrontierPoints {
			mark = S(Bad, "✗ BELOW the recommended "+strconv.Itoa(model.RecommendedFrontierPoints))
		}
		d.Add(P(fmt.Sprintf("  %s: %s of %d with the metric ", row.name, model.Plural(row.front, "frontier point"), row.with)), mark)
	}
}

func gains(d *Doc, c model.CurveReview, o ReviewOptions) {
	d.Add(S(Accent, fmt.Sprintf("gain vs competitor at the same %s (%s)", c.X.Name, model.Plural(c.Rivals, "point"))))
	n := 0
	for _, g := range c.Gains {
		if !g.HasOther {
			continue
		}
		n++
		cl := Good
		if g.GainPct < 0 {
			cl = Bad
		}
		line := []Span{P("  " + g.ID + "  "), S(cl, SignedPct(g.GainPct)),
			P(fmt.Sprintf(" linear, %s dashboard", SignedPct(g.DashboardPct))),
			P(fmt.Sprintf("  (%s vs %s)", model.FormatValue(c.Y.Metric, g.Y), model.FormatValue(c.Y.Metric, g.Other)))}
		if g.NotDrawn != "" {
			line = append(line, S(Warn, "  the dashboard would not draw it: "+notDrawnShort(g.NotDrawn)))
		}
		d.Add(line...)
	}
	if n == 0 {
		d.Add(S(Muted, "  no kept frontier point inside the competitor's "+c.X.Name+" range"+hint(o.AxisHint)))
	}
}

func retunes(d *Doc, c model.CurveReview, o ReviewOptions) {
	x, y := c.X, c.Y
	if len(c.Retunes) == 0 {
		d.Add(S(Muted, "no kept point re-tunes a published point (same topology and concurrency)"))
		return
	}
	d.Add(S(Accent, "re-tunes (kept − published, same topology and concurrency)"))
	t := Table{Header: []string{"kept", "published", "Δ " + y.Name, "Δ %", "Δ " + x.Name, "Δ %"}, Right: []bool{false, false, true, true, true, true}}
	type delta struct{ dy, dyp, dx, dxp string }
	ds := make([]delta, len(c.Retunes))
	for i, r := range c.Retunes {
		e := delta{model.Dash, model.Dash, model.Dash, model.Dash}
		if r.HasY {
			e.dy, e.dyp = model.Thousands(r.DY, 0), SignedPct(r.DYPct)
		}
		if r.HasX {
			dx, _ := strconv.ParseFloat(strconv.FormatFloat(r.DX, 'f', 2, 64), 64)
			e.dx, e.dxp = strconv.FormatFloat(dx, 'f', -1, 64), SignedPct(r.DXPct)
		}
		ds[i] = e
		t.AddRow(r.KeptID, r.PublishedID, e.dy, e.dyp, e.dx, e.dxp)
	}
	if tableIn(d, t, o.Width) {
		return
	}
	for i, r := range c.Retunes {
		e := ds[i]
		d.Add(P("  " + r.KeptID + " against " + r.PublishedID))
		d.Add(S(Muted, fmt.Sprintf("      Δ %s %s (%s)  Δ %s %s (%s)", y.Name, e.dy, e.dyp, x.Name, e.dx, e.dxp)))
	}
}

// NoKeptCurve says why a kept curve is empty: every point is left out,
// for the reasons given (the most common first: "all 8 points are left
// out: 8 × a 900 s run: not steady state, …"), so there is no frontier
// to test a removal against.
func NoKeptCurve(left []model.LeftOut) string {
	count := map[string]int{}
	var order []string
	for _, l := range left {
		if count[l.Reason] == 0 {
			order = append(order, l.Reason)
		}
		count[l.Reason]++
	}
	slices.SortStableFunc(order, func(a, b string) int { return cmp.Compare(count[b], count[a]) })
	parts := make([]string, 0, 2)
	for i, r := range order {
		if i == 2 {
			parts = append(parts, fmt.Sprintf("%d more for other reasons", len(left)-count[order[0]]-count[order[1]]))
			break
		}
		parts = append(parts, fmt.Sprintf("%d × %s", count[r], r))
	}
	all := fmt.Sprintf("all %d points are", len(left))
	if len(left) == 1 {
		all = "the one point is"
	}
	return fmt.Sprintf("none: %s left out (%s), so there is no frontier to test a removal against", all, strings.Join(parts, "; "))
}
