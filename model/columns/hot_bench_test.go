package columns

import (
	"math/rand/v2"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// BenchmarkHotColumnInterleaved: one curve's column out of a million
// points over 12 curves, the curve's points twelve points
// apart on average and in no order, as a dashboard dump lays them.
func BenchmarkHotColumnInterleaved(b *testing.B) {
	const n, curves = 1000000, 12
	all := make([]model.Point, n)
	for i := range all {
		p := &all[i]
		p.Source = model.Sources[i%len(model.Sources)]
		p.ID = "agg-tp8-c16"
		p.Prov.DurationS = model.SteadyStateS
		p.Metrics.Set(model.TputPerGPU, float64(i))
		p.Metrics.Set(model.MeanIntvty, float64(i%977))
	}
	idx := make([][]int, curves)
	r := rand.New(rand.NewPCG(1, 2))
	for i := range all {
		c := r.IntN(curves) // the rows of the curves come in no order
		idx[c] = append(idx[c], i)
	}
	hot, ids := make([]Hot, 2*len(idx[0])), make([]string, 2*len(idx[0]))
	c := 0
	for b.Loop() {
		// another curve each time: the one before is in the cache
		at := idx[c%curves]
		HotColumnInto(hot[:len(at)], ids[:len(at)], all, at)
		c++
	}
}
