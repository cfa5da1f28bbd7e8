package review

import (
	"fmt"
	"strings"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/themes"
)

// Render writes the report as text lines (the pane scrolls them). Verdicts
// show in words and signs (covered ✓ / NOT covered ✗), not in colour alone.
func Render(r Report, st themes.Styles) string {
	if len(r.Curves) == 0 {
		return st.Muted.Render("no points to review")
	}
	var b strings.Builder
	for i, c := range r.Curves {
		if i > 0 {
			b.WriteString("\n")
		}
		if len(r.Curves) > 1 {
			b.WriteString(st.Bold.Render(c.Key.String()) + "\n")
		}
		removals(&b, c, r.X, st)
		hull(&b, c, st)
		coverage(&b, c, r.Y, st)
		gains(&b, c, r.X, st)
	}
	return strings.TrimRight(b.String(), "\n")
}

func removals(b *strings.Builder, c CurveReport, x model.Axis, st themes.Styles) {
	fmt.Fprintf(b, "%s\n", st.Accent.Render(fmt.Sprintf("removals · line test on %s · %d kept", x.Name, c.Kept)))
	if len(c.Verdicts) == 0 {
		b.WriteString(st.Muted.Render("  none marked (m on a point marks it)") + "\n")
		return
	}
	for _, v := range c.Verdicts {
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
				line += "  dominated by " + v.DominatedBy
			} else {
				line += "  outside the kept range, not dominated"
			}
		case model.TestNone:
			line += "  no " + x.Name + " value"
		}
		b.WriteString(line + "\n")
		if len(v.Neighbours) > 0 {
			fmt.Fprintf(b, "      %s %s\n", st.Muted.Render("neighbours"), strings.Join(v.Neighbours, ", "))
		}
	}
}

func hull(b *strings.Builder, c CurveReport, st themes.Styles) {
	b.WriteString(st.Accent.Render("kept points under the hull (time-sharing neighbours beats them)") + "\n")
	if len(c.UnderHull) == 0 {
		b.WriteString(st.Muted.Render("  none: the kept curve is concave") + "\n")
		return
	}
	for _, h := range c.UnderHull {
		fmt.Fprintf(b, "  %s  %s\n", h.ID, st.Warn.Render(fmt.Sprintf("%.2f %% under", h.GapPct)))
	}
}

func coverage(b *strings.Builder, c CurveReport, y model.Axis, st themes.Styles) {
	fmt.Fprintf(b, "%s\n", st.Accent.Render(fmt.Sprintf("coverage · frontier points of %s vs E2EL (≥ %d recommended)", y.Name, model.RecommendedFrontierPoints)))
	one := func(name string, n, pts int, short bool) string {
		mark := st.Good.Render("✓")
		if short {
			mark = st.Bad.Render("✗ short")
		}
		return fmt.Sprintf("%s %d of %d %s", name, n, pts, mark)
	}
	cv := c.Coverage
	fmt.Fprintf(b, "  %s   %s\n", one("p90 E2EL", cv.P90E2EL, cv.P90Points, cv.P90Short()), one("p75 E2EL", cv.P75E2EL, cv.P75Points, cv.P75Short()))
}

func gains(b *strings.Builder, c CurveReport, x model.Axis, st themes.Styles) {
	if c.Competitor == 0 {
		return
	}
	fmt.Fprintf(b, "%s\n", st.Accent.Render(fmt.Sprintf("gain vs competitor at the same %s (%d points)", x.Name, c.Competitor)))
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
		fmt.Fprintf(b, "  %s  %s  (%s vs %s)\n", g.ID, sign.Render(fmt.Sprintf("%+.2f %%", g.GainPct)), model.Thousands(g.Y, 0), model.Thousands(g.Other, 2))
	}
	if n == 0 {
		fmt.Fprintf(b, "  %s\n", st.Muted.Render("no kept frontier point inside the competitor's "+x.Name+" range (x cycles the axis)"))
	}
}
