package numbering

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// BenchmarkByCurve: every curve's points and configurations, a million
// points over 12 and 1,000 curves whose rows come in no order, numbered a
// curve at a time (ConfigsOf, ByCurve past its table's bound) and in one
// pass (ByCurve).
func BenchmarkByCurve(b *testing.B) {
	for _, curves := range []int{12, 1000} {
		r := rand.New(rand.NewPCG(uint64(curves), 3))
		pts := make([]model.Point, 1000000)
		for i := range pts {
			p := &pts[i]
			p.Curve = model.CurveKey{Model: "m", Hardware: fmt.Sprintf("hw%d", r.IntN(curves)), Framework: "sglang", Precision: "fp4"}
			p.Source = model.SourcePublished
			p.Prov.Date = fmt.Sprintf("2026-11-%02d", 1+r.IntN(28))
			p.Knobs = model.Knobs{Mode: model.ModeDisagg, Prefill: model.Role{Workers: 1 + r.IntN(12), TP: 2, EP: 2, DPAttn: true},
				Decode: model.Role{Workers: 1, TP: 16, EP: 16, DPAttn: true}, Concurrency: 4 + r.IntN(8000)}
		}
		nb := numbersOfLoad(pts)
		b.Run(fmt.Sprintf("%dcurves/a-curve-at-a-time", curves), func(b *testing.B) {
			for b.Loop() {
				nb.byCurve(0)
			}
		})
		b.Run(fmt.Sprintf("%dcurves/one-pass", curves), func(b *testing.B) {
			for b.Loop() {
				nb.ByCurve()
			}
		})
	}
}
