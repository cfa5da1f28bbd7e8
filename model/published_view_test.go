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
	if got, want := PublishedView(points, ""), []int{3, 5, 6}; !slices.Equal(got, want) {
		t.Errorf("latest: %v, want %v", got, want)
	}
	if got, want := PublishedView(points, "2026-09-18"), []int{0, 1, 2, 5, 6}; !slices.Equal(got, want) {
		t.Errorf("as of 2026-09-18: %v, want %v", got, want)
	}
	for _, i := range PublishedView(points, "") {
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
