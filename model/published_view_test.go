package model

import (
	"slices"
	"testing"
)

// The published view keeps each group's latest date only: a narrow later
// sweep replaces the dense curve, the local run is not published, and as
// of a date before the sweep the dense curve is back.
func TestPublishedViewKeepsEachGroupsLatestDate(t *testing.T) {
	h200 := CurveKey{Model: "kimik3", Scenario: "agentic-coding", Hardware: "h200", Framework: "dynamo-sglang", Precision: "fp8"}
	b200 := h200
	b200.Hardware = "b200"
	vllm := b200
	vllm.Framework = "vllm"
	pt := func(k CurveKey, src Source, date string, c int) Point {
		return Point{Curve: k, Source: src, Prov: Provenance{Date: date}, Knobs: Knobs{Mode: ModeAgg, Concurrency: c}}
	}
	points := []Point{
		pt(h200, SourcePublished, "2026-09-13", 4),
		pt(h200, SourcePublished, "2026-09-13", 16),
		pt(h200, SourcePublished, "2026-09-13", 64),
		pt(h200, SourcePublished, "2026-09-19", 16), // the narrow validation sweep
		pt(h200, SourceLocal, "2026-09-20", 32),
		pt(b200, SourcePublished, "2026-09-01", 8),
		pt(vllm, SourceCompetitor, "2026-08-30", 8), // a competitor's published curve
		pt(vllm, SourceCompetitor, "2026-08-01", 4),
	}
	if got, want := firstOf(PublishedView(points, "", nil)), []int{3, 5, 6}; !slices.Equal(got, want) {
		t.Errorf("latest: %v, want %v", got, want)
	}
	if got, want := firstOf(PublishedView(points, "2026-09-18", nil)), []int{0, 1, 2, 5, 6}; !slices.Equal(got, want) {
		t.Errorf("as of 2026-09-18: %v, want %v", got, want)
	}
	for _, i := range firstOf(PublishedView(points, "", nil)) {
		if points[i].Source != SourcePublished {
			continue
		}
		g := PublishedGroup(&points[i])
		idx, _ := PublishedCurve(points, g, "", nil)
		if !slices.Contains(idx, i) {
			t.Errorf("point %d is in the view but not in PublishedCurve of its group %v", i, idx)
		}
	}
}

// An append-only date joins the curve of the latest regular date before it
// (InferenceX's ChangelogEntry.append_only: "append them to the latest
// curve"); a later regular sweep replaces both; the view of every group
// and PublishedCurve of one agree, and say which dates they took.
func TestAppendOnlyDatesJoinTheLatestCurve(t *testing.T) {
	h200 := CurveKey{Model: "kimik3", Scenario: "agentic-coding", Hardware: "h200", Framework: "sglang", Precision: "fp8"}
	b200 := h200
	b200.Hardware = "b200"
	pt := func(k CurveKey, date string, c int) Point {
		return Point{Curve: k, Source: SourcePublished, Prov: Provenance{Date: date}, Knobs: Knobs{Mode: ModeAgg, Concurrency: c}}
	}
	points := []Point{
		pt(h200, "2026-09-01", 2), // append-only, but before the regular date: replaced with its curve
		pt(h200, "2026-09-13", 4),
		pt(h200, "2026-09-13", 16),
		pt(h200, "2026-09-20", 64), // append-only: joins 2026-09-13
		pt(b200, "2026-09-20", 8),  // the same day is a regular sweep of the B200 curve
		pt(h200, "2026-09-25", 16), // a regular sweep: replaces the whole curve
	}
	appendOnly := func(k CurveKey, date string) bool {
		return k == h200 && (date == "2026-09-20" || date == "2026-09-01")
	}
	for _, c := range []struct {
		asOf     string
		want     []int
		base     string
		appended []string
	}{
		{"2026-09-21", []int{1, 2, 3, 4}, "2026-09-13", []string{"2026-09-20"}},
		{"", []int{4, 5}, "2026-09-25", nil},
		{"2026-09-05", []int{0}, "", []string{"2026-09-01"}}, // only an append-only date: shown as it is
	} {
		if got, appended := PublishedView(points, c.asOf, appendOnly); !slices.Equal(got, c.want) || !slices.Equal(appended, c.appended) {
			t.Errorf("as of %q: %v (appended %v), want %v (%v)", c.asOf, got, appended, c.want, c.appended)
		}
		idx, dates := PublishedCurve(points, PublishedGroup(&points[1]), c.asOf, appendOnly)
		var want []int
		for _, i := range c.want {
			if points[i].Curve == h200 {
				want = append(want, i)
			}
		}
		if !slices.Equal(idx, want) || dates.Base != c.base || !slices.Equal(dates.Appended, c.appended) {
			t.Errorf("PublishedCurve as of %q: %v %+v, want %v base %s appended %v", c.asOf, idx, dates, want, c.base, c.appended)
		}
	}
	// Without the changelog's word, the append-only date is the latest date it is.
	if got, want := firstOf(PublishedView(points, "2026-09-21", nil)), []int{3, 4}; !slices.Equal(got, want) {
		t.Errorf("no append-only dates: %v, want %v", got, want)
	}
}

func firstOf(idx []int, _ []string) []int { return idx }
