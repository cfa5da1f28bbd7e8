package model_test

import (
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// northStarCurves: an AgentX curve whose p90 frontier has a point off the
// E2E-normalised frontier ("b") and one without traces ("c"), the same
// points on a fixed-sequence curve (no gate), and a rival of each.
func northStarCurves() []model.Point {
	agentx := model.CurveKey{Model: "m", Scenario: "agentic-coding", Hardware: "h", Framework: "ours", Precision: "fp8"}
	plain := agentx
	plain.Scenario = "1k1k"
	var out []model.Point
	for _, k := range []model.CurveKey{agentx, plain} {
		for _, q := range []struct {
			id           string
			x, y, canon  float64
			traced, them bool
		}{
			{"a", 10, 100, 10, true, false},
			{"b", 20, 80, 5, true, false},  // on the p90 frontier, off the canonical one
			{"c", 30, 60, 0, false, false}, // no traces
			{"r1", 5, 90, 0, false, true},
			{"r2", 40, 50, 0, false, true},
		} {
			p := pt(k.Scenario+"-"+q.id, model.AxisP90Intvty, q.x, q.y)
			p.Curve = k
			if q.traced {
				p.Metrics.Set(model.NorthStarAxis.Metric, q.canon)
			}
			if q.them {
				p.Curve.Framework = "theirs"
			}
			out = append(out, p)
		}
	}
	return out
}

// The gate's reasons land on the AgentX curve's gains and on no other
// curve's, as the per-curve reading (each curve's own points gathered by a
// pass over every point) gives them.
func TestMarkGainsNotDrawnIsThePerCurveGate(t *testing.T) {
	points := northStarCurves()
	isOther := func(p *model.Point) bool { return p.Curve.Framework == "theirs" }
	x, y := model.AxisP90Intvty, model.AxisTputPerGPU
	curves := model.Compare(points, isOther, x, y)
	model.MarkGainsNotDrawn(curves, points, isOther, x, y)
	want := map[string]string{"agentic-coding-b": model.NotNorthStarWinner, "agentic-coding-c": model.NoTraces}
	seen := 0
	for _, c := range curves {
		var own []model.Point
		for i := range points {
			if points[i].Curve == c.Curve && !isOther(&points[i]) {
				own = append(own, points[i])
			}
		}
		_, gate := model.DashboardFrontier(own, x, y)
		ref := gate.NotDrawnIDs()
		for _, g := range c.Gains {
			seen++
			if g.NotDrawn != ref[g.ID] || g.NotDrawn != want[g.ID] {
				t.Errorf("%s: not drawn %q, want %q (per curve %q)", g.ID, g.NotDrawn, want[g.ID], ref[g.ID])
			}
		}
	}
	if seen != 6 {
		t.Fatalf("%d gains over %d curves, want 6 over 2", seen, len(curves))
	}
	// On the canonical axis itself the gate leaves nothing out.
	model.MarkGainsNotDrawn(curves, points, isOther, model.NorthStarAxis, y)
	for _, c := range curves {
		for _, g := range c.Gains {
			if g.NotDrawn != "" {
				t.Errorf("%s on %s: not drawn %q, want none", g.ID, model.NorthStarAxis.Name, g.NotDrawn)
			}
		}
	}
}
