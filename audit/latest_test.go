package audit

import (
	"slices"
	"testing"

	"github.com/sweeptune/sweeptune/internal/fixtures"
	"github.com/sweeptune/sweeptune/model"
)

// One LatestIndex of every point, cut by curve, is each curve's own.
func TestLatestByCurveIsEachCurvesLatest(t *testing.T) {
	points := append(fixtures.SyntheticCurves(3000, 30), fixtures.Demo()...)
	for _, asOf := range []string{"", "2026-01-31"} {
		measured := slices.Clone(points)
		curves := model.GroupCurvesInPlace(measured)
		shown := make([][]int, len(curves))
		latestByCurve(measured, curves, asOf, shown)
		n := 0
		for i, c := range curves {
			want := model.LatestIndex(c.Points, asOf)
			if !slices.Equal(shown[i], want) {
				t.Errorf("as of %q, %s: %v, want %v", asOf, c.Key, shown[i], want)
			}
			n += len(want)
		}
		if n == 0 || n == len(points) {
			t.Errorf("as of %q: %d of %d points shown; want some left out", asOf, n, len(points))
		}
	}
}
