package model

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// projectPoint leaves a point as projectOne's Point: random metrics (some
// missing, some overflowing), factors for some metrics and lengths.
func TestProjectPointIsProjectOne(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 24))
	for trial := range 3000 {
		pr := Projection{SteadyS: 600}
		for m := Metric(0); m < NumMetrics; m++ {
			for _, d := range []float64{60, 120} {
				if r.IntN(3) > 0 {
					f := 0.5 + r.Float64()
					if r.IntN(50) == 0 {
						f = 1e308
					}
					pr.Factors = append(pr.Factors, RunFactor{Metric: m, ShortS: d, Factor: f})
				}
			}
		}
		var p Point
		p.ID = "p"
		for m := Metric(0); m < NumMetrics; m++ {
			if r.IntN(4) > 0 {
				p.Metrics.Set(m, r.Float64()*1e6)
			}
		}
		d := []float64{60, 120, 300}[r.IntN(3)]
		p.Prov.DurationS = d
		run, wantOK := projectOne(&pr, p, d)
		got := p
		if ok := projectPoint(&pr, &got, d); ok != wantOK {
			t.Fatalf("trial %d: ok %v, projectOne %v", trial, ok, wantOK)
		}
		want := p
		if wantOK {
			want = run.Point
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("trial %d: %+v, projectOne %+v", trial, got, want)
		}
	}
}
