package model_test

import (
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

func xyPoint(id string, x, y float64) model.Point {
	p := model.Point{ID: id}
	p.Metrics.Set(model.MeanIntvty, x)
	p.Metrics.Set(model.TputPerGPU, y)
	return p
}

// TestHolesFewPointsAndGap: removing three of five points leaves two and a
// 60 → 159 tok/s/user gap; both are named, and the verdicts are the line
// test's alone (Holes changes none).
func TestHolesFewPointsAndGap(t *testing.T) {
	kept := []model.Point{xyPoint("a", 60, 9000), xyPoint("e", 159, 2000)}
	removed := []model.Point{xyPoint("b", 80, 7000), xyPoint("c", 100, 6000), xyPoint("d", 130, 3500)}
	hs := model.Holes(kept, removed, model.AxisMeanIntvty, model.AxisTputPerGPU)
	if len(hs) != 2 || hs[0].Kind != "few-points" || hs[0].Kept != 2 || hs[0].Want != 5 || hs[1].Kind != "gap" {
		t.Fatalf("holes %+v", hs)
	}
	g := hs[1]
	// Spacings of the whole curve: 20, 20, 29, 30 → median 24.5; the gap 99 is 4.0×.
	if g.From != "a" || g.To != "e" || g.MedianSpacing != 24.5 || len(g.Removed) != 3 ||
		!strings.Contains(g.Text, "from 60 (a) to 159 (e): 4.0× the curve's median spacing 24.5") {
		t.Errorf("gap %+v", g)
	}
	if !strings.Contains(hs[0].Text, "only 2 kept points with mean-intvty and tput-per-gpu are left; the coverage rule asks for at least 5") {
		t.Errorf("few points: %q", hs[0].Text)
	}
	// A gap no wider than 3 median spacings is no hole.
	kept = []model.Point{xyPoint("a", 60, 9000), xyPoint("c", 100, 6000), xyPoint("d", 130, 3500), xyPoint("e", 159, 2000),
		xyPoint("f", 180, 1500), xyPoint("g", 200, 1000)}
	if hs := model.Holes(kept, []model.Point{xyPoint("b", 80, 7000)}, model.AxisMeanIntvty, model.AxisTputPerGPU); len(hs) != 0 {
		t.Errorf("holes %+v, want none", hs)
	}
}
