package curve

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/muesli/termenv"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/themes"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
	"github.com/sweeptune/sweeptune/tui/plot"
)

func TestMain(m *testing.M) { testkit.Main(m) }

func demoInput() Input {
	pts := testkit.Demo()
	marks := func(id string) (plot.MarkKind, bool) {
		return plot.MarkRemoved, id == "8p1d-dep2-dep16-c4096"
	}
	sel := testkit.ByID(pts, "7p1d-dep2-dep16-b96-c5540")
	var own, comp []model.Point
	for _, p := range pts {
		if p.Source == model.SourceCompetitor {
			comp = append(comp, p)
		} else {
			own = append(own, p)
		}
	}
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
	testkit.Matrix(t, func(t *testing.T, w, h int, theme string, styles themes.Styles) {
		out := Render(in, styles, w, h)
		checkSize(t, out, w, h)
		golden.RequireEqual(t, []byte(out))
	})
}

func TestRenderShowsSelectionAndMarksInShape(t *testing.T) {
	in := demoInput()
	out := Render(in, testkit.Styles("none", termenv.Ascii), 100, 30)
	for _, want := range []string{"◆", "×", "7p1d-dep2-dep16-b96-c5540", "tput-per-gpu 1,033,494", "mean-intvty 150.7", "p90-intvty 157.5"} {
		if !strings.Contains(out, want) {
			t.Errorf("render lacks %q", want)
		}
	}
	in.LogX = true
	if out := Render(in, testkit.Styles("none", termenv.Ascii), 100, 30); !strings.Contains(out, "log scale") {
		t.Error("log-scale x not named in the caption")
	}
}

func TestRenderEmptyAndTiny(t *testing.T) {
	st := testkit.Styles("none", termenv.Ascii)
	for _, sz := range [][2]int{{1, 1}, {5, 3}, {30, 5}, {80, 24}} {
		out := Render(Input{X: model.AxisMeanIntvty, Y: model.AxisTputPerGPU}, st, sz[0], sz[1])
		checkSize(t, out, sz[0], sz[1])
	}
	if out := Render(Input{X: model.AxisMeanIntvty, Y: model.AxisTputPerGPU}, st, 80, 24); !strings.Contains(out, "no point selected") {
		t.Errorf("empty render:\n%s", out)
	}
}

func checkSize(t *testing.T, out string, w, h int) {
	t.Helper()
	lines := strings.Split(out, "\n")
	if len(lines) != h {
		t.Fatalf("%d lines, want %d", len(lines), h)
	}
	for i, l := range lines {
		if ansi.StringWidth(l) != w {
			t.Fatalf("line %d is %d wide, want %d: %q", i, ansi.StringWidth(l), w, l)
		}
	}
}
