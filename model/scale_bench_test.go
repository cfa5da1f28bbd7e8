package model_test

import (
	"testing"

	"github.com/sweeptune/sweeptune/internal/fixtures"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/model/numbering"
)

// BenchmarkScale times the load's and the report's passes over a million
// points of about 1,000 curves, one pass a sub-benchmark, each on a fresh
// copy of the points (the copy is not timed).
func BenchmarkScale(b *testing.B) {
	base := fixtures.Rows(1_000_000, 1000)
	work := make([]model.Point, len(base))
	pass := func(name string, f func([]model.Point)) {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				copy(work, base)
				b.StartTimer()
				f(work)
			}
		})
	}
	pass("NumberCurves", func(p []model.Point) { model.NumberCurves(p) })
	pass("ResolveSpecs", model.ResolveSpecs)
	pass("CompleteCurves", func(p []model.Point) { model.CompleteCurves(p) })
	pass("MarkImplausible", model.MarkImplausible)
	pass("AssignIDs", func(p []model.Point) { numbering.AssignIDs(p, model.NumberCurves(p)) })
	pass("KeepLatest", func(p []model.Point) { model.KeepLatest(p, "") })
	pass("GroupCurvesInPlace", func(p []model.Point) { model.GroupCurvesInPlace(p) })
	latest := numbering.LatestIndex(base, nil, "2026-11-20")
	pass("GroupKeptInPlace", func(p []model.Point) { numbering.GroupKeptInPlace(p, latest, nil) })
}
