package render

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/export"
)

// The pull request's body, written from the change set the export writes
// (docs/export.md): the points table, the removed points under rule 18(g)
// with their neighbours and line values, the gain over the competitor on
// its axis with the bracketing competitor points, re-tune deltas, coverage
// and holes, the image, and what the inputs say of the runs. A value the
// inputs do not give is said to be unknown, never made up.

// PRBodyInput is what the body is built from.
type PRBodyInput struct {
	Plan   *export.ExportPlan
	Points []model.Point      // every loaded point (numbers of neighbours and competitors)
	Rule   model.CurveReview  // the review on rule 18(g)'s axis (mean interactivity × tput/GPU)
	Gains  *model.CurveReview // the review on the competitor's axis (p90 interactivity); nil: none
	Image  string             // the image the points ran ("" unknown)
	Router string             // the Dynamo router version pinned beside it ("" unknown)
	AsOf   string             // the date the removals were judged as of ("" the latest)
}

// PRBody writes the body as GitHub markdown.
func PRBody(in PRBodyInput) string {
	var b strings.Builder
	p := in.Plan
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	keys := make([]string, len(p.Keys))
	for i, k := range p.Keys {
		keys[i] = MarkdownCode(k) // markdown.go: every data-derived cell is escaped
	}
	w("Move %s", strings.Join(keys, " and "))
	if in.Image != "" {
		w(" to %s", MarkdownCode(in.Image))
		if in.Router != "" {
			w(" (Dynamo %s)", MarkdownText(in.Router))
		}
	}
	w(", and keep one point per interactivity range.\n\n")

	// The points table.
	w("| Point | Prefill | Concurrency | Decode CUDA graph max BS (per rank) | Decode max-running-requests | Decode DP balancing | Change |\n")
	w("| --- | --- | ---: | ---: | ---: | --- | --- |\n")
	type row struct {
		order [3]int
		cells []string
	}
	var rows []row
	for _, pt := range p.Added {
		rows = append(rows, row{orderOf(pt.Knobs), pointCells(pt.Knobs, nil, "new")})
	}
	for _, k := range p.Kept {
		rows = append(rows, row{orderOf(k.Knobs), pointCells(k.Knobs, k.Concurrencies, "unchanged")})
	}
	sort.SliceStable(rows, func(i, j int) bool { return less(rows[i].order, rows[j].order) })
	for _, r := range rows {
		w("| %s |\n", strings.Join(r.cells, " | "))
	}
	if len(p.Dropped) > 0 {
		var names []string
		for _, pt := range p.Dropped {
			names = append(names, pointName(pt))
		}
		w("\nRemoved: %s.\n", strings.Join(names, ", "))
	}

	// Removed points under rule 18(g).
	if len(p.Verdicts) > 0 {
		w("\nRemoved published points (rule 18(g), %s and %s", in.Rule.X.Name, in.Rule.Y.Name)
		if in.AsOf != "" {
			w(", against the curve as of %s", MarkdownText(in.AsOf))
		}
		w("):\n\n")
		w("| Removed point | Published | Covered by | Line value at the removed point's %s |\n", in.Rule.X.Name)
		w("| --- | ---: | --- | ---: |\n")
		for _, v := range p.Verdicts {
			pt := find(in.Points, v.ID)
			w("| %s | %s | %s | %s |\n", nameOf(pt, v.ID), numbersAt(pt, in.Rule.X, in.Rule.Y), coveredBy(in.Points, v, in.Rule.X, in.Rule.Y), lineValue(v))
		}
		if len(in.Rule.LeftOut) > 0 {
			w("\nLeft out of the kept curve:\n\n")
			for _, l := range in.Rule.LeftOut {
				pt := find(in.Points, l.ID)
				w("- %s", nameOf(pt, l.ID))
				if pt != nil {
					w(" (%s", MarkdownText(string(pt.Source)))
					if pt.Prov.Date != "" {
						w(", %s", MarkdownText(pt.Prov.Date))
					}
					w(")")
				}
				w(": %s\n", MarkdownText(l.Reason))
			}
		}
	}

	// Gains on the competitor's axis.
	if g := in.Gains; g != nil && g.Rivals > 0 {
		rivals := rivalPoints(in.Points, g.Curve)
		w("\nThroughput gain at the same %s (%s), against the competitor's frontier interpolated at each point's %s. A blank cell means no competitor value there.\n\n", g.X.Name, g.Y.Name, g.X.Name)
		w("| This recipe | Run | Throughput | %s | E2E-normalized p90 | vs competitor |\n", g.X.Name)
		w("| --- | --- | ---: | ---: | ---: | ---: |\n")
		var notes []string
		gains := append([]model.PointGain{}, g.Gains...)
		sort.SliceStable(gains, func(i, j int) bool { return gains[i].X > gains[j].X })
		for _, pg := range gains {
			pt := find(in.Points, pg.ID)
			e2e := "unknown"
			if pt != nil {
				if v, ok := pt.Value(model.E2ENormP90); ok {
					e2e = oneDecimal(v)
				}
			}
			cell := ""
			if pg.HasOther {
				cell = pct(pg.GainPct)
				lo, hi, ok := bracket(rivals, g.X, g.Y, pg.X)
				if ok {
					notes = append(notes, fmt.Sprintf("At %s %s, the competitor frontier lies between %s and %s, which gives %s.",
						g.X.Name, oneDecimal(pg.X), at(lo), at(hi), model.Thousands(pg.Other, 0)))
				}
			}
			w("| %s | %s | %s | %s | %s | %s |\n", nameOf(pt, pg.ID), runOf(pt), model.Thousands(pg.Y, 0), oneDecimal(pg.X), e2e, cell)
		}
		if len(notes) > 0 {
			w("\n%s\n", strings.Join(notes, " "))
		}
	}

	// Re-tunes, coverage and holes.
	if len(in.Rule.Retunes) > 0 {
		w("\nRe-tune deltas (kept − published, same topology and concurrency):\n\n")
		w("| Kept | Published | Δ %s | Δ %s |\n| --- | --- | ---: | ---: |\n", in.Rule.Y.Name, in.Rule.X.Name)
		for _, r := range in.Rule.Retunes {
			dy, dx := "unknown", "unknown"
			if r.HasY {
				dy = pct(r.DYPct)
			}
			if r.HasX {
				dx = pct(r.DXPct)
			}
			w("| %s | %s | %s | %s |\n", nameOf(find(in.Points, r.KeptID), r.KeptID), nameOf(find(in.Points, r.PublishedID), r.PublishedID), dy, dx)
		}
	}
	c := in.Rule.Coverage
	w("\nCoverage of the kept curve (frontier points of %s against E2EL; InferenceX recommends at least %d): ", in.Rule.Y.Name, model.RecommendedFrontierPoints)
	cov := func(name string, front, with int) string {
		if with == 0 {
			return name + " unknown (no kept point has it)"
		}
		return fmt.Sprintf("%s %d/%d", name, front, with)
	}
	w("%s, %s.\n", cov("P90 E2EL", c.P90E2EL, c.P90Points), cov("P75 E2EL", c.P75E2EL, c.P75Points))
	if len(in.Rule.Holes) > 0 {
		w("\nHoles the removal leaves (the verdicts above stand; docs/review.md states the rule):\n\n")
		for _, h := range in.Rule.Holes {
			w("- %s\n", MarkdownText(h.Text))
		}
	}

	// Validation facts the inputs carry.
	w("\n<details><summary>Validation details</summary>\n\n")
	if in.Image != "" {
		w("- Image: %s", MarkdownCode(in.Image))
		if !strings.Contains(in.Image, "@sha256:") {
			w(" (digest: unknown to sweeptune; pin it as `image@sha256:…`)")
		}
		w(".\n")
	} else {
		w("- Image: unknown.\n")
	}
	if in.Router != "" {
		w("- Dynamo router: %s.\n", MarkdownText(in.Router))
	}
	var runs []string
	for _, pt := range p.Added {
		runs = append(runs, fmt.Sprintf("%s: %s", nameOf(pt, pt.ID), runOf(pt)))
	}
	for _, k := range p.Kept {
		if k.Point != nil {
			runs = append(runs, fmt.Sprintf("%s: %s", nameOf(k.Point, k.Point.ID), runOf(k.Point)))
		}
	}
	if len(runs) > 0 {
		w("- Runs: %s.\n", strings.Join(runs, "; "))
	}
	w("- Client: unknown (the inputs do not record it).\n")
	w("- Changelog: one entry for %s, pr-link %s.\n", strings.Join(keys, " and "), MarkdownText(entryLink(p.Entry)))
	w("\n</details>\n")
	return b.String()
}

func orderOf(k model.Knobs) [3]int {
	m := 1
	if k.Mode == model.ModeAgg {
		m = 0
	}
	return [3]int{m, k.Prefill.Workers, k.Concurrency}
}

func less(a, b [3]int) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

// pointCells are a point's cells of the points table.
func pointCells(k model.Knobs, concs []int, change string) []string {
	dash := "—"
	conc := strconv.Itoa(k.Concurrency)
	if k.Concurrency == 0 && len(concs) > 0 {
		parts := make([]string, len(concs))
		for i, c := range concs {
			parts[i] = strconv.Itoa(c)
		}
		conc = strings.Join(parts, " / ")
	}
	if k.Mode == model.ModeAgg {
		name := "agg " + export.AggWorker(k.Prefill)
		return []string{name, dash, conc, dash, dash, dash, change}
	}
	orDash := func(n int) string {
		if n <= 0 {
			return "unknown"
		}
		return strconv.Itoa(n)
	}
	mrr := k.MaxRunningRequests
	if mrr == 0 && k.DecodeBS > 0 {
		mrr = k.DecodeRanks() * k.DecodeBS
	}
	bal := k.Balance
	if bal == "" {
		bal = "unknown"
	}
	return []string{"disagg", fmt.Sprintf("%d × %s", k.Prefill.Workers, strings.ToUpper(k.Prefill.Parallelism())), conc, orDash(k.DecodeBS), orDash(mrr), MarkdownText(bal), change}
}

func find(points []model.Point, id string) *model.Point {
	if i := model.FindID(points, id); i >= 0 {
		return &points[i]
	}
	return nil
}

// nameOf is the point's name as the changelog entry writes it
// (export.PointName: "8P c4096", "agg TP2/EP2 c16"); a point without
// knobs by its label, no point by its ID.
// Escaped for Markdown: a label or ID comes from data.
func nameOf(p *model.Point, id string) string {
	if p == nil {
		return MarkdownText(id)
	}
	if p.Knobs.Mode == "" {
		return MarkdownText(p.DisplayLabel())
	}
	return MarkdownText(export.PointName(p.Knobs))
}

func pointName(p *model.Point) string { return nameOf(p, p.ID) }

// numbersAt is "57,670 @ mean 377.4"-style: y @ x on the axes.
func numbersAt(p *model.Point, x, y model.Axis) string {
	if p == nil {
		return "unknown"
	}
	xv, yv, ok := p.XY(x, y)
	if !ok {
		return "unknown"
	}
	return model.Thousands(yv, 0) + " @ " + oneDecimal(xv)
}

func coveredBy(points []model.Point, v model.RemovalVerdict, x, y model.Axis) string {
	switch {
	case v.Test == model.TestNone:
		return "not tested: no value on these axes"
	case v.HasLine:
		// Lower throughput first, as the PR words it.
		nb := append([]string{}, v.Neighbours...)
		yOf := func(id string) float64 {
			if pt := find(points, id); pt != nil {
				v, _ := pt.Value(y.Metric)
				return v
			}
			return 0
		}
		sort.SliceStable(nb, func(i, j int) bool { return yOf(nb[i]) < yOf(nb[j]) })
		var parts []string
		for _, id := range nb {
			pt := find(points, id)
			parts = append(parts, fmt.Sprintf("%s (%s)", nameOf(pt, id), numbersAt(pt, x, y)))
		}
		s := strings.Join(parts, " to ")
		if !v.Covered {
			s = "NOT covered: above the line " + s
		}
		return s
	case v.Covered:
		pt := find(points, v.DominatedBy)
		return fmt.Sprintf("Pareto-dominated by %s (%s)", nameOf(pt, v.DominatedBy), numbersAt(pt, x, y))
	}
	return "NOT covered: outside the kept range and not dominated"
}

func lineValue(v model.RemovalVerdict) string {
	if !v.HasLine {
		return "—"
	}
	return fmt.Sprintf("%s (%s)", model.Thousands(v.LineValue, 2), pct(v.GapPct))
}

func pct(v float64) string { return fmt.Sprintf("%+.2f %%", v) }

func oneDecimal(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }

func at(p model.XYPoint) string { return model.Thousands(p.Y, 0) + " @ " + oneDecimal(p.X) }

// runOf is the run's length and source: "3600 s (local)", "run length
// unknown (published)"; escaped for Markdown (the date comes from data).
func runOf(p *model.Point) string {
	if p == nil {
		return "unknown"
	}
	s := "run length unknown"
	if p.Prov.DurationS > 0 {
		s = strconv.FormatFloat(p.Prov.DurationS, 'f', -1, 64) + " s"
	}
	s += " (" + string(p.Source)
	if p.Prov.Date != "" {
		s += ", " + p.Prov.Date
	}
	return MarkdownText(s + ")")
}

// rivalPoints are the competitor points beside curve k.
func rivalPoints(points []model.Point, k model.CurveKey) []model.Point {
	return model.Rivals(points, k, func(p *model.Point) bool { return p.Source == model.SourceCompetitor })
}

// bracket is the two competitor frontier points around x.
func bracket(rivals []model.Point, x, y model.Axis, at float64) (lo, hi model.XYPoint, ok bool) {
	c := model.Coords(rivals, x, y)
	var front []model.XYPoint
	for _, i := range model.Frontier(rivals, x, y) {
		for _, p := range c {
			if p.Index == i {
				front = append(front, p)
			}
		}
	}
	sort.Slice(front, func(i, j int) bool { return front[i].X < front[j].X })
	for i := 1; i < len(front); i++ {
		if front[i-1].X <= at && at <= front[i].X {
			return front[i-1], front[i], true
		}
	}
	return lo, hi, false
}

// entryLink is the pr-link of the appended entry.
func entryLink(entry string) string {
	for _, l := range strings.Split(entry, "\n") {
		if _, v, ok := strings.Cut(l, "pr-link: "); ok {
			return strings.TrimSpace(v)
		}
	}
	return "unknown (no changelog entry)"
}

// NewPRBodyInput reviews the plan's removals as the export did (rule
// 18(g)'s axis) and its kept curve on the competitor's axis (p90
// interactivity, the dashboard's) for the gains.
func NewPRBodyInput(plan *export.ExportPlan, points []model.Point, asOf, image, router string) (PRBodyInput, error) {
	in := PRBodyInput{Plan: plan, Points: points, Image: image, Router: router, AsOf: asOf}
	var remove []string
	for _, p := range plan.Dropped {
		remove = append(remove, p.ID)
	}
	var curve *model.CurveKey
	switch {
	case len(plan.Dropped) > 0:
		curve = &plan.Dropped[0].Curve
	case len(plan.Added) > 0:
		curve = &plan.Added[0].Curve
	default:
		return in, fmt.Errorf("the plan has no point to describe")
	}
	shown := model.Latest(points, asOf) // the curve as the export judged it
	rule, err := model.Review(model.ReviewRequest{Points: shown, Curve: curve, Remove: remove, Keep: plan.Keep, KeepWhy: plan.KeepWhy,
		X: model.AxisMeanIntvty, Y: model.AxisTputPerGPU, AsOf: asOf})
	if err != nil {
		return in, err
	}
	rule.LeftOut = append(model.ViewLeftOut(points, shown, *curve, remove, asOf), rule.LeftOut...)
	in.Rule = rule
	gains, err := model.Review(model.ReviewRequest{Points: shown, Curve: curve, Remove: remove,
		X: model.AxisP90Intvty, Y: model.AxisTputPerGPU, AsOf: asOf})
	if err != nil {
		return in, err
	}
	in.Gains = &gains
	return in, nil
}
