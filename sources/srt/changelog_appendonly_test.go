package srt

import (
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// A date is append-only for a curve when an entry of that day names it and
// every entry of that day naming it is append-only; an entry's scenario
// types and keys decide what it names; an undated or evals-only entry
// counts for nothing; with no append-only entry there is no rule at all.
func TestAppendOnlyDatesOfDatedEntries(t *testing.T) {
	h200 := model.CurveKey{Model: "kimik3", Scenario: "agentic-coding", Hardware: "h200", Framework: "sglang", Precision: "fp8"}
	b200 := h200
	b200.Hardware = "b200"
	fixed := h200
	fixed.Scenario = "8k1k"
	entry := func(date string, appendOnly bool, key string, scenarios ...string) DatedEntry {
		return DatedEntry{Date: date, ChangelogEntry: ChangelogEntry{ConfigKeys: []string{key}, ScenarioType: scenarios,
			Description: []string{"d"}, PRLink: "u", AppendOnly: appendOnly}}
	}
	evals := entry("2026-09-22", false, "kimik3-fp8-h200-sglang-agentic-tp8")
	evals.EvalsOnly = true
	dates := AppendOnlyDates([]DatedEntry{
		entry("2026-09-13", false, "kimik3-fp8-h200-sglang-agentic-tp8"),
		entry("2026-09-16", true, "kimik3-fp8-h200-sglang-agentic-tp8", "agentic-coding"),
		entry("2026-09-18", true, "kimik3-fp8-h200-sglang-agentic-tp8"),
		entry("2026-09-18", false, "kimik3-fp8-h200-sglang-agentic-dep8"), // a regular sweep the same day
		entry("", true, "kimik3-fp8-b200-sglang-agentic-tp8"),             // undated: git could not tell
		entry("2026-09-22", true, "kimik3-fp8-h200-sglang-agentic-tp8"),
		evals, // publishes no throughput: does not make the day regular
	})
	for _, c := range []struct {
		curve model.CurveKey
		date  string
		want  bool
	}{
		{h200, "2026-09-13", false},
		{h200, "2026-09-16", true},
		{fixed, "2026-09-16", false}, // the entry runs the agentic scenario only
		{b200, "2026-09-16", false},  // its keys do not name B200
		{h200, "2026-09-18", false},
		{b200, "", false},
		{h200, "2026-09-22", true},
		{h200, "2026-09-30", false}, // no entry that day
	} {
		if got := dates(c.curve, c.date); got != c.want {
			t.Errorf("%s on %q: %v, want %v", c.curve.Hardware+" "+c.curve.Scenario, c.date, got, c.want)
		}
	}
	if AppendOnlyDates([]DatedEntry{entry("2026-09-13", false, "kimik3-fp8-h200-sglang-agentic-tp8")}) != nil {
		t.Error("no append-only entry, yet a rule")
	}
}
