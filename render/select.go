package render

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/planner"
	"github.com/sweeptune/sweeptune/sources/export"
)

// The selection (sweeptune select and the selection view): its bands, the
// replacements and what lies inside noise, the removals it implies with
// their line test, coverage, and the runs proposed for weak bands.

// Selection words a selection; points give the labels, props (nil: none
// asked for) the proposed runs.
func Selection(s *model.Selection, points []model.Point, props *planner.Proposals) Doc {
	return SelectionIn(s, points, props, 0)
}

// SelectionIn is Selection laid out for width cells (0: any width): a band
// table wider than that becomes one block per band (the workbench's pane).
func SelectionIn(s *model.Selection, points []model.Point, props *planner.Proposals, width int) Doc {
	var d Doc
	label := selLabeller(points, s.Curve)
	d.Add(S(Bold, "Selection on "+s.Curve.String()))
	d.Add(P(fmt.Sprintf("x: %s, y: %s; margin ±%s %% (%s)", s.X.Label, s.Y.Label, selPct1(s.Margin.Pct), s.Margin.Source)))
	if s.AsOf != "" {
		d.Add(S(Muted, "as of "+s.AsOf+": runs dated after it are left out"))
	}
	if s.Targeted {
		d.Add(S(Muted, "against the export target: new = no override or row runs it"))
	}
	line := fmt.Sprintf("%s", selPlural(len(s.Bands), "band"))
	if s.Splits > 0 {
		line += fmt.Sprintf(", %d cut where the line test would not cover a removal", s.Splits)
	}
	if s.Merges > 0 {
		line += fmt.Sprintf(", %d merged into a neighbour: its kept point lay under the line of its neighbours by more than the margin", s.Merges)
	}
	d.Add(S(Muted, line))
	d.Blank()
	if t := selBandTable(s, label); !tableIn(&d, t, width) {
		selBandBlocks(&d, t, s.X.Name, s.Y.Name)
	}
	selNoise(&d, s, label)
	selRemovals(&d, s, label)
	d.Blank()
	selCoverage(&d, s)
	d.Add(P("Add: "), P(selListOr(s.Add, label, "none")))
	d.Add(P("Remove: "), P(selListOr(s.Remove, label, "none")))
	if len(s.Placed) > 0 {
		d.Add(S(Muted, fmt.Sprintf("Placed by their mean interactivity (no %s): %s", s.X.Name, selListOr(s.Placed, label, ""))))
	}
	if len(s.NoAxis) > 0 {
		d.Add(S(Muted, fmt.Sprintf("Left as they are (no %s or %s): %s", s.X.Name, s.Y.Name, selListOr(s.NoAxis, label, ""))))
	}
	if len(s.Outside) > 0 {
		d.Add(S(Muted, "Outside the bands, left as they are: "+selListOr(s.Outside, label, "")))
	}
	if props != nil {
		d.Blank()
		selProposals(&d, s, props)
	}
	return d
}

func selLabeller(points []model.Point, curve model.CurveKey) func(string) string {
	// The IDs a selection names are its curve's: those are indexed (a
	// dump's million points are not), any other found by a scan, once.
	byID := map[string]int{}
	for i := range points {
		if points[i].Curve == curve {
			byID[points[i].ID] = i
		}
	}
	return func(id string) string {
		i, ok := byID[id]
		if !ok {
			i = model.FindID(points, id)
			byID[id] = i
		}
		if i >= 0 {
			if l := points[i].DisplayLabel(); l != id {
				return l
			}
		}
		return id
	}
}

func selBandTable(s *model.Selection, label func(string) string) Table {
	t := Table{Header: []string{"BAND (" + s.X.Name + ")", "CHOICE", "POINT", strings.ToUpper(s.X.Name), strings.ToUpper(s.Y.Name), "WHY"},
		Right: []bool{false, false, false, true, true, false}}
	for _, b := range s.Bands {
		band := fmt.Sprintf("%s – %s", selNum1(b.Lo), selNum1(b.Hi))
		switch {
		case b.Split && b.Merged:
			band += " (cut, merged)"
		case b.Split:
			band += " (cut)"
		case b.Merged:
			band += " (merged)"
		}
		if b.Choice == model.ChoiceEmpty {
			t.AddRow(band, string(b.Choice), "–", "–", "–", "no measured candidate")
			t.RowClass = append(t.RowClass, Warn)
			continue
		}
		pt := label(b.Chosen) + " (" + string(b.Source)
		if b.Choice == model.ChoiceKept && b.Source != model.SourcePublished && !s.Targeted {
			pt += " run, published configuration"
		}
		if b.ShortRun {
			pt += ", short run"
		}
		pt += ")"
		var why string
		switch {
		case b.Choice == model.ChoiceReplaces && b.ByMean:
			why = fmt.Sprintf("replaces %s (no %s: placed by its mean interactivity): %s mean-intvty, %s %s", label(b.Replaces), s.X.Name, selSigned(b.GainX), selSigned(b.GainY), s.Y.Name)
		case b.Choice == model.ChoiceReplaces:
			why = fmt.Sprintf("replaces %s: %s %s, %s %s", label(b.Replaces), selSigned(b.GainX), s.X.Name, selSigned(b.GainY), s.Y.Name)
		case b.Choice == model.ChoiceKept && b.Target == model.TargetReTuned:
			why = "its override runs other decode knobs: re-tuned"
		case b.Choice == model.ChoiceKept && s.Targeted && b.Source != model.SourcePublished && len(b.Removed) == 0:
			why = fmt.Sprintf("its override is there; nothing beats it by more than %s %% on both axes", selPct1(s.Margin.Pct))
		case b.Choice == model.ChoiceNew && s.Targeted:
			why = "no override or row runs it, and no incumbent in the band"
		case b.Choice == model.ChoiceKept:
			why = fmt.Sprintf("nothing beats it by more than %s %% on both axes", selPct1(s.Margin.Pct))
			if len(b.Removed) > 0 {
				why = "the band's best published point; its others go: " + selListOr(b.Removed, label, "")
			}
		case b.Choice == model.ChoiceNew:
			why = "no published point in the band"
		}
		for _, d := range b.Dropped {
			why += fmt.Sprintf("; %s lay %s %% under the line of its neighbours", label(d.ID), selPct1(d.UnderPct))
		}
		if len(b.Extra) > 0 {
			why += "; also kept (same x, removal not covered): " + selListOr(b.Extra, label, "")
		}
		choice := string(b.Choice)
		if b.Target != "" && b.Choice != model.ChoiceReplaces {
			choice = b.Target
		}
		t.AddRow(band, choice, pt, selNum1(b.X), model.Thousands(b.Y, 0), why)
		c := Plain
		if b.Choice == model.ChoiceReplaces {
			c = Good
		}
		t.RowClass = append(t.RowClass, c)
	}
	return t
}

// selBandBlocks words the band table one band at a time: the band, the
// choice and the point, then the values, then why, each row's class kept.
func selBandBlocks(d *Doc, t Table, x, y string) {
	for i, r := range t.Rows {
		c := Plain
		if i < len(t.RowClass) {
			c = t.RowClass[i]
		}
		d.Add(S(c, r[0]+"  "+r[1]), P("  "+r[2]))
		d.Add(S(Muted, "    "+x+" "), P(r[3]), S(Muted, "  "+y+" "), P(r[4]))
		d.Add(P("    " + r[5]))
	}
}

func selNoise(d *Doc, s *model.Selection, label func(string) string) {
	first := true
	for _, b := range s.Bands {
		ref := b.Replaces
		if ref == "" {
			ref = b.Chosen
		}
		for _, c := range b.InsideNoise {
			if first {
				d.Blank()
				d.Add(S(Accent, fmt.Sprintf("Inside noise (dominate the published point by no more than the %s %% margin on an axis):", selPct1(s.Margin.Pct))))
				first = false
			}
			d.Add(S(Warn, "  ~ "), P(fmt.Sprintf("%s (%s): %s %s, %s %s over %s", label(c.ID), c.Source, selSigned(c.GainX), s.X.Name, selSigned(c.GainY), s.Y.Name, label(ref))))
		}
	}
}

func selRemovals(d *Doc, s *model.Selection, label func(string) string) {
	d.Blank()
	if len(s.Review.Removed) == 0 {
		d.Add(P("Removals: none (every published point in a band is its choice)"))
		return
	}
	d.Add(S(Accent, fmt.Sprintf("Removals (rule 18(g): line test on %s × %s against the review's kept curve, steady-state runs%s):",
		s.Review.X.Name, s.Review.Y.Name, asOfWords(s.AsOf))))
	noisy := map[string]bool{}
	for _, id := range s.NoisyRemovals {
		noisy[id] = true
	}
	for _, v := range s.Review.Removed {
		var what string
		switch {
		case v.Test == model.TestLine && v.HasLine:
			nb := make([]string, len(v.Neighbours))
			for i, n := range v.Neighbours {
				nb[i] = label(n)
			}
			what = fmt.Sprintf("%s under the line %s of %s at %s (%s %%)", model.Thousands(v.Y, 0), model.Thousands(v.LineValue, 2),
				strings.Join(nb, " – "), selNum1(v.X), selSignedPlain(v.GapPct))
		case v.Test == model.TestPareto && v.ParetoDominated:
			what = "dominated by " + label(v.DominatedBy)
		case v.Test == model.TestPareto:
			what = "outside the kept range and not dominated"
		default:
			what = "no value on these axes"
		}
		if slices.Contains(s.BandAxisVerdicts, v.ID) {
			what += fmt.Sprintf(" (on %s: it has no mean interactivity, so rule 18(g) cannot judge it)", s.X.Name)
		}
		if v.Covered {
			sp := []Span{S(Good, "  ✓ "), P(label(v.ID) + " covered: " + what)}
			if noisy[v.ID] {
				sp = append(sp, S(Warn, fmt.Sprintf(" (inside noise: within the %s %% margin)", selPct1(s.Margin.Pct))))
			}
			d.Add(sp...)
		} else {
			d.Add(S(Bad, "  ✗ "+label(v.ID)+" NOT covered: "+what))
		}
	}
}

func selProposals(d *Doc, s *model.Selection, p *planner.Proposals) {
	e := p.Error
	if e.Known {
		d.Add(S(Accent, fmt.Sprintf("Proposals (the model's error on this curve: %s %% throughput, %s %% %s; %s):",
			selPct1(e.TputPct), selPct1(e.XPct), s.X.Name, e.Source)))
	} else {
		d.Add(S(Accent, "Proposals (the model's error on this curve: "+e.Source+"):"))
	}
	for _, n := range p.Notes {
		d.Add(S(Warn, "  "+n))
	}
	if len(p.Runs) > 0 {
		t := Table{Header: []string{"RUN", "POINT", "GPUS", strings.ToUpper(s.X.Name), strings.ToUpper(s.Y.Name), "VS KEPT", "WHY"},
			Right: []bool{false, false, true, true, true, true, false}}
		for _, r := range p.Runs {
			vs := "–"
			if r.HasRef {
				vs = selSignedPlain(r.WinPct) + " %"
			}
			label := r.Knobs.ShortLabel()
			if r.Untested != "" {
				label += " (untested)"
			}
			t.AddRow(fmt.Sprintf("%s %d s", r.Kind, r.DurationS), label, fmt.Sprint(r.Config.GPUs()), selNum1(r.X), model.Thousands(r.Y, 0), vs, selRunWhy(r))
		}
		d.Table(t)
	}
	for _, b := range p.Bands {
		if b.Note != "" {
			d.Add(S(Muted, fmt.Sprintf("  band %s – %s: %s", selNum1(b.Lo), selNum1(b.Hi), b.Note)))
		} else if b.Below > 0 {
			d.Add(S(Muted, fmt.Sprintf("  band %s – %s: %s the model puts below the kept curve by more than its error, not proposed",
				selNum1(b.Lo), selNum1(b.Hi), selPlural(b.Below, "configuration"))))
		}
	}
	if len(p.Runs) == 0 && len(p.Bands) == 0 {
		d.Add(S(Muted, "  none: no band is empty or weak"))
	}
}

// selRunWhy says why a run is proposed and why of its length.
func selRunWhy(r planner.ProposedRun) string {
	switch {
	case r.Untested != "":
		return "untested: " + r.Untested
	case r.Confirms != "":
		return fmt.Sprintf("chosen from a short run: %d s confirms it (measured values shown)", r.DurationS)
	case r.Of != "":
		return "a neighbouring concurrency, in the band too"
	case !r.HasRef:
		return "nothing kept is as interactive"
	case r.Kind == planner.RunFull:
		return fmt.Sprintf("a clear winner: above the kept curve by more than the model's %s %% error", selPct1(r.Error.TputPct))
	case !r.Error.Known:
		return "the model's error here is unknown: a short run first"
	}
	return fmt.Sprintf("within the model's ±%s %% error: a short run first", selPct1(r.Error.TputPct))
}

// Queue words a written (or planned) queue: its srtctl lines and notes,
// and how many predictions went to which ledger (none when recorded is 0).
func Queue(q *export.QueuePlan, written bool, recorded int, ledger string) Doc {
	var d Doc
	verb := "would write"
	if written {
		verb = "wrote"
	}
	d.Add(S(Accent, fmt.Sprintf("Queue: %s %s (%s)", verb, q.Path, selPlural(len(q.Entries), "block"))))
	for _, e := range q.Entries {
		d.Add(P("  " + e.Command))
	}
	for _, n := range q.Notes {
		d.Add(S(Muted, "  note: "+n))
	}
	for _, r := range q.Refusals {
		d.Add(S(Bad, "  refused: "+r))
	}
	if recorded > 0 {
		d.Add(P(fmt.Sprintf("  %s recorded in %s", selPlural(recorded, "prediction"), ledger)))
	}
	return d
}

func asOfWords(asOf string) string {
	if asOf == "" {
		return ""
	}
	return ", as of " + asOf
}

func selNum1(v float64) string { return model.Thousands(v, 1) }

func selPct1(v float64) string { return fmt.Sprintf("%.1f", v) }

// signed is a gain in percent with its sign: +2.33 %.
func selSigned(v float64) string { return selSignedPlain(v) + " %" }

func selSignedPlain(v float64) string {
	s := fmt.Sprintf("%+.2f", v)
	return strings.Replace(s, "-", "−", 1)
}

func selListOr(ids []string, label func(string) string, none string) string {
	if len(ids) == 0 {
		return none
	}
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = label(id)
	}
	return strings.Join(out, ", ")
}

func selPlural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// QueueComment is the comment above a proposed run in the queue file: what
// it is for, the prediction and the error the model showed on this curve.
func QueueComment(r planner.ProposedRun, x model.Axis) []string {
	first := fmt.Sprintf("%s: %s run of %d s — %s.", r.ID, r.Kind, r.DurationS, selRunWhy(r))
	var second string
	switch {
	case r.Prediction == nil:
		second = "No prediction: the model does not cover this point."
	case r.Confirms != "":
		second = fmt.Sprintf("Measured %s tok/s/GPU @ %s %s in the short run; the model predicts %s @ %s.",
			model.Thousands(r.Y, 0), x.Name, selNum1(r.X), model.Thousands(r.Prediction.TputPerGPU, 0), selNum1(selPredX(r.Prediction, x)))
	default:
		second = fmt.Sprintf("Predicted %s tok/s/GPU @ %s %s (%s regime)", model.Thousands(r.Y, 0), x.Name, selNum1(r.X), r.Prediction.Regime)
		if r.HasRef {
			second += fmt.Sprintf(", %s %% against the kept curve", selSignedPlain(r.WinPct))
		}
		second += "."
	}
	third := "Model error on this curve: " + r.Error.Source + "."
	if r.Error.Known {
		third = fmt.Sprintf("Model error on this curve: ±%s %% throughput, ±%s %% %s (%s).", selPct1(r.Error.TputPct), selPct1(r.Error.XPct), x.Name, r.Error.Source)
	}
	return []string{first, second, third}
}

func selPredX(p *planner.Prediction, x model.Axis) float64 {
	if x.Metric == model.P90Intvty {
		return p.P90Intvty
	}
	return p.MeanIntvty
}

// selCoverage counts the dashboard's frontier points before and after; a
// latency no candidate has is "no data", as the review says it, not "0 → 0".
func selCoverage(d *Doc, s *model.Selection) {
	b, a := s.CoverageBefore, s.CoverageAfter
	p90 := fmt.Sprintf("p90 E2EL %d → %d", b.P90E2EL, a.P90E2EL)
	if b.P90Points == 0 && a.P90Points == 0 {
		p90 = "p90 E2EL no data"
	}
	p75 := fmt.Sprintf("p75 E2EL %d → %d", b.P75E2EL, a.P75E2EL)
	if b.P75Points == 0 && a.P75Points == 0 {
		p75 = "p75 E2EL no data"
	}
	cov := "Coverage (frontier points on the dashboard): " + p90 + ", " + p75
	switch {
	case b.P90Points == 0 && a.P90Points == 0 && b.P75Points == 0 && a.P75Points == 0:
		d.Add(P(cov), S(Muted, " (no candidate has the latency)"))
	case s.CoverageHolds:
		d.Add(P(cov+": "), S(Good, "holds"))
	default:
		d.Add(P(cov+": "), S(Bad, fmt.Sprintf("falls below %d", model.RecommendedFrontierPoints)))
	}
}
