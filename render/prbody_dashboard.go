package render

import (
	"fmt"
	"strings"

	"github.com/sweeptune/sweeptune/model"
)

// PRBodyDashboard is the pull request body's section on what the dashboard
// will publish (docs/dashboard.md), self-contained so it can sit under any
// body: the curve after merge against the published one, the gains as the
// dashboard reads them beside the linear ones, and the frontier points its
// North-star gate would not draw. gains are the change set's curves against
// the competitor at the dashboard's p90 interactivity (model.Compare, with
// model.MarkGainsNotDrawn). "" when there is nothing to say.
func PRBodyDashboard(pvs []model.Preview, gains []model.CurveGains) string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	for _, pv := range pvs {
		if b.Len() == 0 {
			w("\n## What the dashboard will publish\n\n")
		}
		how := "replaces the published curve (the dashboard shows the latest date of a curve)"
		if pv.AppendOnly {
			how = "is appended to the published curve (append-only)"
		}
		published := "no published point"
		if len(pv.Published) > 0 {
			published = fmt.Sprintf("%d points published on %s", len(pv.Published), publishedDates(pv))
		}
		w("The sweep of this entry's keys (%s) %s: %s.\n\n", model.Plural(len(pv.After), "point"), how, published)
		w("| After merge | Arm | Status | %s | %s |\n| --- | --- | --- | ---: | ---: |\n", pv.X, pv.Y)
		for _, pp := range pv.After {
			st, xv, yv := afterMergeCells(pp)
			w("| %s | %s | %s | %s | %s |\n", MarkdownCode(pp.ID), MarkdownText(pp.Arm), MarkdownText(st), xv, yv)
		}
		w("\n")
		var asked, lost []string
		for _, l := range pv.Lost {
			if l.Asked {
				asked = append(asked, MarkdownCode(l.ID))
			} else {
				lost = append(lost, MarkdownCode(l.ID))
			}
		}
		if len(asked) > 0 {
			w("- Removed after review: %s.\n", strings.Join(asked, ", "))
		}
		if len(lost) > 0 {
			w("- **Lost without being removed**: %s (arms lost: %s).\n", strings.Join(lost, ", "), MarkdownText(model.OrDash(strings.Join(pv.ArmsLost, ", "))))
		}
		w("- Front (%s): %s before, %s after", pv.X, rangeText(pv.FrontBefore), rangeText(pv.FrontAfter))
		if len(pv.Truncated) > 0 {
			w(", **truncated at %s**", strings.Join(pv.Truncated, " and "))
		}
		w("; %d of %d bands left empty.\n", pv.EmptyBands, len(pv.Bands))
		w("- Check 14 (frontier points vs P90 / P75 E2EL, at least %d): before %d / %d, after %d / %d measured",
			model.RecommendedFrontierPoints, pv.Check14Before.P90E2EL, pv.Check14Before.P75E2EL, pv.Check14After.P90E2EL, pv.Check14After.P75E2EL)
		if pv.Unmeasured > 0 {
			w(", %s not measured yet", model.Plural(pv.Unmeasured, "point"))
		}
		w(".\n")
		for _, f := range pv.GainFlips {
			w("- The gain over the competitor at %s flips: %s before, %s after.\n", model.Thousands(f.X, 1), SignedPct(f.Before), SignedPct(f.After))
		}
		if pv.LosesCoverage() {
			// the guard let it through: only a deliberate acceptance does
			w("- **Coverage loss accepted**: this change set loses published coverage it does not remove, and was exported with the loss accepted (export's `--accept-coverage-loss`, or A in the workbench's export pane).\n")
		}
	}
	var rows []string
	for _, c := range gains {
		for _, g := range c.Gains {
			if !g.HasOther {
				continue
			}
			drawn := "yes"
			if g.NotDrawn != "" {
				drawn = "**no**: " + notDrawnShort(g.NotDrawn)
			}
			rows = append(rows, fmt.Sprintf("| %s | %s | %s | %s | %s |", MarkdownCode(g.ID), model.Thousands(g.X, 1),
				SignedPct(g.GainPct), SignedPct(g.DashboardPct), drawn))
		}
	}
	if len(rows) > 0 {
		if b.Len() == 0 {
			w("\n## What the dashboard will publish\n\n")
		}
		w("\nGains over the competitor as the dashboard reads a curve (monotone cubic, Steffen) beside the linear reading; the dashboard draws an AgentX frontier point only when it is also on the E2E-normalised frontier (North-star gate):\n\n")
		w("| Point | p90 interactivity | Linear | Dashboard | Drawn by the dashboard |\n| --- | ---: | ---: | ---: | --- |\n")
		w("%s\n", strings.Join(rows, "\n"))
	}
	return b.String()
}
