package render

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// compareCurves are curves of gains with every kind of row: within noise
// either way or both, outside the other curve's range, projected, a
// short run not projected, not drawn by the dashboard (alone and after a
// note); curves with no gain, and points skipped.
func compareCurves(n, gains int) []model.CurveGains {
	var out []model.CurveGains
	for c := range n {
		cg := model.CurveGains{Curve: model.CurveKey{Model: "m", Hardware: "gb300", Framework: fmt.Sprintf("f%d", c), Precision: "fp4"}, Skipped: c % 3}
		if c%4 == 3 {
			out = append(out, cg) // no gain
			continue
		}
		for i := range gains {
			g := model.PointGain{ID: fmt.Sprintf("p%d-%d×", c, i), Curve: cg.Curve}
			g.X, g.Y = float64(10+i)+float64(i%7)/3, float64(500000-i*13)+float64(i%5)/4
			if i%9 != 0 {
				g.HasOther, g.Other, g.Dashboard = true, g.Y*0.97, g.Y*1.01
				g.GainPct, g.DashboardPct = 3.09+float64(i%11), -0.99-float64(i%4)
			}
			g.WithinNoise, g.DashboardWithinNoise = i%3 == 1, i%5 == 1
			switch i % 13 {
			case 2:
				g.ProjectedFromS = 1200
			case 4:
				g.NotProjected, g.ShortRunS = "no pairs", 900
			}
			if c%2 == 0 && i%7 == 0 {
				g.NotDrawn = []string{model.NoTraces, "beaten"}[i%2]
			}
			cg.Gains = append(cg.Gains, g)
		}
		out = append(out, cg)
	}
	return out
}

// WriteCompare writes what Compare words, byte for byte: with and without
// the noise, with notes in some curves and none in others, no gain at all.
func TestWriteCompareIsComparePlain(t *testing.T) {
	x, y := model.AxisMeanIntvty, model.AxisTputPerGPU
	noise := map[model.CurveKey]model.Noise{}
	for _, cg := range compareCurves(6, 1) {
		noise[cg.Curve] = model.Noise{Metrics: []model.MetricNoise{{Metric: model.TputPerGPU, Name: "tput_per_gpu", SpreadPct: 4.5, Pairs: 3}}}
	}
	for _, c := range []struct {
		curves []model.CurveGains
		noise  map[model.CurveKey]model.Noise
	}{{nil, nil}, {compareCurves(6, 40), noise}, {compareCurves(6, 40), nil}, {compareCurves(1, 5000), noise}, {compareCurves(4, 0), nil}} {
		want := Compare("sglang", x, y, c.curves, c.noise, nil).Plain()
		var got bytes.Buffer
		if err := WriteCompare(&got, "sglang", x, y, c.curves, c.noise, nil); err != nil {
			t.Fatal(err)
		}
		if got.String() != want {
			t.Fatalf("%d curves: written\n%s\nCompare\n%s", len(c.curves), got.String(), want)
		}
	}
	want := Compare("sglang", x, y, compareCurves(6, 40), noise, nil).Plain()
	for _, mark := range []string{"linear within noise", "dashboard's within noise", "; the dashboard would not draw it", "short run (", "≈ ", "+3.09 %", "-0.99 %"} {
		if !strings.Contains(want, mark) {
			t.Fatalf("no row says %q: the test checks less than it says", mark)
		}
	}
}
