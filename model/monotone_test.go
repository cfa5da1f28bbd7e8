package model

import (
	"math"
	"os"
	"strings"
	"testing"
)

// The cases of the dashboard's own tests (InferenceX-app
// packages/app/src/components/calculator/useThroughputData.test.ts @ 77ca49a6).
func TestMonotoneSlopesAsTheDashboardTestsThem(t *testing.T) {
	if got := monotoneSlopes([]float64{1}, []float64{5}); len(got) != 1 || got[0] != 0 {
		t.Errorf("one point: %v, want [0]", got)
	}
	two := monotoneSlopes([]float64{0, 10}, []float64{0, 100})
	if math.Abs(two[0]-15) > 1e-9 || math.Abs(two[1]-7.5) > 1e-9 {
		t.Errorf("two points: %v, want [15 7.5] (the last endpoint read after the first was set)", two)
	}
	if three := monotoneSlopes([]float64{0, 1, 2}, []float64{0, 1, 4}); math.Abs(three[1]-2) > 1e-9 {
		t.Errorf("three points: interior %v, want 2", three[1])
	}
	if peak := monotoneSlopes([]float64{0, 1, 2}, []float64{0, 1, 0}); peak[1] != 0 {
		t.Errorf("opposite secants: interior %v, want 0", peak[1])
	}
	xs, ys := []float64{0, 10, 20, 30}, []float64{0, 100, 200, 300}
	m := monotoneSlopes(xs, ys)
	for i := range xs {
		if v := hermiteAt(xs, ys, m, xs[i]); math.Abs(v-ys[i]) > 1e-9 {
			t.Errorf("knot %v: %v, want %v", xs[i], v, ys[i])
		}
	}
	if v := hermiteAt(xs, ys, m, 15); math.Abs(v-150) > 0.5 {
		t.Errorf("linear data at 15: %v, want ≈150", v)
	}
	xs, ys = []float64{0, 10, 20, 30, 40}, []float64{0, 50, 120, 200, 350}
	m = monotoneSlopes(xs, ys)
	prev := hermiteAt(xs, ys, m, 0)
	for x := 1.0; x <= 40; x++ {
		v := hermiteAt(xs, ys, m, x)
		if v < prev-1e-10 {
			t.Fatalf("not monotone at %v: %v after %v", x, v, prev)
		}
		prev = v
	}
	if v := hermiteAt([]float64{10, 10, 20}, []float64{100, 100, 200}, monotoneSlopes([]float64{10, 10, 20}, []float64{100, 100, 200}), 10); v != 100 {
		t.Errorf("zero-width segment: %v, want 100", v)
	}
}

// The demo's vLLM frontier read at the retune's two gain points. The
// expected values are what the dashboard's own functions print
// (paretoFrontUpperLeft, monotoneSlopes and hermiteInterpolate of
// useThroughputData.ts @ 77ca49a6, bundled with esbuild and run by node 20
// on these three points); docs/dashboard.md says how to run it again.
func TestAtMonotoneMatchesTheDashboardOnTheDemo(t *testing.T) {
	l := FrontierLine{xs: []float64{75.5, 145.6, 196.5}, ys: []float64{1011514, 993521, 954146}}
	wantSlopes := []float64{-128.33808844507848, -513.3523537803139, -903.6872808701571}
	for i, s := range monotoneSlopes(l.xs, l.ys) {
		if math.Abs(s-wantSlopes[i]) > 1e-9 {
			t.Errorf("slope %d: %v, want %v", i, s, wantSlopes[i])
		}
	}
	for _, c := range []struct{ x, want, y, gain float64 }{
		{97.4, 1008429.0793984706, 1117063, 10.7726},
		{157.5, 986410.777119337, 1033494, 4.7732},
	} {
		v, ok := l.AtMonotone(c.x)
		if !ok || math.Abs(v-c.want) > 1e-6 {
			t.Errorf("at %v: %v %v, want %v", c.x, v, ok, c.want)
		}
		if g := 100 * (c.y/v - 1); math.Abs(g-c.gain) > 5e-5 {
			t.Errorf("gain at %v: %.4f %%, want %.4f %%", c.x, g, c.gain)
		}
		lin, _ := l.At(c.x)
		if math.Abs(lin-v)/v < 1e-4 {
			t.Errorf("at %v the linear %v and the monotone %v readings should differ", c.x, lin, v)
		}
	}
	if _, ok := l.AtMonotone(200); ok {
		t.Error("read past the frontier's last point: never extrapolated")
	}
	if v, ok := l.AtMonotone(145.6); !ok || v != 993521 {
		t.Errorf("at a knot: %v, want the knot's value", v)
	}
}

// The formula ported here is the dashboard's: when its checkout is beside
// the repository, its lines are still there.
func TestMonotoneFormulaIsTheDashboards(t *testing.T) {
	src, err := os.ReadFile("/work/ext/InferenceX-app/packages/app/src/components/calculator/useThroughputData.ts")
	if err != nil {
		t.Skip("the InferenceX-app checkout is not here")
	}
	for _, line := range []string{
		"m[i] = (sign(s0) + sign(s1)) * Math.min(Math.abs(s0), Math.abs(s1), 0.5 * Math.abs(p)) || 0;",
		"m[0] = h[0] ? (3 * s[0] - m[1]) / 2 : m[1];",
		"m[n - 1] = h[n - 2] ? (3 * s[n - 2] - m[n - 2]) / 2 : m[n - 2];",
		"return h00 * ys[lo] + h10 * h * m[lo] + h01 * ys[hi] + h11 * h * m[hi];",
		"value: Math.max(0, interpolatedOutput),",
	} {
		if !strings.Contains(string(src), line) {
			t.Errorf("the dashboard's interpolation no longer has %q: port it again", line)
		}
	}
}
