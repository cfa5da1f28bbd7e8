package render

import (
	"strings"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources"
)

// RunDates lists each curve's run dates with how many points each run
// measured ("undated" when none carries a date).
func RunDates(curves []model.Curve) Doc {
	var d Doc
	for _, c := range curves {
		dates := model.DateCounts(c.Points)
		parts := make([]string, len(dates))
		for i, dc := range dates {
			parts[i] = dc.Date + " (" + model.Thousands(float64(dc.Points), 0) + ")"
		}
		if len(parts) == 0 {
			parts = []string{"undated"}
		}
		d.Add(S(Bold, c.Key.String()))
		d.Add(P("  " + strings.Join(parts, ", ")))
	}
	return d
}

// History words one curve's comparison between two dates: the later
// frontier against the earlier one at the same x, the points that left it,
// and the perf-changelog entries committed in between that name the curve.
// Projected runs carry "≈", the factors said under the table (projs: the
// run-length projections of the points compared).
func History(r sources.History, projs ...model.Projection) Doc {
	return HistoryIn(r, 0, projs...)
}

// HistoryIn is History laid out for width cells (0: any width): a frontier
// table wider than that becomes one block per point (the workbench's H view).
func HistoryIn(r sources.History, width int, projs ...model.Projection) Doc {
	s := r.Shift
	var d Doc
	d.Add(S(Bold, s.Curve.String()))
	d.Addf(Plain, "frontier of %s against %s: %d points as of %s, %d as of %s",
		s.Y.Name, s.X.Name, len(s.Before), s.From, len(s.After), s.To)
	d.Blank()
	if len(s.Before)+len(s.After) == 0 {
		d.Addf(Warn, "no point of the curve has both %s and %s: choose another x (or y)", s.X.Name, s.Y.Name)
	} else {
		if t := frontierShift(s); !tableIn(&d, t, width) {
			shiftBlocks(&d, t)
		}
		d.Lines = append(d.Lines, RunLengthLegend(s.After, projs, s.Y.Metric, s.X.Metric)...)
	}
	if len(s.Dropped) > 0 {
		d.Blank()
		d.Addf(Plain, "left the frontier since %s: %s", s.From, strings.Join(s.Dropped, ", "))
	}
	if !s.Y.HigherBetter {
		d.Addf(Muted, "(%s: lower is better, so a negative change is a gain)", s.Y.Name)
	}
	d.Blank()
	changelog(&d, r)
	return d
}

// shiftBlocks words the frontier table one point at a time: its ID, then
// its values against the old frontier, then the note.
func shiftBlocks(d *Doc, t Table) {
	d.Add(S(Muted, t.Header[0]))
	for _, r := range t.Rows {
		d.Add(P(r[0]))
		d.Add(S(Muted, "    "+t.Header[1]+" "), P(r[1]), S(Muted, "  "+t.Header[2]+" "), P(r[2]),
			S(Muted, "  "+t.Header[3]+" "), P(r[3]), S(Muted, "  "+t.Header[4]+" "), P(r[4]))
		if r[5] != "" {
			d.Add(S(Muted, "    "+r[5]))
		}
	}
}

// frontierShift is the later frontier, each point against the old frontier
// at its x.
func frontierShift(s model.DateShift) Table {
	gains := map[string]model.PointGain{}
	for _, g := range s.Gains {
		gains[g.ID] = g
	}
	isNew := map[string]bool{}
	for _, id := range s.New {
		isNew[id] = true
	}
	t := Table{Header: []string{"frontier as of " + s.To, s.X.Name, s.Y.Name, "old frontier there", "change", ""},
		Right: []bool{false, true, true, true, true, false}}
	for _, p := range s.After {
		g := gains[p.ID]
		old, change := model.Dash, model.Dash
		if g.HasOther {
			old, change = model.FormatValue(s.Y.Metric, g.Other), SignedPct(g.GainPct)
		}
		note := ""
		switch rerun, ok := s.Reruns[p.ID]; {
		case ok:
			note = "re-run of " + rerun
		case isNew[p.ID]:
			note = "new since " + s.From
		}
		if isNew[p.ID] && !g.HasOther {
			note += ", outside the old x range"
		}
		t.AddRow(p.ID, ValueCell(&p, s.X.Metric), ValueCell(&p, s.Y.Metric), old, change, note)
	}
	return t
}

func changelog(d *Doc, r sources.History) {
	s := r.Shift
	switch {
	case r.LogError != "":
		d.Addf(Bad, "perf-changelog: %s", r.LogError)
		return
	case r.Logs == 0:
		d.Addf(Muted, "no perf-changelog loaded: give one (a path, or --changelog) to see the entries between the dates")
		return
	}
	var ours []sources.HistoryEntry
	for _, e := range r.Entries {
		if e.Mentions {
			ours = append(ours, e)
		}
	}
	head := S(Accent, "perf-changelog: "+entries(len(r.Entries))+" added after "+s.From+" and on or before "+s.To+"; "+
		model.Thousands(float64(len(ours)), 0)+" name this curve")
	if len(ours) > 0 {
		head.Text += ":"
	}
	d.Add(head)
	for _, e := range ours {
		desc := ""
		if len(e.Description) > 0 {
			desc = e.Description[0]
		}
		d.Add(P("  "+e.Date+"  "+prNumber(e.PRLink)+"  "), P(desc))
		keys := e.KeysNaming(s.Curve)
		line := strings.Join(keys, ", ")
		if n := len(e.ConfigKeys) - len(keys); n > 0 {
			line += " (and " + model.Plural(n, "other config key") + ")"
		}
		d.Add(S(Muted, "      "+line))
	}
	if n := len(r.Entries) - len(ours); n > 0 {
		d.Addf(Muted, "(%s for other configurations; history --json lists every one)", entries(n))
	}
	if r.Undated > 0 {
		d.Addf(Warn, "%s without a date (the changelog is not in a git checkout, or not committed)", entries(r.Undated))
	}
}

func entries(n int) string {
	if n == 1 {
		return "1 entry"
	}
	return model.Thousands(float64(n), 0) + " entries"
}

func prNumber(link string) string {
	if i := strings.LastIndex(link, "/pull/"); i >= 0 {
		return "PR #" + link[i+len("/pull/"):]
	}
	return model.OrDash(link)
}
