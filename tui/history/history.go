// Package history compares one curve as of two dates: how its frontier
// moved (each new frontier point against the old frontier at the same x,
// the compare logic) and which perf-changelog entries were committed in
// between. The workbench's H view and `sweeptune history` print the same
// text.
package history

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources"
)

// Result is one comparison.
type Result struct {
	Shift model.DateShift
	// Entries are the changelog entries committed after From and on or
	// before To, in file order, with Mentions saying which name the curve.
	Entries  []Entry
	Undated  int    // entries git could not date
	Logs     int    // changelog files read
	LogError string `json:",omitempty"` // a changelog that could not be read
}

// Entry is one changelog entry between the dates.
type Entry struct {
	sources.DatedEntry
	File     string
	Mentions bool // its config keys name the curve
}

// Build compares points (one curve's, every date) as of from and to, and
// dates the changelogs' entries by git (I/O: run it off the UI thread).
func Build(points []model.Point, from, to string, x, y model.Axis, logs []sources.ChangelogFile) Result {
	if to < from {
		from, to = to, from
	}
	r := Result{Shift: model.ShiftBetween(points, from, to, x, y), Logs: len(logs)}
	for _, l := range logs {
		dated := sources.DateChangelog(l.Path, l.Entries)
		between, undated := sources.EntriesBetween(dated, from, to)
		r.Undated += undated
		for _, e := range between {
			r.Entries = append(r.Entries, Entry{DatedEntry: e, File: l.Path, Mentions: e.Mentions(r.Shift.Curve)})
		}
	}
	return r
}

// ReadChangelog reads a changelog file for Build (the export's --changelog).
func ReadChangelog(path string) (sources.ChangelogFile, error) {
	data, err := sources.ReadRegular(path)
	if err != nil {
		return sources.ChangelogFile{}, err
	}
	entries, _ := sources.ParseChangelog(path, data)
	return sources.ChangelogFile{Path: path, Entries: entries}, nil
}

// Text is the comparison as plain lines.
func Text(r Result) string {
	s := r.Shift
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n", s.Curve)
	fmt.Fprintf(&b, "frontier of %s against %s: %d points as of %s, %d as of %s\n\n",
		s.Y.Name, s.X.Name, len(s.Before), s.From, len(s.After), s.To)
	gains := map[string]model.PointGain{}
	for _, g := range s.Gains {
		gains[g.ID] = g
	}
	isNew := map[string]bool{}
	for _, id := range s.New {
		isNew[id] = true
	}
	rows := [][]string{{"frontier as of " + s.To, s.X.Name, s.Y.Name, "old frontier there", "change", ""}}
	for _, p := range s.After {
		g := gains[p.ID]
		old, change := model.Dash, model.Dash
		if g.HasOther {
			old, change = model.FormatValue(s.Y.Metric, g.Other), signed(g.GainPct)
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
		xv, yv, _ := p.XY(s.X, s.Y)
		rows = append(rows, []string{p.ID, model.FormatValue(s.X.Metric, xv), model.FormatValue(s.Y.Metric, yv), old, change, note})
	}
	if len(s.Before)+len(s.After) == 0 {
		fmt.Fprintf(&b, "no point of the curve has both %s and %s: choose another x (or y)\n", s.X.Name, s.Y.Name)
	} else {
		b.WriteString(table(rows, []bool{false, true, true, true, true, false}))
	}
	if len(s.Dropped) > 0 {
		fmt.Fprintf(&b, "\nleft the frontier since %s: %s\n", s.From, strings.Join(s.Dropped, ", "))
	}
	if !s.Y.HigherBetter {
		fmt.Fprintf(&b, "(%s: lower is better, so a negative change is a gain)\n", s.Y.Name)
	}
	b.WriteString("\n")
	switch {
	case r.LogError != "":
		fmt.Fprintf(&b, "perf-changelog: %s\n", r.LogError)
	case r.Logs == 0:
		b.WriteString("no perf-changelog loaded: give one (a path, or --changelog) to see the entries between the dates\n")
	default:
		var ours []Entry
		for _, e := range r.Entries {
			if e.Mentions {
				ours = append(ours, e)
			}
		}
		fmt.Fprintf(&b, "perf-changelog: %s added after %s and on or before %s; %d name this curve",
			entries(len(r.Entries)), s.From, s.To, len(ours))
		if len(ours) > 0 {
			b.WriteString(":")
		}
		b.WriteString("\n")
		for _, e := range ours {
			desc := ""
			if len(e.Description) > 0 {
				desc = e.Description[0]
			}
			fmt.Fprintf(&b, "  %s  %s  %s\n", e.Date, prNumber(e.PRLink), desc)
			keys := e.KeysNaming(s.Curve)
			line := strings.Join(keys, ", ")
			if n := len(e.ConfigKeys) - len(keys); n > 0 {
				line += " (and " + model.Plural(n, "other config key") + ")"
			}
			fmt.Fprintf(&b, "      %s\n", line)
		}
		if n := len(r.Entries) - len(ours); n > 0 {
			fmt.Fprintf(&b, "(%s for other configurations; history --json lists every one)\n", entries(n))
		}
		if r.Undated > 0 {
			fmt.Fprintf(&b, "%s without a date (the changelog is not in a git checkout, or not committed)\n", entries(r.Undated))
		}
	}
	return strings.TrimRight(b.String(), "\n")
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

func signed(v float64) string {
	s := strconv.FormatFloat(v, 'f', 2, 64) + " %"
	if v >= 0 {
		s = "+" + s
	}
	return s
}

// table aligns rows (the first is the header) by display width.
func table(rows [][]string, right []bool) string {
	widths := make([]int, len(rows[0]))
	for _, r := range rows {
		for i, c := range r {
			widths[i] = max(widths[i], len([]rune(c)))
		}
	}
	var b strings.Builder
	for _, r := range rows {
		var line strings.Builder
		for i, c := range r {
			pad := strings.Repeat(" ", widths[i]-len([]rune(c)))
			if i > 0 {
				line.WriteString("  ")
			}
			if right[i] {
				line.WriteString(pad + c)
			} else {
				line.WriteString(c + pad)
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
	return b.String()
}
