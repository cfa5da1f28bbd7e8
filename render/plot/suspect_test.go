package plot

import (
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/internal/fixtures"
	"github.com/sweeptune/sweeptune/model"
)

func suspectCurve(admit bool) []model.Point {
	pts := fixtures.SuspectShape()
	pts[2].MarkSuspect(model.RuleImplausible, "8× its same-concurrency siblings")
	model.AdmitSuspect(pts, admit)
	return pts
}

// A suspect point is drawn ! whether held out (off the frontier) or
// admitted (on it), its line kept to the real points unless admitted; the
// legend names the ! only when one is drawn.
func TestSuspectPointsAreShownAndMarked(t *testing.T) {
	for _, admit := range []bool{false, true} {
		s := CurveSeries(suspectCurve(admit), xAxis, yAxis, CurveStyle{Name: "c", Class: 1}, nil)
		var sp PlotPoint
		for _, p := range s.Points {
			if p.ID == "s" {
				sp = p
			}
			if p.ID != "s" && p.Kind == MarkSuspect {
				t.Errorf("admit %v: %s marked suspect", admit, p.ID)
			}
		}
		if sp.Kind != MarkSuspect || sp.Frontier != admit {
			t.Errorf("admit %v: suspect point %+v", admit, sp)
		}
		c := Plot([]Series{s}, PlotOptions{Width: 60, Height: 13, X: xAxis, Y: yAxis})
		if n := strings.Count(c.String(), "!"); n != 1 {
			t.Errorf("admit %v: %d ! on the canvas, want 1\n%s", admit, n, c)
		}
		if !HasSuspect([]Series{s}) {
			t.Errorf("admit %v: HasSuspect false", admit)
		}
		// Optimal-only keeps a suspect point only where it is on the frontier.
		o := CurveSeries(suspectCurve(admit), xAxis, yAxis, CurveStyle{Name: "c", Class: 1, OptimalOnly: true}, nil)
		if HasSuspect([]Series{o}) != admit {
			t.Errorf("admit %v: optimal-only suspect shown = %v", admit, !admit)
		}
	}
	// Removal marks still win over the suspect mark.
	s := CurveSeries(suspectCurve(false), xAxis, yAxis, CurveStyle{Name: "c", Class: 1},
		func(id string) (MarkKind, bool) { return MarkRemoved, id == "s" })
	if HasSuspect([]Series{s}) {
		t.Error("a suspect point marked for removal still drawn !")
	}
	clean := suspectCurve(false)[:2]
	if HasSuspect([]Series{CurveSeries(clean, xAxis, yAxis, CurveStyle{Name: "c", Class: 1}, nil)}) {
		t.Error("no suspect point, yet HasSuspect")
	}
}
