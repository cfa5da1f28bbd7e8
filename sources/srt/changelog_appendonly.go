package srt

import (
	"slices"

	"github.com/sweeptune/sweeptune/model"
)

// The dashboard's curve is a group's latest date unless the sweep of that
// date came from an append-only entry (docs/dashboard.md). InferenceX
// ingests an entry's sweep under the day its workflow run started, the
// day the entry merged: the day git first saw its pr-link (DateChangelog).

// AppendOnlyDates says, from dated entries, which published dates of a
// curve came from an append-only entry: one of that day's entries names
// the curve (its config keys and scenario types), and every one of that
// day's entries that names it is append-only (a regular sweep the same
// day replaces the curve anyway). nil when no entry is append-only.
func AppendOnlyDates(dated []DatedEntry) model.AppendOnlyDates {
	byDay := map[string][]ChangelogEntry{}
	any := false
	for _, e := range dated {
		if e.Date == "" || e.EvalsOnly {
			continue // undated, or a sweep that publishes no throughput
		}
		byDay[e.Date] = append(byDay[e.Date], e.ChangelogEntry)
		any = any || e.AppendOnly
	}
	if !any {
		return nil
	}
	return func(k model.CurveKey, date string) bool {
		named := false
		for _, e := range byDay[date] {
			if !e.Mentions(k) || !e.coversScenario(k) {
				continue
			}
			if !e.AppendOnly {
				return false
			}
			named = true
		}
		return named
	}
}

// coversScenario reports whether the entry's scenario-type list (all
// scenarios when empty) takes the curve's.
func (e ChangelogEntry) coversScenario(k model.CurveKey) bool {
	if len(e.ScenarioType) == 0 {
		return true
	}
	want := "fixed-seq-len"
	if model.IsAgentX(k) {
		want = "agentic-coding"
	}
	return slices.Contains(e.ScenarioType, want)
}
