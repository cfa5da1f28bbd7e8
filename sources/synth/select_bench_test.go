package synth_test

import (
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/sources/synth"
)

// The select benchmarks: 100 curves × 1,000 points. BenchmarkSelect100Curves
// is what select adds to BenchmarkLoad100Curves (docs/select.md: at most
// 0.3 s): one selection per curve of the loaded points, grouped by curve as
// the workbench holds them; BenchmarkLoadSelect100Curves is load, grouping
// and selection together.

func load100(b *testing.B) *sources.Dataset {
	names, files := synth.Curves(100, 1000)
	ds := sources.LoadFiles(names, files, sources.Options{})
	if len(ds.Warnings) > 0 || len(ds.Points) != 100*1000 {
		b.Fatalf("%d points, warnings %v", len(ds.Points), ds.Warnings)
	}
	return ds
}

func selectAll(b *testing.B, curves []model.Curve) {
	for _, c := range curves {
		s, err := model.Select(model.SelectRequest{Points: c.Points, Curve: c.Key, X: model.AxisP90Intvty, Y: model.AxisTputPerGPU,
			Margin: model.Margin{Pct: 2}})
		if err != nil {
			b.Fatal(err)
		}
		if !s.CoveredAll() {
			b.Fatalf("%s: a removal not covered", c.Key)
		}
	}
}

func BenchmarkLoad100Curves(b *testing.B) {
	names, files := synth.Curves(100, 1000)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		sources.LoadFiles(names, files, sources.Options{})
	}
}

func BenchmarkSelect100Curves(b *testing.B) {
	curves := model.GroupCurves(load100(b).Points)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		selectAll(b, curves)
	}
}

func BenchmarkLoadSelect100Curves(b *testing.B) {
	names, files := synth.Curves(100, 1000)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		selectAll(b, model.GroupCurves(sources.LoadFiles(names, files, sources.Options{}).Points))
	}
}
