package model_test

// 100,000 runs of one curve, half at 1200 s: the run-length projection and
// the noise estimate read them in place.

import (
	"math/rand"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// runPoints are n disaggregated points, each configuration run at 1200 s
// and 3600 s, with random metrics.
func runPoints(n int) []model.Point {
	r := rand.New(rand.NewSource(1))
	pts := make([]model.Point, 0, n)
	for i := 0; i < n; i++ {
		p := disagg(1+i%16, 8<<(i%5), 100+i%5000, []float64{1200, 3600}[i%2], "", 1e5*(1+r.Float64()), 100*(1+r.Float64()))
		pts = append(pts, p)
	}
	return pts
}

func BenchmarkEstimateNoise100k(b *testing.B) {
	pts := runPoints(100000)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		model.EstimateNoise(pts)
	}
}

func BenchmarkProjectRuns100k(b *testing.B) {
	pts := runPoints(100000)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		model.ProjectRuns(pts)
	}
}
