package points

import (
	"testing"

	"github.com/sweeptune/sweeptune/tui/internal/testkit"
)

// BenchmarkMeasureIDs measures the IDs of 100,000 points over 12 curves
// in a dump's order (the curves take turns), as the load command does.
func BenchmarkMeasureIDs(b *testing.B) {
	pts := testkit.InterleavedCurves(100000, 12)
	for b.Loop() {
		measureIDs(pts)
	}
}
