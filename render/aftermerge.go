package render

import (
	"fmt"
	"strings"

	"github.com/sweeptune/sweeptune/model"
)

// AfterMerge words the preview of the curve after merge: the points the
// listed keys' sweep will publish, the published curve they replace, and
// what is lost (docs/dashboard.md). acceptFlag names the way to accept a
// loss ("--accept-coverage-loss"); "" leaves the hint out.
func AfterMerge(pvs []model.Preview, acceptFlag string) Doc {
	var d Doc
	for i, pv := range pvs {
		if i > 0 {
			d.Blank()
		}
		afterMergeOne(&d, pv, acceptFlag)
	}
	return d
}

func afterMergeOne(d *Doc, pv model.Preview, acceptFlag string) {
	x, y := pv.X, pv.Y
	published := "no published point"
	if len(pv.Published) > 0 {
		published = fmt.Sprintf("%s of %s", model.Plural(len(pv.Published), "published point"), publishedDates(pv))
	}
	how := "replaces them (latest date per curve)"
	if pv.AppendOnly {
		how = "joins them (append-only)"
	}
	d.Add(S(Accent, "after merge · "), S(Bold, pv.Curve.String()))
	d.Addf(Muted, "the dashboard shows %s; the sweep of the listed keys (%s) %s", published, model.Plural(len(pv.After), "point"), how)
	t := Table{Header: []string{"after merge", "arm", "status", "date", x, y}, Right: []bool{false, false, false, false, true, true}}
	for _, pp := range pv.After {
		status, xv, yv := afterMergeCells(pp)
		t.AddRow(pp.ID, pp.Arm, status, model.OrDash(pp.Date), xv, yv)
	}
	d.Table(t)
	var asked, lost []string
	for _, l := range pv.Lost {
		s := l.ID
		if l.OnFrontier {
			s += " (frontier)"
		}
		if l.Asked {
			asked = append(asked, s)
		} else {
			lost = append(lost, s)
		}
	}
	if len(asked) > 0 {
		d.Add(S(Muted, "removed, reviewed: "), P(strings.Join(asked, ", ")))
	}
	if len(pv.ArmsRemoved) > 0 {
		d.Add(S(Muted, "arms removed, reviewed: "), P(strings.Join(pv.ArmsRemoved, ", ")))
	}
	if len(lost) > 0 {
		d.Add(S(Bad, fmt.Sprintf("✗ %s lost that the change set does not remove: ", model.Plural(len(lost), "published point"))), P(strings.Join(lost, ", ")))
	}
	if len(pv.ArmsLost) > 0 {
		d.Add(S(Bad, "✗ arms lost: "), P(strings.Join(pv.ArmsLost, ", ")))
	}
	if len(pv.FrontierLost) > 0 {
		d.Add(S(Bad, "✗ frontier points lost: "), P(strings.Join(pv.FrontierLost, ", ")))
	}
	front := fmt.Sprintf("front (%s): %s before (less the reviewed removals), %s after", x, rangeText(pv.FrontBefore), rangeText(pv.FrontAfter))
	if len(pv.Truncated) > 0 {
		d.Add(S(Bad, "✗ "+front+": truncated at "+strings.Join(pv.Truncated, " and ")))
	} else {
		d.Add(P(front))
	}
	if len(pv.Bands) > 0 {
		if pv.EmptyBands > 0 {
			var empty []string
			for _, b := range pv.Bands {
				if b.Before > 0 && b.After == 0 {
					empty = append(empty, rangeText([2]float64{b.Lo, b.Hi}))
				}
			}
			d.Add(S(Warn, fmt.Sprintf("! %d of %d bands of the front left empty: %s", pv.EmptyBands, len(pv.Bands), strings.Join(empty, ", "))))
		} else {
			d.Addf(Plain, "%d bands of the front: none left empty", len(pv.Bands))
		}
	}
	c14 := fmt.Sprintf("Check 14 (frontier points of %s vs p90-e2el / p75-e2el, at least %d): before %d / %d, after %d / %d measured",
		y, model.RecommendedFrontierPoints, pv.Check14Before.P90E2EL, pv.Check14Before.P75E2EL, pv.Check14After.P90E2EL, pv.Check14After.P75E2EL)
	if pv.Unmeasured > 0 {
		c14 += fmt.Sprintf(" (%s not measured yet)", model.Plural(pv.Unmeasured, "point"))
	}
	if pv.Check14Drop {
		d.Add(S(Bad, "✗ "+c14+": drops below "+fmt.Sprint(model.RecommendedFrontierPoints)))
	} else {
		d.Add(P(c14))
	}
	for _, f := range pv.GainFlips {
		d.Add(S(Warn, fmt.Sprintf("! the gain over the competitor at %s flips: %s before, %s after", model.Thousands(f.X, 1), SignedPct(f.Before), SignedPct(f.After))))
	}
	if pv.LosesCoverage() {
		msg := "✗ COVERAGE LOST: the merge loses published coverage the change set does not ask to remove"
		if acceptFlag != "" {
			msg += " (" + acceptFlag + " accepts it)"
		}
		d.Add(S(Bad, msg))
	} else {
		d.Add(S(Good, "✓ no published coverage lost beyond the reviewed removals"))
	}
}

func rangeText(r [2]float64) string {
	if r == [2]float64{} {
		return "none"
	}
	return model.Thousands(r[0], 1) + "–" + model.Thousands(r[1], 1)
}

// afterMergeCells are an after-merge point's status and coordinates as the
// pane and the PR body both print them.
func afterMergeCells(pp model.PreviewPoint) (status, x, y string) {
	x, y = model.Dash, model.Dash
	if pp.HasXY {
		x, y = model.Thousands(pp.X, 1), model.Thousands(pp.Y, 0)
	}
	status = pp.Status
	if pp.Short {
		status += " (short run)"
	}
	return status, x, y
}

// CoverageRefusal is the guard's refusal of a change set whose curve after
// merge loses coverage it does not ask to remove ("" when none does), the
// same words for export and the workbench; accept says how to accept the
// loss ("pass --accept-coverage-loss").
func CoverageRefusal(pvs []model.Preview, accept string) string {
	for _, pv := range pvs {
		if pv.LosesCoverage() {
			return "the curve after merge loses published coverage the change set does not remove (" + pv.Curve.String() + "); list the keys whose points it drops, or " + accept
		}
	}
	return ""
}

// publishedDates names the dates of the curve published now: its regular
// date, and the append-only dates joined to it.
func publishedDates(pv model.Preview) string {
	switch {
	case len(pv.PublishedAppended) == 0:
		return pv.PublishedDate
	case pv.PublishedDate == "":
		return "the append-only " + strings.Join(pv.PublishedAppended, ", ")
	}
	return pv.PublishedDate + " with the append-only " + strings.Join(pv.PublishedAppended, ", ")
}
