package curve

import (
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/render/plot"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
)

func TestMain(m *testing.M) { testkit.Main(m) }

func demoInput() Input {
	pts := testkit.Demo()
	marks := func(id string) (plot.MarkKind, bool) {
		return plot.MarkRemoved, id == "8p1d-dep2-dep16-c4096"
	}
	sel := testkit.ByID(pts, "7p1d-dep2-dep16-b96-c5540")
	own, comp := testkit.SplitCompetitor(pts)
	shown := model.Curve{Key: own[0].Curve, Points: own}
	overlays := []model.Curve{{Key: comp[0].Curve, Points: comp}}
	return Input{
		Series: plot.CurveSet(shown, overlays, model.AxisMeanIntvty, model.AxisTputPerGPU, false, marks),
		X:      model.AxisMeanIntvty, Y: model.AxisTputPerGPU, Selected: sel,
	}
}

// TestRenderGolden is the pane over sizes × themes.
func TestRenderGolden(t *testing.T) {
	in := demoInput()
	testkit.Matrix(t, func(t *testing.T, c testkit.Cell) string { return Render(in, c.Styles, c.W, c.H) })
}

func TestRenderShowsSelectionAndMarksInShape(t *testing.T) {
	in := demoInput()
	out := Render(in, testkit.Plain(), 100, 30)
	testkit.Contains(t, "render", out, "◆", "×", "7p1d-dep2-dep16-b96-c5540", "tput-per-gpu 1,033,494", "mean-intvty 150.7", "p90-intvty 157.5")
	in.LogX = true
	if out := Render(in, testkit.Plain(), 100, 30); !strings.Contains(out, "log scale") {
		t.Error("log-scale x not named in the caption")
	}
}

func TestRenderEmptyAndTiny(t *testing.T) {
	st := testkit.Plain()
	for _, sz := range [][2]int{{1, 1}, {5, 3}, {30, 5}, {80, 24}} {
		out := Render(Input{X: model.AxisMeanIntvty, Y: model.AxisTputPerGPU}, st, sz[0], sz[1])
		testkit.CheckSize(t, out, sz[0], sz[1])
	}
	if out := Render(Input{X: model.AxisMeanIntvty, Y: model.AxisTputPerGPU}, st, 80, 24); !strings.Contains(out, "no point selected") {
		t.Errorf("empty render:\n%s", out)
	}
}

// A suspect point of the shown curve is drawn ! and the legend names it;
// without one neither appears.
func TestRenderMarksSuspectPoints(t *testing.T) {
	in := demoInput()
	if out := Render(in, testkit.Plain(), 140, 30); strings.Contains(out, "! suspect") {
		t.Error("legend names a suspect marker with no suspect point")
	}
	pts := testkit.Demo()
	own, _ := testkit.SplitCompetitor(pts)
	own = append([]model.Point(nil), own...)
	for i := range own {
		if own[i].ID == "7p1d-dep2-dep16-b96-c5540" {
			own[i].MarkSuspect(model.RuleZeroOutput, "the run reports 0 output tokens: it measured nothing")
		}
	}
	in.Series = plot.CurveSet(model.Curve{Key: own[0].Curve, Points: own}, nil, in.X, in.Y, false, nil)
	in.Selected = nil
	testkit.Contains(t, "render", Render(in, testkit.Plain(), 140, 30), "!", "! suspect")
}
