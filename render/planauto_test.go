package render

import (
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/planner"
)

// The recommendation's words, shared by plan and the planner pane.
func TestPlanRecommendationWords(t *testing.T) {
	for _, tc := range []struct {
		r    planner.Recommendation
		want string
	}{
		{planner.Recommendation{BS: 112, CeilingBS: 96, Low: 96, High: 112},
			"96–112 (τP unknown: 96 if prefill saturates at the highest load measured, 112 if it keeps up at c5,540)"},
		{planner.Recommendation{BS: 96, CeilingBS: 96, Low: 96, High: 96, TauPKnown: true},
			"96 (captured CUDA-graph size at the prefill ceiling)"},
		{planner.Recommendation{BS: 120, CeilingBS: 104, Low: 120, High: 120, TauPKnown: true},
			"120 at c5,540 (104 suits the prefill ceiling, binds here)"},
		{planner.Recommendation{CeilingBS: 96, TauPKnown: true}, "no captured cap stops binding at c5,540: lower the concurrency"},
		{planner.Recommendation{}, "none: prefill outruns decode at any cap"},
	} {
		if got := PlanRecommendation(tc.r, 5540); got != tc.want {
			t.Errorf("%+v:\n got %q\nwant %q", tc.r, got, tc.want)
		}
	}
}

func TestPlanAutoFitDoc(t *testing.T) {
	var r planner.AutoFitResult
	r.Candidates = []planner.AutoCandidate{{Name: "all points", IDs: []string{"a", "b", "c"}, Score: 5.5},
		{Name: "lowest, middle and highest", IDs: []string{"a", "b", "c"}, Score: 61.4}}
	r.Candidates[0].LOO.MeanAbs.Tput, r.Candidates[0].LOO.MeanAbs.Mean = 4.93, 6.09
	if got := PlanAutoFit(r).Plain(); !strings.Contains(got, "unknown: no point could be predicted without it") || strings.Contains(got, "4.9 %") {
		t.Errorf("no point predicted: want the expected error unknown, not a figure:\n%s", got)
	}
	r.Candidates[0].LOO.Rows = make([]planner.BacktestRow, 3)
	got := PlanAutoFit(r).Plain()
	for _, want := range []string{"fit: auto → all points (3 points)", "|tput| 4.9 %, |mean intvty| 6.1 %", "*  all points"} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in\n%s", want, got)
		}
	}
}
