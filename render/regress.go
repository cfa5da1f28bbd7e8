package render

import (
	"fmt"
	"strings"

	"github.com/sweeptune/sweeptune/audit"
	"github.com/sweeptune/sweeptune/model"
)

// Regress words a new image's runs against the published baseline: per
// curve the re-run points, the refit and what to re-select.
func Regress(rs []audit.CurveRegress, baseline string) Doc {
	var d Doc
	d.Add(S(Bold, fmt.Sprintf("Runs after %s against each configuration's latest run on or before %s", baseline, baseline)))
	if len(rs) == 0 {
		d.Add(S(Muted, "no curve has runs on both sides of the date"))
		return d
	}
	for i := range rs {
		d.Blank()
		regressCurve(&d, &rs[i])
	}
	return d
}

func regressCurve(d *Doc, r *audit.CurveRegress) {
	d.Add(S(Bold, r.Curve.String()))
	d.Add(S(Muted, fmt.Sprintf("noise ±%s %% (%s); x: %s, y: %s", auditNum(r.Noise.Pct), r.Noise.Source, audit.AxisX.Name, audit.AxisY.Name)))
	t := Table{Header: []string{"point", "date", "was", audit.AxisY.Name, "same config", "verdict", audit.AxisX.Name, "baseline at x", "verdict"}}
	for _, c := range r.Changes {
		row := []string{c.ID, c.Date, "–", model.FormatValue(audit.AxisY.Metric, c.Y), "–", "new configuration", auditX(c.X), "–", "outside the baseline"}
		if c.SameConfig {
			row[2] = c.Was + " (" + c.WasDate + ")"
			row[4] = fmt.Sprintf("%+.1f %% (x %+.1f %%)", c.YPct, c.XPct)
			row[5] = c.Config
		}
		if c.HasLine {
			row[7] = fmt.Sprintf("%s (%+.1f %%)", model.FormatValue(audit.AxisY.Metric, c.Line), c.GapPct)
			row[8] = c.AtX
		}
		t.Rows = append(t.Rows, row)
	}
	d.Lines = append(d.Lines, t.Lines()...)
	d.Add(P(fmt.Sprintf("at the same configuration: %d regressed, %d within noise, %d improved", r.Regressed, r.Within, r.Improved)))
	if f := r.Refit; f != nil {
		if f.Err != "" {
			d.Add(S(Muted, fmt.Sprintf("refit (%s): %s", f.Kind, f.Err)))
		} else {
			cls := Plain
			if f.Moved != nil {
				cls = Accent
			}
			d.Add(P(fmt.Sprintf("refit (%s) on the new runs: ", f.Kind)), S(cls, f.Says))
			var ms []string
			for _, m := range f.Moves {
				ms = append(ms, fmt.Sprintf("%s %+.1f %%", m.Param, m.ChangePct))
			}
			d.Add(S(Muted, "  every move: "+strings.Join(ms, ", ")))
		}
	}
	d.Add(P("re-select (select on every run keeps these new runs): "), P(listOr(r.Reselect, "none")))
	if len(r.Remove) > 0 {
		d.Add(P("and removes: " + strings.Join(r.Remove, ", ")))
	}
	d.Add(P("re-run on the new image (baseline frontier points it has not run): "), P(listOr(r.Rerun, "none")))
}

func listOr(ids []string, none string) string {
	if len(ids) == 0 {
		return none
	}
	return strings.Join(ids, ", ")
}
