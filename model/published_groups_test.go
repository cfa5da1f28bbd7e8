package model

import "testing"

// Each point's group read through the names made once is the rule's, in
// any order of asking: agg and disagg apart on a fixed-length scenario,
// together on an AgentX one, a mode not given as agg.
func TestPublishedGroupsIsPublishedGroup(t *testing.T) {
	var points []Point
	for _, scenario := range []string{"", "1k1k", "agentic-coding", "AgentX"} {
		for _, hw := range []string{"gb300", "h200"} {
			for _, mode := range []Mode{ModeAgg, ModeDisagg, ""} {
				p := Point{Curve: CurveKey{Model: "m", Scenario: scenario, Hardware: hw, Framework: "sglang"}}
				p.Knobs.Mode = mode
				points = append(points, p)
			}
		}
	}
	groupOf := publishedGroups()
	names := map[string]bool{}
	for pass := 0; pass < 2; pass++ {
		for k := range points {
			i := k
			if pass == 1 {
				i = len(points) - 1 - k // the second pass asks the names already made
			}
			p := &points[i]
			if got, want := groupOf(p), PublishedGroup(p); got != want {
				t.Errorf("point %d (%q, mode %q): group %q, want %q", i, p.Curve.Scenario, p.Knobs.Mode, got, want)
			}
			names[groupOf(p)] = true
		}
	}
	// 2 fixed-length scenarios × 2 hardware × (agg, disagg) + 2 AgentX × 2 hardware.
	if len(names) != 12 {
		t.Errorf("%d groups, want 12: %v", len(names), names)
	}
}
