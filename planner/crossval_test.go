package planner

import (
	"math"
	"testing"
)

// Leave-one-out on the demo's steady-state points: each predicted by a fit
// on the others, the errors real and bounded like the backtest's.
func TestCrossValidateLeaveOneOut(t *testing.T) {
	pts := append(fitPoints(), testPoints()...)
	cv := CrossValidate(pts)
	if cv.Method != "leave-one-out" {
		t.Fatalf("method %q", cv.Method)
	}
	if len(cv.Rows) == 0 || len(cv.Rows) > len(pts) {
		t.Fatalf("%d rows for %d points", len(cv.Rows), len(pts))
	}
	seen := map[string]bool{}
	var sum float64
	n := 0
	for _, r := range cv.Rows {
		if seen[r.ID] {
			t.Errorf("%s predicted twice", r.ID)
		}
		seen[r.ID] = true
		if r.ErrorPct.TputPerGPU != nil {
			sum += math.Abs(*r.ErrorPct.TputPerGPU)
			n++
		}
	}
	if got := sum / float64(n); math.Abs(got-cv.MeanAbs.Tput) > 1e-9 || got <= 0 || got > 8 {
		t.Errorf("mean |tput err| %.3f, reported %.3f", got, cv.MeanAbs.Tput)
	}
	// Three points leave two per fold: the model refuses, so nothing is trusted.
	if few := CrossValidate(fitPoints()); len(few.Rows) != 0 || few.MeanAbs.Tput != 0 {
		t.Errorf("three points gave %d rows", len(few.Rows))
	}
}
