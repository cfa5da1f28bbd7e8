package model_test

import (
	"math"
	"slices"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// mergeCurve is five published points at p90 (= mean interactivity) 100…300;
// b's throughput is given, e2el (seconds, 0 for none) per point.
func mergeCurve(b float64, e2el []float64) []model.Point {
	xs, ys := []float64{100, 150, 200, 250, 300}, []float64{1000, b, 650, 400, 100}
	curve := model.CurveKey{Model: "m", Scenario: "s", Hardware: "h", Framework: "f", Precision: "p"}
	pts := make([]model.Point, len(xs))
	for i := range pts {
		p := &pts[i]
		p.ID, p.Curve, p.Source = string(rune('a'+i)), curve, model.SourcePublished
		p.Metrics.Set(model.P90Intvty, xs[i])
		p.Metrics.Set(model.MeanIntvty, xs[i])
		p.Metrics.Set(model.TputPerGPU, ys[i])
		if e2el != nil {
			p.Metrics.Set(model.P90E2EL, e2el[i])
			p.Metrics.Set(model.P75E2EL, e2el[i])
		}
	}
	return pts
}

// A kept point under the line of its neighbouring choices by more than the
// margin adds nothing to the curve: its band merges into the neighbour's
// of better throughput and it is removed, covered by that line; under it
// by less than the margin it stays.
func TestSelectMergesACoveredBand(t *testing.T) {
	s := selectOn(t, mergeCurve(700, nil), model.SelectRequest{Margin: model.Margin{Pct: 2}})
	if s.Merges != 1 || len(s.Bands) != 4 || !slices.Equal(s.Remove, []string{"b"}) {
		t.Fatalf("merges %d, %d bands, removals %v", s.Merges, len(s.Bands), s.Remove)
	}
	bd := s.Bands[0]
	if !bd.Merged || bd.Chosen != "a" || bd.Lo != 100 || bd.Hi != 180 || len(bd.Dropped) != 1 || bd.Dropped[0].ID != "b" ||
		math.Abs(bd.Dropped[0].UnderPct-100*125.0/825) > 1e-9 {
		t.Errorf("merged band %+v; want a kept over [100, 180), b dropped 15.15 %% under the a–c line (825)", bd)
	}
	if !s.CoveredAll() || s.Review.Removed[0].LineValue != 825 {
		t.Errorf("b's verdict %+v; want covered under the a–c line at 825", s.Review.Removed)
	}
	// 1.21 % under the line: inside the 2 % margin, b keeps its band.
	s = selectOn(t, mergeCurve(815, nil), model.SelectRequest{Margin: model.Margin{Pct: 2}})
	if s.Merges != 0 || len(s.Remove) != 0 || len(s.Bands) != 5 {
		t.Errorf("inside the margin: merges %d, removals %v, %d bands", s.Merges, s.Remove, len(s.Bands))
	}
}

// A merge must not cost the dashboard a frontier point: b, under the line on
// p90 but the only point of low latency, stays when its removal would leave
// fewer E2EL frontier points than before.
func TestSelectMergeKeepsCoverage(t *testing.T) {
	s := selectOn(t, mergeCurve(700, []float64{10, 1, 20, 20, 20}), model.SelectRequest{Margin: model.Margin{Pct: 2}})
	if s.Merges != 0 || slices.Contains(s.Remove, "b") || !s.CoverageHolds {
		t.Errorf("merges %d, removals %v, coverage holds %v (before %+v, after %+v)", s.Merges, s.Remove, s.CoverageHolds, s.CoverageBefore, s.CoverageAfter)
	}
}
