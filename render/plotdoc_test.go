package render

import (
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/internal/fixtures"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/render/plot"
)

// The text plot's legend names the suspect marker only when one is drawn.
func TestPlotLegendNamesSuspectMarker(t *testing.T) {
	pts := fixtures.SuspectShape()
	o := plot.PlotOptions{Width: 60, Height: 13, X: model.AxisMeanIntvty, Y: model.AxisTputPerGPU}
	legend := func(pts []model.Point) string {
		series := plot.CurveSet(model.Curve{Points: pts}, nil, o.X, o.Y, false, nil)
		lines := strings.Split(strings.TrimRight(Plot(series, o).Plain(), "\n"), "\n")
		return lines[len(lines)-1]
	}
	if got := legend(pts); strings.Contains(got, "suspect") {
		t.Errorf("no suspect point, legend %q", got)
	}
	pts[2].MarkSuspect(model.RuleZeroOutput, "the run reports 0 output tokens: it measured nothing")
	if got, want := legend(pts), "frontier points: ● published   ○ dominated  ! suspect"; got != want {
		t.Errorf("legend %q, want %q", got, want)
	}
}
