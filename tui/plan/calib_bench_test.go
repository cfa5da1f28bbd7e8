package plan

import (
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/planner"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
)

// BenchmarkCalibrateOnlyLargeCurve: the fit the pane makes after each
// change of curve, on one curve of a million points over 12 (83,000
// points). It runs off the key path, but what it allocates the next
// keys' collections pay for (docs/workbench-speed.md).
func BenchmarkCalibrateOnlyLargeCurve(b *testing.B) {
	view := model.GroupCurves(testkit.SyntheticCurves(1000000, 12))[0].Points
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if f := CalibrateOnly(view, nil); f.Err != nil {
			b.Fatal(f.Err)
		}
	}
}

// BenchmarkBacktestLargeCurve: the backtest a calibration starts, on the
// same curve (a 2-fold cross-validation of 41,000 configurations).
func BenchmarkBacktestLargeCurve(b *testing.B) {
	view := model.GroupCurves(testkit.SyntheticCurves(1000000, 12))[0].Points
	f := CalibrateOnly(view, nil)
	if f.Err != nil {
		b.Fatal(f.Err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if cv := planner.CrossValidate(f.BacktestPoints); len(cv.Rows) == 0 {
			b.Fatal("no rows")
		}
	}
}
