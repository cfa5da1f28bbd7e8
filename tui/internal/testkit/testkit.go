// Package testkit holds what the workbench's tests share: styles with a
// fixed colour profile, the demo data and a large synthetic dataset.
package testkit

import (
	"io"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
	"github.com/sweeptune/sweeptune/internal/fixtures"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/themes"
)

// Styles builds a theme's styles on a renderer with the given profile.
func Styles(theme string, p termenv.Profile) themes.Styles {
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(p)
	return themes.New(theme, r)
}

// Demo is the embedded demo's points.
func Demo() []model.Point { return fixtures.Demo() }

// Synthetic returns n points spread from the demo's (fixtures.Synthetic).
func Synthetic(n int) []model.Point { return fixtures.Synthetic(n) }

// SyntheticCurves returns n points over curves (fixtures.SyntheticCurves).
func SyntheticCurves(n, curves int) []model.Point { return fixtures.SyntheticCurves(n, curves) }

// InterleavedCurves is SyntheticCurves in the order a dashboard dump gives
// its rows: the curves' points in turn, one of each, so that a curve's
// points lie apart in memory as in the program after a load (a view's
// passes then read them a page apart, not one after another).
func InterleavedCurves(n, curves int) []model.Point {
	src := fixtures.SyntheticCurves(n, curves)
	out := make([]model.Point, 0, len(src))
	var start []int // each curve's first point in src (its points lie together there)
	for i := range src {
		if i == 0 || src[i].Curve != src[i-1].Curve {
			start = append(start, i)
		}
	}
	start = append(start, len(src))
	for k := 0; len(out) < len(src); k++ {
		for c := 0; c+1 < len(start); c++ {
			if i := start[c] + k; i < start[c+1] {
				out = append(out, src[i])
			}
		}
	}
	return out
}

// Sizes are the pane sizes every golden matrix covers: narrow, medium, wide.
var Sizes = [][2]int{{40, 12}, {70, 22}, {120, 34}}

// Themes are the golden matrix' themes: every theme with colour off (what
// NO_COLOR users see, and the layout check), plus two with real colours.
var Themes = []struct {
	Name    string
	Profile termenv.Profile
}{
	{"none", termenv.Ascii},
	{"dark", termenv.Ascii},
	{"dark", termenv.ANSI256},
	{"high-contrast", termenv.ANSI},
}

// ProfileName is a short name for golden file names.
func ProfileName(p termenv.Profile) string {
	switch p {
	case termenv.Ascii:
		return "ascii"
	case termenv.ANSI:
		return "ansi"
	case termenv.ANSI256:
		return "ansi256"
	}
	return "truecolor"
}

// ByID returns the demo point with the ID, or panics (test data).
func ByID(pts []model.Point, id string) *model.Point {
	i := model.FindID(pts, id)
	if i < 0 {
		panic("no point " + id)
	}
	return &pts[i]
}
