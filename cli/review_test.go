package cli

import (
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

const (
	workedKeep   = "agg-tp4-c16@2026-10-29,3p1d-dep2-dep16-b24-c1228@2026-10-29,5p1d-dep2-dep16-b40-c2884,7p1d-dep2-dep16-b96-c5540,9p1d-dep2-dep16-b192-c7480"
	workedRemove = "8p1d-dep2-dep16-c4096,agg-tep2-c16,9p1d-dep2-dep16-b160-c7480"
)

// reviewOut is review --json as a script reads it.
type reviewOut struct {
	Axis            string                 `json:"axis"`
	Kept            []string               `json:"kept"`
	Removed         []model.RemovalVerdict `json:"removed"`
	NotHullVertices []struct {
		ID string `json:"id"`
	} `json:"not_hull_vertices"`
	Coverage struct {
		P90E2EL        int  `json:"p90_e2el"`
		P75E2EL        int  `json:"p75_e2el"`
		RecommendedMin int  `json:"recommended_min"`
		Short          bool `json:"short"`
	} `json:"coverage"`
	Retunes []struct {
		KeptID       string   `json:"kept_id"`
		PublishedID  string   `json:"published_id"`
		TputDelta    *float64 `json:"tput_delta"`
		TputDeltaPct *float64 `json:"tput_delta_pct"`
		XDelta       *float64 `json:"x_delta"`
	} `json:"retunes"`
	AsOf    string `json:"as_of"`
	LeftOut []struct {
		ID     string `json:"id"`
		Reason string `json:"reason"`
	} `json:"left_out"`
	Holes []struct {
		Kind string `json:"kind"`
		From string `json:"from"`
		Text string `json:"text"`
	} `json:"holes"`
}

func reviewJSONOf(t *testing.T, wantCode int, args ...string) reviewOut {
	t.Helper()
	out, stderr, code := runCmd(t, append([]string{"review", "--json"}, args...)...)
	if code != wantCode {
		t.Fatalf("exit %d, want %d: %s", code, wantCode, stderr)
	}
	var rep reviewOut
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v in %s", err, out)
	}
	return rep
}

func twoDecimals(v *float64) string {
	if v == nil {
		return "null"
	}
	return strconv.FormatFloat(*v, 'f', 2, 64)
}

// lineOf and gapOf are a verdict's line value and gap as twoDecimals
// writes them: "null" without a line, as review --json has it.
func lineOf(v model.RemovalVerdict) string { return twoDecimals(model.OrNull(v.LineValue, v.HasLine)) }
func gapOf(v model.RemovalVerdict) string  { return twoDecimals(model.OrNull(v.GapPct, v.HasLine)) }

// The demo's worked review (docs/review.md), from the CLI.
func TestReviewWorkedExampleText(t *testing.T) {
	out := runOK(t, "review", "--as-of", "2026-11-05", "--remove", workedRemove, "--keep", workedKeep)
	wantAll(t, out,
		"853,132.41", "-5.85 %", "243,084.79", "1,100,893.85", "-0.59 %",
		"All 3 removed points are covered",
		"3p1d-dep2-dep16-b24-c1228@2026-10-29        267.4       383,313", // under the hull
		"p90-e2el: no data (no kept point has it)",
		"9p1d-dep2-dep16-b192-c7480  9p1d-dep2-dep16-b160-c7480          22,716  +2.08 %           -9.5  -8.55 %",
	)
}

func TestReviewWorkedExampleJSON(t *testing.T) {
	rep := reviewJSONOf(t, exitOK, "--as-of", "2026-11-05", "--remove", workedRemove, "--keep", workedKeep)
	if rep.Axis != "mean-intvty" || len(rep.Kept) != 5 {
		t.Fatalf("axis %q, kept %v", rep.Axis, rep.Kept)
	}
	want := map[string]struct {
		line, gap string
		nb        []string
	}{
		"8p1d-dep2-dep16-c4096":      {"853132.41", "-5.85", []string{"7p1d-dep2-dep16-b96-c5540", "5p1d-dep2-dep16-b40-c2884"}},
		"agg-tep2-c16":               {"243084.79", "-76.28", []string{"3p1d-dep2-dep16-b24-c1228@2026-10-29", "agg-tp4-c16@2026-10-29"}},
		"9p1d-dep2-dep16-b160-c7480": {"1100893.85", "-0.59", []string{"9p1d-dep2-dep16-b192-c7480", "7p1d-dep2-dep16-b96-c5540"}},
	}
	if len(rep.Removed) != 3 {
		t.Fatalf("removed %v", rep.Removed)
	}
	for _, r := range rep.Removed {
		w := want[r.ID]
		if r.Test != "line" || !r.Covered || r.ParetoDominated || r.DominatedBy != "" ||
			lineOf(r) != w.line || gapOf(r) != w.gap || !reflect.DeepEqual(r.Neighbours, w.nb) {
			t.Errorf("%s: %+v line %s gap %s, want %+v", r.ID, r, lineOf(r), gapOf(r), w)
		}
	}
	var under []string
	for _, h := range rep.NotHullVertices {
		under = append(under, h.ID)
	}
	if !reflect.DeepEqual(under, []string{"3p1d-dep2-dep16-b24-c1228@2026-10-29", "5p1d-dep2-dep16-b40-c2884"}) {
		t.Errorf("not hull vertices %v, want 3P c1228 and 5P c2884", under)
	}
	if c := rep.Coverage; c.P90E2EL != 0 || c.P75E2EL != 0 || c.RecommendedMin != 5 || !c.Short {
		t.Errorf("coverage %+v: the kept A/B points carry no E2EL", rep.Coverage)
	}
	found := false
	for _, r := range rep.Retunes {
		if r.KeptID == "9p1d-dep2-dep16-b192-c7480" && r.PublishedID == "9p1d-dep2-dep16-b160-c7480" {
			found = true
			if twoDecimals(r.TputDelta) != "22716.00" || twoDecimals(r.TputDeltaPct) != "2.08" || twoDecimals(r.XDelta) != "-9.50" {
				t.Errorf("9P re-tune %+v", r)
			}
		}
	}
	// As of the retune the sweep's re-measurements are not there yet.
	if !found || len(rep.Retunes) != 1 {
		t.Errorf("re-tunes %+v, want 9P BS192 > 9P BS160 alone", rep.Retunes)
	}
}

// Without --keep the kept set is the rest of the curve as the view shows
// it (each configuration's latest run per source) with one steady-state
// measurement per configuration. As of 2026-11-05, before the merge, that is
// exactly the kept curve of the demo's worked example (tables A and B), so
// the review reproduces the PR's line values and names what it left out.
func TestReviewAsOfTheRetune(t *testing.T) {
	rep := reviewJSONOf(t, exitOK, "--as-of", "2026-11-05", "--remove", "agg-tep2-c16,8p1d-dep2-dep16-c4096,9p1d-dep2-dep16-b160-c7480")
	want := []string{"agg-tp4-c16@2026-10-29", "3p1d-dep2-dep16-b24-c1228@2026-10-29", "5p1d-dep2-dep16-b40-c2884",
		"7p1d-dep2-dep16-b96-c5540", "9p1d-dep2-dep16-b192-c7480"}
	if !reflect.DeepEqual(rep.Kept, want) {
		t.Errorf("kept %v, want %v", rep.Kept, want)
	}
	lines := coveredByLines(t, rep)
	if lines["agg-tep2-c16"] != "243084.79" || lines["8p1d-dep2-dep16-c4096"] != "853132.41" || lines["9p1d-dep2-dep16-b160-c7480"] != "1100893.85" {
		t.Errorf("line values %v, want the PR's", lines)
	}
	why := map[string]string{}
	for _, l := range rep.LeftOut {
		why[l.ID] = l.Reason
	}
	if why["3p1d-dep2-dep16-b18-c700"] != "a 1200 s run: not steady state, so not leaned on unless projected" || why["3p1d-dep2-dep16-b18-c700@published"] != "measured after 2026-11-05" ||
		why["agg-tp4-c16@2026-11-06"] != "measured after 2026-11-05" || len(rep.LeftOut) != 10 || rep.AsOf != "2026-11-05" {
		t.Errorf("left out %v (as of %q)", rep.LeftOut, rep.AsOf)
	}
	if len(rep.Holes) != 1 || rep.Holes[0].Kind != "gap" || rep.Holes[0].From != "3p1d-dep2-dep16-b24-c1228@2026-10-29" {
		t.Errorf("holes %+v, want the 267.4 → 545 gap", rep.Holes)
	}
	out := runOK(t, "review", "--as-of", "2026-11-05", "--remove", "agg-tep2-c16,8p1d-dep2-dep16-c4096,9p1d-dep2-dep16-b160-c7480")
	wantAll(t, out, "Judged against the curve as of 2026-11-05.",
		"left out of the kept curve: 3p1d-dep2-dep16-b18-c700 (a 1200 s run: not steady state, so not leaned on unless projected)",
		"left out of the kept curve: 3p1d-dep2-dep16-b18-c700@published (measured after 2026-11-05)",
		"! a gap in mean-intvty from 267.4 (3p1d-dep2-dep16-b24-c1228@2026-10-29) to 545 (agg-tp4-c16@2026-10-29): 6.8× the curve's median spacing 40.7")
}

// The default review judges the curve as it is now: the sweep published
// after the merge replaces the older published runs of agg TP4 c16 and
// 3P c1228, and every point it leaves out says why.
func TestReviewDefaultKeptSet(t *testing.T) {
	rep := reviewJSONOf(t, exitOK, "--remove", "8p1d-dep2-dep16-c4096,agg-tep2-c16,9p1d-dep2-dep16-b160-c7480")
	want := []string{"5p1d-dep2-dep16-b40-c2884", "7p1d-dep2-dep16-b96-c5540", "9p1d-dep2-dep16-b192-c7480",
		"agg-tp4-c16@2026-11-06", "3p1d-dep2-dep16-b18-c700@published"}
	if !reflect.DeepEqual(rep.Kept, want) {
		t.Errorf("kept %v, want %v", rep.Kept, want)
	}
	lines := coveredByLines(t, rep)
	// agg TP2/EP2 c16 (377.4) now sits between the sweep's agg TP4 c16
	// (523.6) and 3P c700 (295.0).
	wantAgg := 29353 + (377.4-523.6)*(226225-29353)/(295.0-523.6)
	if lines["8p1d-dep2-dep16-c4096"] != "853132.41" || lines["9p1d-dep2-dep16-b160-c7480"] != "1100893.85" ||
		lines["agg-tep2-c16"] != twoDecimals(&wantAgg) {
		t.Errorf("line values %v", lines)
	}
	why := map[string]string{}
	for _, l := range rep.LeftOut {
		why[l.ID] = l.Reason
	}
	for id, reason := range map[string]string{
		"agg-tp4-c16@2026-10-29":              "a later run of its configuration replaces it: agg-tp4-c16@2026-11-06 (2026-11-06)",
		"3p1d-dep2-dep16-b18-c700":            "a 1200 s run: not steady state, so not leaned on unless projected",
		"agg-tp4-c1":                          "no mean-intvty value",
		"5p1d-dep2-dep16-b40-c2884@published": "another measurement of its configuration counts: 5p1d-dep2-dep16-b40-c2884 (2026-11-01)",
	} {
		if why[id] != reason {
			t.Errorf("%s left out: %q, want %q", id, why[id], reason)
		}
	}
	if len(rep.LeftOut) != 10 {
		t.Errorf("left out %v", rep.LeftOut)
	}
	if rep.Coverage.P90E2EL != 8 || rep.Coverage.P75E2EL != 7 || rep.Coverage.Short {
		t.Errorf("coverage %+v, want table C's 8 and 7", rep.Coverage)
	}
}

func TestReviewNotCoveredExitsOne(t *testing.T) {
	out, _, code := runCmd(t, "review", "--remove", "7p1d-dep2-dep16-b96-c5540",
		"--keep", "5p1d-dep2-dep16-b40-c2884,9p1d-dep2-dep16-b192-c7480")
	if code != exitRefused || !strings.Contains(out, "NOT covered") || !strings.Contains(out, "954,175.48") {
		t.Errorf("exit %d, want 1 with 7P above the 5P–9P line (954,175.48):\n%s", code, out)
	}
}

// Beyond the kept x range the test is Pareto dominance by a kept point.
func TestReviewParetoFallbackAtTheEnds(t *testing.T) {
	// Removing agg TP4 c16 removes its configuration: its published twin is
	// gone too and never its neighbour (docs/review.md).
	rep := reviewJSONOf(t, exitRefused, "--all-dates", "--remove", "agg-tp4-c16@2026-10-29")
	r := rep.Removed[0]
	if r.Test != "pareto" || r.HasLine || r.Covered || r.ParetoDominated ||
		!reflect.DeepEqual(r.Neighbours, []string{"agg-tep2-c16"}) || !reflect.DeepEqual(r.Twins, []string{"agg-tp4-c16@2026-11-06"}) {
		t.Errorf("agg TP4 c16 (best interactivity): %+v", r)
	}
	// Between the published 9P BS192 (103.0) and agg TP4 c16 (545) the line
	// passes just under 9P BS160: not covered, and nothing dominates it.
	rep = reviewJSONOf(t, exitRefused, "--all-dates", "--remove", "9p1d-dep2-dep16-b160-c7480", "--keep", "9p1d-dep2-dep16-b192-c7480@published,agg-tp4-c16@2026-10-29")
	if r := rep.Removed[0]; r.Test != "line" || r.Covered || r.ParetoDominated || gapOf(r) != "0.08" {
		t.Errorf("9P BS160 at 111.1 between 103.0 and 545: %+v gap %s", r, gapOf(r))
	}
}

func TestReviewBadInput(t *testing.T) {
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"unknown ID", []string{"--remove", "8p-nope"}, "valid IDs:\n"},
		{"unknown kept ID", []string{"--remove", "agg-tep2-c16", "--keep", "agg-tp4-c16@2026-11-06,nope"}, "unknown point ID nope"},
		{"no --remove", nil, "--remove is required"},
		{"removed and kept", []string{"--remove", "agg-tep2-c16", "--keep", "agg-tep2-c16"}, "both removed and kept"},
		{"twin kept", []string{"--all-dates", "--remove", "agg-tp4-c16@2026-11-06", "--keep", "agg-tp4-c16@2026-10-29,3p1d-dep2-dep16-b24-c1228@2026-10-29"}, "measures the same configuration as the removed agg-tp4-c16@2026-11-06"},
		{"metric missing", []string{"--remove", "agg-tp4-c1"}, "has no mean-intvty"},
		{"bad axis", []string{"--remove", "agg-tep2-c16", "--x", "speed"}, "unknown x axis"},
		{"two curves", []string{"--remove", "agg-tep2-c16,vllm-p90-75-5", "--x", "p90-intvty"}, "different curves"},
	}
	for _, c := range cases {
		out, stderr, code := runCmd(t, append([]string{"review"}, c.args...)...)
		if code != exitBadInput || !strings.Contains(stderr, c.want) || out != "" {
			t.Errorf("%s: exit %d, stderr %q, stdout %q; want 2 and %q", c.name, code, stderr, out, c.want)
		}
	}
	_, stderr, _ := runCmd(t, "review", "--remove", "nope")
	if !strings.Contains(stderr, "9p1d-dep2-dep16-b192-c7480") || !strings.Contains(stderr, "vllm-p90-196-5") {
		t.Errorf("valid ID list incomplete:\n%s", stderr)
	}
}

func TestReviewHelpMentionsKeptSet(t *testing.T) {
	for _, h := range []string{"-h", "--help"} {
		out, _, code := runCmd(t, "review", h)
		if code != exitOK || !strings.Contains(out, "Removing an ID removes its configuration") || !strings.Contains(out, "--with-planned") {
			t.Errorf("%s: exit %d, help:\n%s", h, code, out)
		}
	}
}

// coveredByLines are the removed points' line values (two decimals), each
// checked to be covered by the line test.
func coveredByLines(t *testing.T, rep reviewOut) map[string]string {
	t.Helper()
	lines := map[string]string{}
	for _, r := range rep.Removed {
		lines[r.ID] = lineOf(r)
		if !r.Covered || r.Test != "line" {
			t.Errorf("%s: %+v", r.ID, r)
		}
	}
	return lines
}

// A kept list the user writes leaves the rest out as "not in --keep"
// (the workbench's toggles give their own reasons instead).
func TestReviewKeepSaysNotInKeep(t *testing.T) {
	out := runOK(t, "review", "--as-of", "2026-11-05", "--remove", "agg-tep2-c16",
		"--keep", "5p1d-dep2-dep16-b40-c2884,9p1d-dep2-dep16-b192-c7480,agg-tp4-c16@2026-10-29")
	wantAll(t, out, "left out of the kept curve: 7p1d-dep2-dep16-b96-c5540 (not in --keep)")
}
