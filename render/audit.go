package render

import (
	"fmt"
	"strings"

	"github.com/sweeptune/sweeptune/audit"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/parity"
)

// The fleet audit (sweeptune audit, and the curve picker's reason): one
// block per curve in ranking order, its reason in one line.

// unplacedShown is how many faults on no loaded curve the text lists
// before it counts the rest (unless every row is asked for).
const unplacedShown = 20

// Audit words the audit's first top rows (every row when top ≤ 0).
func Audit(a *audit.Audit, top int) Doc {
	var d Doc
	d.Add(S(Bold, fmt.Sprintf("Audit of %s, ranked by retune value", model.Plural(len(a.Rows), "curve"))))
	planned := fmt.Sprintf("the planner proposed runs for the top %s", model.Plural(a.Planned, "disaggregated curve"))
	if a.Planned == 0 {
		planned = "the planner proposed no runs (it models disaggregated curves; --plan-top sets how many)"
	}
	d.Add(S(Muted, "value = percent of throughput per GPU at stake ÷ (1 + log2(GPUs / 8)); "+planned+" (docs/audit.md)"))
	rows := a.Rows
	if top > 0 && len(rows) > top {
		rows = rows[:top]
	}
	for i := range rows {
		d.Blank()
		auditRow(&d, &rows[i])
	}
	if len(rows) < len(a.Rows) {
		d.Blank()
		d.Add(S(Muted, fmt.Sprintf("… %s more (--top 0 shows every curve)", model.Plural(len(a.Rows)-len(rows), "curve"))))
	}
	if len(a.Unplaced) > 0 {
		d.Blank()
		d.Add(S(Bold, fmt.Sprintf("Parity faults on no loaded curve (%d)", len(a.Unplaced))))
		shown := a.Unplaced
		if top > 0 && len(shown) > unplacedShown {
			shown = shown[:unplacedShown]
		}
		for _, f := range shown {
			parityLine(&d, f)
		}
		if len(shown) < len(a.Unplaced) {
			counts := map[string]int{}
			var kinds []string
			for _, f := range a.Unplaced {
				if counts[f.Kind] == 0 {
					kinds = append(kinds, f.Kind)
				}
				counts[f.Kind]++
			}
			var parts []string
			for _, k := range kinds {
				parts = append(parts, fmt.Sprintf("%d %s", counts[k], k))
			}
			d.Add(S(Muted, fmt.Sprintf("   … %d more; in all %s (--top 0 or --json lists every one)", len(a.Unplaced)-len(shown), strings.Join(parts, ", "))))
		}
	}
	return d
}

func auditRow(d *Doc, r *audit.Row) {
	d.Add(S(Bold, fmt.Sprintf("%d. %s", r.Rank, r.Curve)), S(Accent, fmt.Sprintf("  value %s", auditNum(r.Value))),
		S(Muted, fmt.Sprintf(" (%s %% at stake, %s)", auditNum(r.Gain), model.Plural(r.GPUs, "GPU"))))
	d.Add(P("   why: "), P(AuditReason(r)))
	c := r.Coverage
	cov := fmt.Sprintf("   coverage: %d frontier points on p90 E2EL, %d on p75 E2EL", c.P90E2EL, c.P75E2EL)
	if audit.CheckShort(c) > 0 {
		d.Add(P(cov), S(Warn, fmt.Sprintf(" (Check 14 wants %d)", model.RecommendedFrontierPoints)),
			P(fmt.Sprintf("; %d on %s of %s", r.P90Frontier, r.X().Name, model.Plural(r.Points, "configuration"))))
	} else {
		d.Add(P(cov + fmt.Sprintf("; %d on %s of %s", r.P90Frontier, r.X().Name, model.Plural(r.Points, "configuration"))))
	}
	if r.X() != audit.AxisX {
		d.Add(S(Muted, fmt.Sprintf("   judged on %s: no point has %s", r.X().Name, audit.AxisX.Name)))
	}
	if g := r.NorthStar; g != nil {
		line := fmt.Sprintf("   North-star (AgentX): %d of the %d Pareto points on %s are drawn (on the %s frontier too)", r.P90Frontier, g.Pareto, r.X().Name, g.Canonical)
		if len(g.NotDrawn) > 0 {
			var ids []string
			for _, n := range g.NotDrawn {
				ids = append(ids, n.ID)
			}
			line += "; not drawn: " + strings.Join(ids, ", ")
		}
		d.Add(P(line))
	}
	if len(r.EmptyBands) > 0 {
		var bs []string
		for _, b := range r.EmptyBands {
			bs = append(bs, fmt.Sprintf("%s–%s", auditX(b.Lo), auditX(b.Hi)))
		}
		d.Add(P("   empty bands on "+r.X().Name+": "), S(Warn, strings.Join(bs, ", ")))
	}
	for _, h := range r.Holes {
		d.Add(P("   hole: "), S(Warn, fmt.Sprintf("%s (%s) to %s (%s), %.1f× the frontier's median spacing %s",
			auditX(h.FromX), h.From, auditX(h.ToX), h.To, (h.ToX-h.FromX)/h.MedianSpacing, auditX(h.MedianSpacing))))
	}
	if len(r.Removable) > 0 {
		d.Add(P("   the line test would remove: " + strings.Join(r.Removable, ", ")))
	}
	if l := r.Lead; l != nil {
		noise := fmt.Sprintf("beyond noise ±%s %%", auditNum(l.NoisePct))
		cls := Bad
		if l.WithinNoise {
			noise, cls = fmt.Sprintf("within noise ±%s %%", auditNum(l.NoisePct)), Muted
		}
		d.Add(P("   competitor: "), S(cls, fmt.Sprintf("%s leads by %s %% at %s %s (%s against %s of %s), %s",
			l.Rival.Framework+specWord(l.Rival.Spec), auditNum(l.LeadPct), r.X().Name, auditX(l.X),
			model.FormatValue(audit.AxisY.Metric, l.Theirs), model.FormatValue(audit.AxisY.Metric, l.Ours), l.At, noise)))
	}
	if im := r.Image; im != nil {
		if im.AgeDays > 0 {
			d.Add(P("   image: "), S(Warn, fmt.Sprintf("%s (%s), %d days older than %s (%s)", im.Image, im.Date, im.AgeDays, im.Newest, im.NewestDate)))
		} else {
			d.Add(S(Muted, fmt.Sprintf("   image: %s (%s), the newest seen for %s %s", im.Image, orUnknown(im.Date), r.Curve.Hardware, r.Curve.Framework)))
		}
	}
	for _, f := range r.Parity {
		parityLine(d, f)
	}
	if p := r.Plan; p != nil {
		if p.Err != "" {
			d.Add(S(Muted, "   planner: "+p.Err))
		} else {
			d.Add(P(fmt.Sprintf("   planner: %s %+.1f %% over the selection's line, model error ±%s %% (%s): %s %% trusted",
				p.ID, p.WinPct, auditNum(p.ErrorPct), p.Source, auditNum(p.Trusted))))
		}
	}
	d.Add(P("   first: "), S(Accent, r.Command))
}

func parityLine(d *Doc, f parity.Finding) {
	cls := Warn
	if f.Severity == parity.Error {
		cls = Bad
	}
	d.Add(P("   parity "), S(cls, f.Severity), P(": "+f.String()))
}

// AuditReason is a row's reason in one line: what makes up its value,
// largest first.
func AuditReason(r *audit.Row) string {
	var parts []string
	if l := r.Lead; l != nil && !l.WithinNoise {
		parts = append(parts, fmt.Sprintf("%s leads by %s %% at %s", l.Rival.Framework+specWord(l.Rival.Spec), auditNum(l.LeadPct), auditX(l.X)))
	}
	if n := len(r.EmptyBands); n > 0 {
		parts = append(parts, model.Plural(n, "empty band"))
	}
	if n := len(r.Holes); n > 0 {
		parts = append(parts, model.Plural(n, "hole"))
	}
	if audit.CheckShort(r.Coverage) > 0 {
		parts = append(parts, fmt.Sprintf("%d/%d frontier points (p90/p75 E2EL)", r.Coverage.P90E2EL, r.Coverage.P75E2EL))
	}
	var errs, warns int
	for _, f := range r.Parity {
		if f.Severity == parity.Error {
			errs++
		} else {
			warns++
		}
	}
	if errs > 0 {
		parts = append(parts, model.Plural(errs, "parity fault"))
	}
	if r.Image != nil && r.Image.AgeDays > 0 {
		parts = append(parts, fmt.Sprintf("image %d days old", r.Image.AgeDays))
	}
	if p := r.Plan; p != nil && p.Trusted > 0 {
		parts = append(parts, fmt.Sprintf("planner +%s %% past its error", auditNum(p.Trusted)))
	}
	if len(parts) == 0 && r.Points == 0 {
		names := []string{audit.AxisX.Name}
		for _, x := range audit.FallbackX {
			names = append(names, x.Name)
		}
		return fmt.Sprintf("no point with %s and %s: nothing to judge", strings.Join(names, ", "), audit.AxisY.Name)
	}
	if len(parts) == 0 {
		parts = append(parts, "dense, leading: nothing to win")
		if warns > 0 {
			parts[0] = "dense, leading; " + model.Plural(warns, "parity warning")
		}
	}
	return strings.Join(parts, ", ")
}

func specWord(s string) string {
	if s == "" || s == "none" {
		return ""
	}
	return " " + s
}

func orUnknown(s string) string {
	if s == "" {
		return "date unknown"
	}
	return s
}

func auditNum(v float64) string { return model.Thousands(v, 1) }

func auditX(v float64) string { return model.FormatValue(audit.AxisX.Metric, v) }
