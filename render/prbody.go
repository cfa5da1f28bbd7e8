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
// (docs/export.md): what moves where, the points table with each point's
// change ("new, replaces …", "kept"), why these points (the selection's
// margin and the candidates inside it), the removed points under rule
// 18(g) with their neighbours and line values, the gain over the
// competitor named by its framework, re-tune deltas, coverage, holes, the
// noise estimate and what the inputs say of the runs. A value the inputs
// do not give is said to be unknown, never made up. Human words only: no
// flag spelling of an axis or metric.
//
// The body is a list of sections (prBodySections), each a function of the
// input that writes its own paragraphs; adding a section is one entry.

// PRBodyInput is what the body is built from.
type PRBodyInput struct {
	Plan   *export.ExportPlan
	Points []model.Point      // every loaded point (numbers of neighbours and competitors)
	Rule   model.CurveReview  // the review on rule 18(g)'s axis (mean interactivity × tput/GPU)
	Gains  *model.CurveReview // the review on the competitor's axis (p90 interactivity); nil: none
	Image  string             // the image the points ran ("" unknown)
	Router string             // the Dynamo router version pinned beside it ("" unknown)
	AsOf   string             // the date the removals were judged as of ("" the latest)
	// Selection is the accepted selection the sets came from (nil: by hand).
	Selection *model.SelectionSet
	// Regimes are the planner's readings of the kept disaggregated points
	// (nil: too few points to calibrate on).
	Regimes *PRRegimes
}

// prSection writes one part of the body; it writes nothing when it has
// nothing to say.
type prSection func(b *strings.Builder, in PRBodyInput)

// prBodySections are the body's parts in order.
var prBodySections = []prSection{
	prHead,
	prPointsTable,
	prWhy,
	prRegimes,
	prRemovals,
	prGains,
	prRetunes,
	prCoverage,
	prNoise,
	prValidation,
	prRounding,
}

// PRBody writes the body as GitHub markdown.
func PRBody(in PRBodyInput) string {
	var b strings.Builder
	for _, s := range prBodySections {
		s(&b, in)
	}
	return b.String()
}

// prCell makes a data-derived string safe inside a Markdown table cell or
// line (markdown.go): no HTML, mention, comment, line break or column bar.
func prCell(s string) string { return MarkdownText(s) }

// words is an axis in human words: "p90 interactivity", "throughput per GPU".
func words(a model.Axis) string {
	l := a.Label
	if i := strings.Index(l, " ("); i > 0 {
		l = l[:i]
	}
	return l
}

func prHead(b *strings.Builder, in PRBodyInput) {
	p := in.Plan
	keys := make([]string, len(p.Keys))
	for i, k := range p.Keys {
		keys[i] = MarkdownCode(k)
	}
	fmt.Fprintf(b, "Move %s", andWords(keys))
	if in.Image != "" {
		fmt.Fprintf(b, " to %s", MarkdownCode(in.Image))
		var pins []string
		if e := engineOfPlan(in); e != "" {
			pins = append(pins, e)
		}
		if in.Router != "" {
			pins = append(pins, "Dynamo "+prCell(in.Router))
		}
		if len(pins) > 0 {
			fmt.Fprintf(b, " (%s)", strings.Join(pins, ", "))
		}
	}
	b.WriteString(", and keep one point per interactivity range.\n\n")
}

// change is a point's Change cell: "new", "new, replaces 8P c4096", "new,
// right of agg TP2/EP2 c16 on p90 interactivity", "kept", "re-tuned".
func change(in PRBodyInput, pt *model.Point) string {
	if sel := in.Selection; sel != nil {
		if bd, ok := sel.Band(pt.ID); ok && bd.Replaces != "" {
			name := nameOf(find(in.Points, bd.Replaces), bd.Replaces)
			if bd.ByMean || sel.Axis == "" {
				return "new, replaces " + prCell(name)
			}
			ax, err := model.ParseXAxis(sel.Axis)
			if err != nil {
				return "new, replaces " + prCell(name)
			}
			return fmt.Sprintf("new, right of %s on %s", prCell(name), words(ax))
		}
	}
	if r := export.ReplacedBy(pt, in.Plan.Added, in.Plan.Dropped, in.Plan.Verdicts); r != nil {
		return "new, replaces " + prCell(pointName(r))
	}
	return "new"
}

func prPointsTable(b *strings.Builder, in PRBodyInput) {
	p := in.Plan
	b.WriteString("| Point | Prefill | Concurrency | Decode CUDA graph max BS (per rank) | Decode max-running-requests | Decode DP balancing | Change |\n")
	b.WriteString("| --- | --- | ---: | ---: | ---: | --- | --- |\n")
	type row struct {
		order [3]int
		cells []string
	}
	var rows []row
	for _, pt := range p.Added {
		rows = append(rows, row{orderOf(pt.Knobs), pointCells(pt.Knobs, nil, change(in, pt))})
	}
	for _, k := range p.Kept {
		word := "kept"
		if in.Selection != nil && k.Point != nil {
			if bd, ok := in.Selection.Band(k.Point.ID); ok && bd.Target == model.TargetReTuned {
				word = "re-tuned"
			}
		}
		rows = append(rows, row{orderOf(k.Knobs), pointCells(k.Knobs, k.Concurrencies, word)})
	}
	sort.SliceStable(rows, func(i, j int) bool { return less(rows[i].order, rows[j].order) })
	for _, r := range rows {
		fmt.Fprintf(b, "| %s |\n", strings.Join(r.cells, " | "))
	}
	if d := oneDecode(p); d != "" {
		fmt.Fprintf(b, "\nDisagg decode is one %s worker at every point.", d)
	}
	if len(p.Dropped) > 0 {
		var names []string
		for _, pt := range p.Dropped {
			names = append(names, prCell(pointName(pt)))
		}
		if oneDecode(p) == "" {
			b.WriteString("\n")
		} else {
			b.WriteString(" ")
		}
		fmt.Fprintf(b, "Removed: %s.\n", andWords(names))
	} else if oneDecode(p) != "" {
		b.WriteString("\n")
	}
}

// oneDecode is the decode worker every disagg point of the table shares
// ("DEP16"), "" when they differ or none is disagg.
func oneDecode(p *export.ExportPlan) string {
	var ks []model.Knobs
	for _, pt := range p.Added {
		ks = append(ks, pt.Knobs)
	}
	for _, k := range p.Kept {
		ks = append(ks, k.Knobs)
	}
	d := ""
	for _, k := range ks {
		if k.Mode == model.ModeAgg {
			continue
		}
		if k.Decode.Workers != 1 {
			return ""
		}
		w := strings.ToUpper(k.Decode.Parallelism())
		if d != "" && d != w {
			return ""
		}
		d = w
	}
	return d
}

// prWhy says why these points, from what the selection computed: each
// replacement on the band axis with its gains, the candidates that won only
// inside the margin, and where the margin came from.
func prWhy(b *strings.Builder, in PRBodyInput) {
	sel := in.Selection
	if sel == nil {
		return
	}
	ax, err := model.ParseXAxis(sel.Axis)
	if err != nil {
		return
	}
	var lines []string
	bands := append([]model.SetBand{}, sel.Bands...)
	orderOfID := func(id string) [3]int {
		if p := find(in.Points, id); p != nil {
			return orderOf(p.Knobs)
		}
		return [3]int{}
	}
	sort.SliceStable(bands, func(i, j int) bool { return less(orderOfID(bands[i].Chosen), orderOfID(bands[j].Chosen)) })
	for _, bd := range bands {
		if bd.Replaces == "" {
			continue
		}
		ch, old := find(in.Points, bd.Chosen), find(in.Points, bd.Replaces)
		chName, oldName := prCell(nameOf(ch, bd.Chosen)), prCell(nameOf(old, bd.Replaces))
		if bd.Choice == model.ChoiceKept {
			lines = append(lines, fmt.Sprintf("%s stays the point of its %s range; %s, in the same range, goes (rule 18(g) below).", chName, words(ax), oldName))
			continue
		}
		if bd.ByMean {
			s := fmt.Sprintf("%s replaces %s. %s has no %s, so it is placed by its mean interactivity; %s gives %s throughput per GPU there (%s mean interactivity), and rule 18(g) below judges the removal.",
				chName, oldName, oldName, words(ax), chName, pct(bd.GainY), pct(bd.GainX))
			if d := droppedWords(bd, ax, chName); d != "" {
				s = fmt.Sprintf("%s replaces %s. %s has no %s, so it is placed by its mean interactivity; %s %s gives %s throughput per GPU there (%s mean interactivity), and rule 18(g) below judges the removal.",
					chName, oldName, oldName, words(ax), d, chName, pct(bd.GainY), pct(bd.GainX))
			}
			lines = append(lines, s)
			continue
		}
		s := fmt.Sprintf("%s replaces %s on the chart (%s): %s vs %s (%s), at %s vs %s tok/s/GPU (%s).",
			chName, oldName, words(ax), valueOn(ch, ax), valueOn(old, ax), pct(bd.GainX),
			valueY(ch), valueY(old), pct(bd.GainY))
		if len(bd.InsideNoise) > 0 {
			var ns []string
			for _, c := range bd.InsideNoise {
				ns = append(ns, fmt.Sprintf("%s (%s, %s)", prCell(nameOf(find(in.Points, c.ID), c.ID)), oneDecimal(c.X), pct(c.GainX)))
			}
			s += fmt.Sprintf(" %s also beat %s, but by no more than the %s %% margin on %s: inside run-to-run noise, so %s is the point with margin.",
				andWords(ns), oldName, oneDecimal(sel.Margin.Pct), words(ax), chName)
		}
		lines = append(lines, s)
	}
	if len(lines) == 0 {
		return
	}
	b.WriteString("\nWhy these points:\n\n")
	for _, l := range lines {
		fmt.Fprintf(b, "- %s\n", l)
	}
	fmt.Fprintf(b, "- The margin is %s %%: %s.\n", oneDecimal(sel.Margin.Pct), marginWords(sel.Margin))
}

// droppedWords says why a merged band's choice took the replaced point's
// place: it lay under the line of its neighbouring choices by more than the
// margin ("" when the replacement was not a merge's).
func droppedWords(bd model.SetBand, ax model.Axis, chosen string) string {
	for _, d := range bd.Dropped {
		if d.ID == bd.Replaces {
			return fmt.Sprintf("there it lies %s under the line of its neighbouring choices on %s, more than the margin, so it adds nothing to the curve (its range merged into %s's);",
				strings.TrimPrefix(pct(d.UnderPct), "+"), words(ax), chosen)
		}
	}
	return ""
}

// marginWords says where a selection's margin came from, in words.
func marginWords(m model.Margin) string {
	s := m.Source
	if i := strings.Index(s, " (docs/"); i > 0 {
		s = s[:i]
	}
	if rest, ok := strings.CutPrefix(s, "default: "); ok {
		return "the default, " + rest
	}
	if s == "--margin" {
		return "given by hand"
	}
	for _, a := range model.XAxes {
		s = strings.ReplaceAll(s, a.Name, words(a))
	}
	for _, a := range model.YAxes {
		s = strings.ReplaceAll(s, a.Name, words(a))
	}
	return s
}

func valueY(p *model.Point) string {
	if p == nil {
		return "unknown"
	}
	if v, ok := p.Value(model.TputPerGPU); ok {
		return model.Thousands(v, 0)
	}
	return "unknown"
}

func valueOn(p *model.Point, a model.Axis) string {
	if p == nil {
		return "unknown"
	}
	if v, ok := p.Value(a.Metric); ok {
		return oneDecimal(v)
	}
	return "unknown"
}

func prRemovals(b *strings.Builder, in PRBodyInput) {
	p := in.Plan
	if len(p.Verdicts) == 0 {
		return
	}
	x, y := words(in.Rule.X), words(in.Rule.Y)
	fmt.Fprintf(b, "\nRemoved published points (rule 18(g), %s and %s", x, y)
	if in.AsOf != "" {
		fmt.Fprintf(b, ", against the curve as of %s", prCell(in.AsOf))
	}
	b.WriteString("):\n\n")
	fmt.Fprintf(b, "| Removed point | Published | Covered by | Line value at the removed point's %s |\n", x)
	b.WriteString("| --- | ---: | --- | ---: |\n")
	for _, v := range p.Verdicts {
		pt := find(in.Points, v.ID)
		fmt.Fprintf(b, "| %s | %s | %s | %s |\n", prCell(nameOf(pt, v.ID)), numbersAt(pt, in.Rule.X, in.Rule.Y),
			prCell(coveredBy(in.Points, v, in.Rule.X, in.Rule.Y)), lineValue(v))
	}
	if left := bearing(in); len(left) > 0 {
		b.WriteString("\nLeft out of the kept curve, between a removed point's neighbours:\n\n")
		for _, l := range left {
			pt := find(in.Points, l.ID)
			fmt.Fprintf(b, "- %s", prCell(nameOf(pt, l.ID)))
			if pt != nil {
				fmt.Fprintf(b, " (%s", pt.Source)
				if pt.Prov.Date != "" {
					fmt.Fprintf(b, ", %s", prCell(pt.Prov.Date))
				}
				b.WriteString(")")
			}
			fmt.Fprintf(b, ": %s\n", prCell(l.Reason))
		}
	}
}

// bearing are the left-out points that bear on a verdict: measured as of
// the date (a later run was not there to judge by) and lying between the
// kept neighbours of a removed point on the rule's axis, where keeping
// them would have drawn another line.
func bearing(in PRBodyInput) []model.LeftOut {
	var out []model.LeftOut
	seen := map[string]bool{}
	kept := map[string]bool{} // configurations the kept curve has a run of
	for i := range in.Rule.Kept {
		if k := in.Rule.Kept[i].Knobs; k.Mode != "" {
			kept[k.BaseID()] = true
		}
	}
	for _, l := range in.Rule.LeftOut {
		if strings.HasPrefix(l.Reason, "measured after ") || seen[l.ID] {
			continue
		}
		pt := find(in.Points, l.ID)
		if pt == nil || (pt.Knobs.Mode != "" && kept[pt.Knobs.BaseID()]) {
			continue // another run of a kept configuration draws no other line
		}
		px, ok := pt.Value(in.Rule.X.Metric)
		if !ok {
			continue
		}
		for _, v := range in.Plan.Verdicts {
			if !v.HasLine || len(v.Neighbours) != 2 {
				continue
			}
			a, b := find(in.Points, v.Neighbours[0]), find(in.Points, v.Neighbours[1])
			if a == nil || b == nil {
				continue
			}
			ax, _ := a.Value(in.Rule.X.Metric)
			bx, _ := b.Value(in.Rule.X.Metric)
			if min(ax, bx) < px && px < max(ax, bx) {
				out = append(out, l)
				seen[l.ID] = true
				break
			}
		}
	}
	return out
}

// competitorName names the competitor curve by its framework ("vLLM",
// "Dynamo + vLLM"), "the competitor" when no point says.
func competitorName(rivals []model.Point) string {
	var names []string
	for i := range rivals {
		f := strings.ToLower(rivals[i].Curve.Framework)
		n := export.EngineOf(f)
		if n == "" {
			continue
		}
		if strings.HasPrefix(f, "dynamo-") {
			n = "Dynamo + " + n
		}
		if !contains(names, n) {
			names = append(names, n)
		}
	}
	if len(names) == 0 {
		return "the competitor"
	}
	sort.Strings(names)
	return andWords(names)
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

func prGains(b *strings.Builder, in PRBodyInput) {
	g := in.Gains
	if g == nil || g.Rivals == 0 {
		return
	}
	rivals := rivalPoints(in.Points, g.Curve)
	comp := competitorName(rivals)
	x, y := words(g.X), words(g.Y)
	fmt.Fprintf(b, "\nThroughput gain at the same %s (%s), against the published %s frontier interpolated linearly at each point's %s. A blank cell means no %s value there.\n\n",
		x, y, comp, x, comp)
	fmt.Fprintf(b, "| This recipe | Run | Throughput | %s | E2E-normalized p90 | vs %s |\n", capitalize(x), comp)
	b.WriteString("| --- | --- | ---: | ---: | ---: | ---: |\n")
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
			if lo, hi, ok := bracket(rivals, g.X, g.Y, pg.X); ok {
				notes = append(notes, fmt.Sprintf("At %s %s, the %s frontier lies between %s and %s, which gives %s.",
					x, oneDecimal(pg.X), comp, at(lo), at(hi), model.Thousands(pg.Other, 2)))
			}
		}
		fmt.Fprintf(b, "| %s | %s | %s | %s | %s | %s |\n", prCell(nameOf(pt, pg.ID)), prCell(runOf(pt)), model.Thousands(pg.Y, 0), oneDecimal(pg.X), e2e, cell)
	}
	if len(notes) > 0 {
		fmt.Fprintf(b, "\n%s\n", strings.Join(notes, " "))
	}
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func prRetunes(b *strings.Builder, in PRBodyInput) {
	if len(in.Rule.Retunes) == 0 {
		return
	}
	fmt.Fprintf(b, "\nRe-tune deltas (kept − published, same topology and concurrency):\n\n")
	fmt.Fprintf(b, "| Kept | Published | Δ %s | Δ %s |\n| --- | --- | ---: | ---: |\n", words(in.Rule.Y), words(in.Rule.X))
	for _, r := range in.Rule.Retunes {
		dy, dx := "unknown", "unknown"
		if r.HasY {
			dy = pct(r.DYPct)
		}
		if r.HasX {
			dx = pct(r.DXPct)
		}
		fmt.Fprintf(b, "| %s | %s | %s | %s |\n", prCell(nameOf(find(in.Points, r.KeptID), r.KeptID)), prCell(nameOf(find(in.Points, r.PublishedID), r.PublishedID)), dy, dx)
	}
}

func prCoverage(b *strings.Builder, in PRBodyInput) {
	c := in.Rule.Coverage
	fmt.Fprintf(b, "\nCoverage of the kept curve (frontier points of %s against E2EL; InferenceX recommends at least %d): ", words(in.Rule.Y), model.RecommendedFrontierPoints)
	cov := func(name string, front, with int) string {
		if with == 0 {
			return name + " unknown (no kept point has it)"
		}
		return fmt.Sprintf("%s %d/%d", name, front, with)
	}
	fmt.Fprintf(b, "%s, %s.\n", cov("P90 E2EL", c.P90E2EL, c.P90Points), cov("P75 E2EL", c.P75E2EL, c.P75Points))
	if len(in.Rule.Holes) == 0 {
		return
	}
	b.WriteString("\nHoles the removal leaves (the verdicts above stand):\n\n")
	for _, h := range in.Rule.Holes {
		fmt.Fprintf(b, "- %s\n", prCell(holeWords(in, h)))
	}
}

// holeWords says a hole with point names and axis words.
func holeWords(in PRBodyInput, h model.Hole) string {
	if h.Kind != "gap" {
		return fmt.Sprintf("%d kept points, fewer than the %d the coverage rule asks", h.Kept, h.Want)
	}
	return fmt.Sprintf("a gap in %s from %s (%s) to %s (%s): %.1f× the curve's median spacing %s",
		words(in.Rule.X), oneDecimal(h.FromX), nameOf(find(in.Points, h.From), h.From), oneDecimal(h.ToX), nameOf(find(in.Points, h.To), h.To),
		(h.ToX-h.FromX)/h.MedianSpacing, oneDecimal(h.MedianSpacing))
}

// prNoise states the one noise estimate of the curve as of the date: the
// spread of throughput per GPU over the pairs measured on or before it.
func prNoise(b *strings.Builder, in PRBodyInput) {
	fmt.Fprintf(b, "\n%s\n", NoiseSentence(in.Rule.Noise, in.Rule.Y, prCell(in.AsOf)))
}

// NoiseSentence words a curve's run-to-run spread of metric y as of a date:
// "Run-to-run noise of throughput per GPU as of 2026-11-05: ±0.87 % over 5
// pairs." or "… none measured (0 pairs: no configuration measured twice)."
func NoiseSentence(n model.Noise, y model.Axis, asOf string) string {
	s := "Run-to-run noise of " + words(y)
	if asOf != "" {
		s += " as of " + asOf
	}
	mn, ok := n.For(y.Metric)
	switch {
	case !ok:
		return s + ": none measured (0 pairs: no configuration measured twice on or before the date)."
	case mn.Assumed:
		return s + fmt.Sprintf(": ±%.2f %%, assumed (no pair measured it).", mn.SpreadPct)
	}
	return s + fmt.Sprintf(": ±%.2f %% over %s.", mn.SpreadPct, model.Plural(mn.Pairs, "pair"))
}

func prValidation(b *strings.Builder, in PRBodyInput) {
	p := in.Plan
	b.WriteString("\n<details><summary>Validation details</summary>\n\n")
	if in.Image != "" {
		fmt.Fprintf(b, "- Image: %s", MarkdownCode(in.Image))
		if !strings.Contains(in.Image, "@sha256:") {
			b.WriteString(" (digest: unknown to sweeptune; pin it as `image@sha256:…`)")
		}
		b.WriteString(".\n")
	} else {
		b.WriteString("- Image: unknown.\n")
	}
	if in.Router != "" {
		fmt.Fprintf(b, "- Dynamo router: %s.\n", prCell(in.Router))
	}
	if spec := specWords(p); spec != "" {
		fmt.Fprintf(b, "- Speculative decoding: %s.\n", spec)
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
		fmt.Fprintf(b, "- Runs: %s.\n", prCell(strings.Join(runs, "; ")))
	}
	b.WriteString("- Client: unknown (the inputs do not record it).\n")
	keys := make([]string, len(p.Keys))
	for i, k := range p.Keys {
		keys[i] = MarkdownCode(k)
	}
	fmt.Fprintf(b, "- Changelog: one entry for %s, pr-link %s.\n", andWords(keys), prCell(entryLink(p.Entry)))
	b.WriteString("\n</details>\n")
}

// specWords is the speculative method and acceptance length the points
// carry: "DSpark, acceptance length 3.51"; "" when none says.
func specWords(p *export.ExportPlan) string {
	method, al := "", 0.0
	var ks []model.Knobs
	for _, pt := range p.Added {
		ks = append(ks, pt.Knobs)
	}
	for _, k := range p.Kept {
		if k.Point != nil {
			ks = append(ks, k.Point.Knobs)
		}
	}
	for _, k := range ks {
		if method == "" && k.SpecDecoding != "" && k.SpecDecoding != "none" {
			method = k.SpecDecoding
		}
		if al == 0 && k.AcceptanceLength > 0 {
			al = k.AcceptanceLength
		}
	}
	if method == "" && al == 0 {
		return ""
	}
	var parts []string
	if method != "" {
		parts = append(parts, specName(method))
	}
	if al > 0 {
		parts = append(parts, "acceptance length "+strconv.FormatFloat(al, 'f', -1, 64))
	}
	return prCell(strings.Join(parts, ", "))
}

func specName(m string) string {
	switch strings.ToLower(m) {
	case "dspark":
		return "DSpark"
	case "mtp":
		return "MTP"
	case "eagle", "eagle3":
		return strings.ToUpper(m[:1]) + m[1:]
	}
	return m
}

func prRounding(b *strings.Builder, _ PRBodyInput) {
	b.WriteString("\nNumbers: throughput per GPU as measured (whole tok/s/GPU); line values and interpolations to two decimals, never rounded further; interactivity to one decimal and percentages to two, each rounded to the nearest.\n")
}

// engineOfPlan is the engine the points' framework names ("SGLang").
func engineOfPlan(in PRBodyInput) string {
	for _, pt := range append(append([]*model.Point{}, in.Plan.Added...), in.Plan.Dropped...) {
		if e := export.EngineOf(pt.Curve.Framework); e != "" {
			return e
		}
	}
	return ""
}

// andWords is "a", "a and b", "a, b and c".
func andWords(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
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
	if mrr == 0 {
		mrr = k.WorkerMRR()
	}
	bal := k.Balance
	if bal == "" {
		bal = "unknown"
	}
	return []string{"disagg", fmt.Sprintf("%d × %s", k.Prefill.Workers, strings.ToUpper(k.Prefill.Parallelism())), conc, orDash(k.DecodeBS), orDash(mrr), prCell(bal), change}
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
func nameOf(p *model.Point, id string) string {
	if p == nil {
		return id
	}
	if p.Knobs.Mode == "" {
		return p.DisplayLabel()
	}
	return export.PointName(p.Knobs)
}

func pointName(p *model.Point) string { return nameOf(p, p.ID) }

// numbersAt is "57,670 @ 377.4"-style: y @ x on the axes.
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

// runOf is the run's length and source: "3600 s (local)", "run length unknown (published)".
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
	return s + ")"
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
// interactivity, the dashboard's) for the gains; the plan's selection
// (export --from-select) gives the pairing and the reasons.
func NewPRBodyInput(plan *export.ExportPlan, points []model.Point, asOf, image, router string) (PRBodyInput, error) {
	in := PRBodyInput{Plan: plan, Points: points, Image: image, Router: router, AsOf: asOf, Selection: plan.Selection}
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
		X: model.AxisMeanIntvty, Y: model.AxisTputPerGPU, AsOf: asOf, Runs: points})
	if err != nil {
		return in, err
	}
	rule.LeftOut = append(model.ViewLeftOut(points, shown, *curve, remove, asOf), rule.LeftOut...)
	in.Rule = rule
	gains, err := model.Review(model.ReviewRequest{Points: shown, Curve: curve, Remove: remove,
		X: model.AxisP90Intvty, Y: model.AxisTputPerGPU, AsOf: asOf, Runs: points})
	if err != nil {
		return in, err
	}
	in.Gains = &gains
	in.Regimes = regimesOf(points, *curve, keptPoints(plan), asOf)
	return in, nil
}
