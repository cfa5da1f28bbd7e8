package model_test

import (
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// The demo's table C: 8 frontier points on p90 E2EL, 7 on p75 (agg TP4 c4
// dominates agg TP4 c1).
func TestCoverageTableC(t *testing.T) {
	pts := demoPoints(t)
	// Table C is the only demo table with E2EL; the rest must not change the counts.
	c := model.Coverage(pts, model.AxisTputPerGPU)
	if c.P90E2EL != 8 || c.P75E2EL != 7 || c.P90Points != 8 || c.P75Points != 8 {
		t.Fatalf("coverage p90 %d/%d, p75 %d/%d; want 8/8 and 7/8", c.P90E2EL, c.P90Points, c.P75E2EL, c.P75Points)
	}
	if c.Short() {
		t.Error("8 and 7 frontier points flagged short of the recommended 5")
	}
	for _, i := range c.P75Frontier {
		if pts[i].ID == "agg-tp4-c1" {
			t.Error("agg TP4 c1 on the p75 frontier; agg TP4 c4 dominates it")
		}
	}
}

func TestCoverageFlagsShortCurve(t *testing.T) {
	pts := pick(t, demoPoints(t), "agg-tp4-c1", "agg-tp4-c4", "agg-tp4-c16@2026-11-06", "3p1d-dep2-dep16-b18-c700@published", "3p1d-dep2-dep16-b24-c1228@2026-11-06")
	c := model.Coverage(pts, model.AxisTputPerGPU)
	if c.P90E2EL != 5 || c.P75E2EL != 4 || c.P90Short() || !c.P75Short() || !c.Short() {
		t.Errorf("got p90 %d (short %v), p75 %d (short %v); want 5 ok, 4 short", c.P90E2EL, c.P90Short(), c.P75E2EL, c.P75Short())
	}
}

// A plateau at distinct latency counts, as the dashboard draws it.
func TestCoverageCountsPlateau(t *testing.T) {
	p := func(id string, p90, p75, y float64) model.Point {
		q := pt(id, model.AxisP90E2EL, p90, y)
		q.Metrics.Set(model.P75E2EL, p75)
		return q
	}
	pts := []model.Point{p("a", 1, 1, 10), p("b", 2, 2, 10), p("c", 3, 0.5, 20)}
	c := model.Coverage(pts, model.AxisTputPerGPU)
	if c.P90E2EL != 3 || c.P75E2EL != 1 {
		t.Errorf("p90 %d, p75 %d; want 3 (plateau a–b kept) and 1", c.P90E2EL, c.P75E2EL)
	}
}
