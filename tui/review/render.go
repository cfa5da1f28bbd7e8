package review

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/render"
	"github.com/sweeptune/sweeptune/themes"
)

// styleOf maps render's classes to the theme (the pane's side of render.Doc).
func styleOf(st themes.Styles) func(render.Class, string) string {
	return func(c render.Class, s string) string {
		switch c {
		case render.Muted:
			return st.Muted.Render(s)
		case render.Accent:
			return st.Accent.Render(s)
		case render.Bold:
			return st.Bold.Render(s)
		case render.Good:
			return st.Good.Render(s)
		case render.Bad:
			return st.Bad.Render(s)
		case render.Warn:
			return st.Warn.Render(s)
		}
		return s
	}
}

// Render writes the report as text lines (the pane scrolls them). Verdicts
// show in words and signs (covered ✓ / NOT covered ✗), not in colour alone.
func Render(r Report, st themes.Styles) string {
	var b strings.Builder
	if len(r.Orphans) > 0 {
		b.WriteString(st.Warn.Render(fmt.Sprintf("%s: their points are not in the loaded data, so no verdict and no export (D drops them)",
			model.Plural(len(r.Orphans), "orphaned mark"))) + "\n")
		for _, id := range r.Orphans {
			b.WriteString("  ? " + id + "\n")
		}
	}
	if len(r.Curves) == 0 {
		b.WriteString(st.Muted.Render("no points to review"))
		return b.String()
	}
	if r.WithPlanned {
		b.WriteString(st.Warn.Render("planned points stand in the kept curve (p toggles): verdicts that lean on one say so") + "\n")
	}
	for i, c := range r.Curves {
		if i > 0 {
			b.WriteString("\n")
		}
		if len(r.Curves) > 1 {
			b.WriteString(st.Bold.Render(c.Curve.String()) + "\n")
		}
		removals(&b, c, r, st)
		if d := render.ReviewHoles(c); len(d.Lines) > 0 {
			b.WriteString(strings.TrimRight(d.Styled(styleOf(st)), "\n") + "\n")
		}
		hull(&b, c, st)
		coverage(&b, c, st)
		if r.Gains != nil {
			gains(&b, *r.Gains, st)
		} else {
			gains(&b, c, st)
		}
		if d := render.ReviewLeftOut(c); len(d.Lines) > 0 {
			b.WriteString(strings.TrimRight(d.Styled(styleOf(st)), "\n") + "\n")
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

// neighbour names a kept point, marking a planned one.
func neighbour(c model.CurveReview, id string) string {
	if p := c.KeptPoint(id); p != nil && p.Source == model.SourcePlanned {
		return id + " (planned)"
	}
	return id
}

func removals(b *strings.Builder, c model.CurveReview, r Report, st themes.Styles) {
	kept := fmt.Sprintf("%d kept", len(c.Kept))
	if r.Keep != nil {
		kept += " (set by hand: K)"
	}
	fmt.Fprintf(b, "%s\n", st.Accent.Render(fmt.Sprintf("removals · line test on %s × %s (rule 18(g), as the export judges) · %s", c.X.Name, c.Y.Name, kept)))
	if r.ViewX.Name != "" && r.ViewX.Name != c.X.Name {
		b.WriteString(st.Muted.Render(fmt.Sprintf("  the view shows %s; the verdicts stay on %s", r.ViewX.Name, c.X.Name)) + "\n")
	}
	if len(c.Removed) == 0 {
		b.WriteString(st.Muted.Render("  none marked (m on a point marks it)") + "\n")
		return
	}
	for _, v := range c.Removed {
		verdict := st.Good.Render("✓ covered")
		if !v.Covered {
			verdict = st.Bad.Render("✗ NOT covered")
		}
		line := fmt.Sprintf("  × %s  %s", v.ID, verdict)
		switch v.Test {
		case model.TestLine:
			if v.HasLine {
				line += fmt.Sprintf("  ℓ %s  gap %+.2f %%", model.Thousands(v.LineValue, 2), v.GapPct)
			}
		case model.TestPareto:
			if v.ParetoDominated {
				line += "  dominated by " + neighbour(c, v.DominatedBy)
			} else {
				line += "  outside the kept range, not dominated"
			}
		case model.TestNone:
			line += "  no " + c.X.Name + " value"
		}
		if v.UsesPlanned {
			line += "  " + st.Warn.Render("(leans on planned)")
		}
		b.WriteString(line + "\n")
		if len(v.Neighbours) > 0 {
			nb := make([]string, len(v.Neighbours))
			for i, id := range v.Neighbours {
				nb[i] = neighbour(c, id)
			}
			fmt.Fprintf(b, "      %s %s\n", st.Muted.Render("neighbours"), strings.Join(nb, ", "))
		}
		if len(v.Twins) > 0 {
			fmt.Fprintf(b, "      %s %s\n", st.Muted.Render("goes with it (same configuration)"), strings.Join(v.Twins, ", "))
		}
	}
}

func hull(b *strings.Builder, c model.CurveReview, st themes.Styles) {
	b.WriteString(st.Accent.Render("kept points under the hull (time-sharing neighbours beat it)") + "\n")
	placed := 0 // kept points the hull is drawn through: both coordinates known
	for i := range c.Kept {
		if _, _, ok := c.Kept[i].XY(c.X, c.Y); ok {
			placed++
		}
	}
	switch {
	case placed < 3:
		b.WriteString(st.Muted.Render(fmt.Sprintf("  %s with a %s value: no hull to lie under", model.Plural(placed, "kept point"), c.X.Name)) + "\n")
		return
	case len(c.NotHull) == 0:
		b.WriteString(st.Muted.Render("  none: the kept curve is concave") + "\n")
		return
	}
	rows := slices.Clone(c.NotHull) // deepest under the hull first
	slices.SortStableFunc(rows, func(a, b model.HullRow) int { return cmp.Compare(b.GapPct, a.GapPct) })
	for _, h := range rows {
		fmt.Fprintf(b, "  %s  %s\n", h.ID, st.Warn.Render(fmt.Sprintf("%.2f %% under", h.GapPct)))
	}
}

func coverage(b *strings.Builder, c model.CurveReview, st themes.Styles) {
	fmt.Fprintf(b, "%s\n", st.Accent.Render(fmt.Sprintf("coverage · frontier points of %s vs E2EL (≥ %d recommended)", c.Y.Name, model.RecommendedFrontierPoints)))
	one := func(name string, n, pts int, short bool) string {
		if pts == 0 {
			return name + ": " + st.Muted.Render("no data")
		}
		mark := st.Good.Render("✓")
		if short {
			mark = st.Bad.Render("✗ short")
		}
		return fmt.Sprintf("%s: %d of %d %s", name, n, pts, mark)
	}
	cv := c.Coverage
	fmt.Fprintf(b, "  %s   %s\n", one("p90 E2EL", cv.P90E2EL, cv.P90Points, cv.P90Short()), one("p75 E2EL", cv.P75E2EL, cv.P75Points, cv.P75Short()))
}

func gains(b *strings.Builder, c model.CurveReview, st themes.Styles) {
	if c.Rivals == 0 {
		return
	}
	fmt.Fprintf(b, "%s\n", st.Accent.Render(fmt.Sprintf("gain vs competitor at the same %s (%s)", c.X.Name, model.Plural(c.Rivals, "point"))))
	n := 0
	for _, g := range c.Gains {
		if !g.HasOther {
			continue
		}
		n++
		sign := st.Good
		if g.GainPct < 0 {
			sign = st.Bad
		}
		fmt.Fprintf(b, "  %s  %s  (%s vs %s)\n", g.ID, sign.Render(fmt.Sprintf("%+.2f %%", g.GainPct)), model.FormatValue(c.Y.Metric, g.Y), model.FormatValue(c.Y.Metric, g.Other))
	}
	if n == 0 {
		fmt.Fprintf(b, "  %s\n", st.Muted.Render("no kept frontier point inside the competitor's "+c.X.Name+" range (x cycles the axis)"))
	}
}
