package render

import (
	"bytes"
	"fmt"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// reportCurves are n curves over a few bases: local curves of several
// frameworks, a competitor curve beside some, a curve with no point on
// x, and curves of one point and of several.
func reportCurves(n int) []ReportCurve {
	var curves []ReportCurve
	for c := range n {
		k := model.CurveKey{Model: fmt.Sprintf("m%d", c%7), Hardware: "gb300", Framework: []string{"sglang", "vllm", "trt"}[c%3], Precision: "fp4"}
		src := model.SourceLocal
		if c%5 == 0 {
			src = model.SourceCompetitor
		}
		var pts []model.Point
		for i := range 1 + c%4 {
			p := model.Point{ID: fmt.Sprintf("p%d-%d", c, i), Source: src, Curve: k}
			p.Knobs.Concurrency = 4 << i
			p.Metrics.Set(model.TputPerGPU, float64(1000+c*10+i*300))
			if c%11 != 3 {
				p.Metrics.Set(model.MeanIntvty, float64(200-i*40+c))
			}
			pts = append(pts, p)
		}
		curves = append(curves, MarkCurve(model.Curve{Key: k, Points: pts}, model.AxisMeanIntvty, model.AxisTputPerGPU))
	}
	return curves
}

// The report written a batch at a time on every core is Report's text
// byte for byte: no curve, one, and more than a batch (competitors drawn
// beside the curves of their base, curves with nothing to plot).
func TestWriteReportIsReportPlain(t *testing.T) {
	o := ReportOptions{X: model.AxisMeanIntvty, Y: model.AxisTputPerGPU, Width: 60, Height: 12}
	for _, procs := range []int{1, 2} {
		prev := runtime.GOMAXPROCS(procs)
		for _, n := range []int{0, 1, 2*reportBatch + 9} {
			curves := reportCurves(n)
			want := Report(curves, o).Plain()
			var got bytes.Buffer
			if err := WriteReport(&got, curves, o); err != nil {
				t.Fatal(err)
			}
			if got.String() != want {
				t.Fatalf("%d curves on %d cores: written %d bytes, Report %d", n, procs, got.Len(), len(want))
			}
			if n > 100 && (!strings.Contains(want, "nothing to plot") || strings.HasSuffix(want, "\n\n")) {
				t.Fatalf("the curves should include one with nothing to plot and no blank line at the end:\n%s", want[len(want)-200:])
			}
		}
		runtime.GOMAXPROCS(prev)
	}
}

// A curve's rivals, found in its base's competitors, are model.Rivals of
// every curve's competitors: the same points in the same order.
func TestReportRivalsAreRivals(t *testing.T) {
	curves := reportCurves(200)
	var competitors []model.Point
	for _, c := range curves {
		competitors = append(competitors, model.WithSource(c.Points, model.SourceCompetitor)...)
	}
	rivals := newReportRivals(curves)
	found := 0
	for _, c := range curves {
		want := model.Rivals(competitors, c.Key, func(p *model.Point) bool { return p.Curve != c.Key })
		got := rivals.of(c.Key)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%v: %d rivals, want %d", c.Key, len(got), len(want))
		}
		found += len(got)
	}
	if found == 0 {
		t.Fatal("no curve has a rival: the test checks nothing")
	}
}
