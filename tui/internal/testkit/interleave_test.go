package testkit

import (
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// The interleaved points are SyntheticCurves' points, each curve's in its
// own order, the curves taking turns.
func TestInterleavedCurvesTakeTurns(t *testing.T) {
	src, got := SyntheticCurves(1003, 4), InterleavedCurves(1003, 4)
	if len(got) != len(src) {
		t.Fatalf("%d points, want %d", len(got), len(src))
	}
	byCurve := map[model.CurveKey][]string{}
	for _, p := range src {
		byCurve[p.Curve] = append(byCurve[p.Curve], p.ID)
	}
	seen := map[model.CurveKey]int{}
	for i, p := range got {
		ids := byCurve[p.Curve]
		if k := seen[p.Curve]; k >= len(ids) || ids[k] != p.ID {
			t.Fatalf("point %d (%s): not its curve's next", i, p.ID)
		}
		seen[p.Curve]++
		if i > 0 && i < 4*250 && got[i-1].Curve == p.Curve {
			t.Fatalf("points %d and %d of one curve side by side", i-1, i)
		}
	}
}
