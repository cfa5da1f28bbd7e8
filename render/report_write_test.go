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

// bigReportCurves are curves of many points each, every kind of mark
// among them: dated and undated points, projected and short runs,
// suspect points (admitted or not), points the North-star gate does not
// draw, IDs of wide and invalid text.
func bigReportCurves(n, points int) []ReportCurve {
	var curves []ReportCurve
	for c := range n {
		k := model.CurveKey{Model: "m", Hardware: []string{"gb300", "h200"}[c%2], Framework: "sglang", Precision: "fp4", Spec: []string{"", "mtp", "eagle"}[c%3]}
		pts := make([]model.Point, points)
		for i := range pts {
			p := &pts[i]
			p.ID, p.Source, p.Curve = fmt.Sprintf("p%d-%d", c, i), model.SourcePublished, k
			switch i % 13 {
			case 1:
				p.ID += "×✓"
			case 2:
				p.ID += "\xff "
			case 3:
				p.Suspicion = &model.Suspicion{Rule: model.RuleImplausible, Why: "why", Admitted: i%2 == 0}
			case 4:
				p.Prov.DurationS = 1200 // a short run shown raw
			case 5:
				p.Prov.DurationS, p.Prov.ProjectedFromS = 3600, 1200
			}
			if c%2 == 0 {
				p.Prov.Date = fmt.Sprintf("2026-11-%02d", 1+i%28)
			}
			p.Knobs.Concurrency, p.Knobs.DecodeBS = 1+i%700, i%3*64
			p.Knobs.Prefill.Workers, p.Knobs.Prefill.GPUs, p.Knobs.Decode.Workers, p.Knobs.Decode.GPUs = 1+i%5, 2, 1, 16
			p.Metrics.Set(model.TputPerGPU, float64(100000-i*7)+float64(i%10)/8)
			if i%17 != 0 {
				p.Metrics.Set(model.MeanIntvty, float64(10+i%400)+float64(i%3)/3)
			}
		}
		rc := MarkCurve(model.Curve{Key: k, Points: pts}, model.AxisMeanIntvty, model.AxisTputPerGPU)
		if c%3 == 1 {
			rc.NotDrawn = make([]string, points)
			for i := range rc.NotDrawn {
				if !rc.OnFrontier[i] && i%7 == 0 {
					rc.NotDrawn[i] = []string{model.NoTraces, "beaten"}[i%2]
				}
			}
		}
		curves = append(curves, rc)
	}
	return curves
}

// Curves of many points, a batch ending on its points and not its count,
// are written as Report words them, whatever each row's marks.
func TestWriteReportOfBigCurvesIsReportPlain(t *testing.T) {
	o := ReportOptions{X: model.AxisMeanIntvty, Y: model.AxisTputPerGPU, Width: 80, Height: 16}
	curves := bigReportCurves(5, reportBatchPoints/2+100)
	want := Report(curves, o).Plain()
	for _, mark := range []string{"suspect (implausible), included", "short run (", "Pareto, not drawn: ", "≈ ", "2026-11-", "×✓"} {
		if !strings.Contains(want, mark) {
			t.Fatalf("no row says %q: the test checks less than it says", mark)
		}
	}
	var got bytes.Buffer
	if err := WriteReport(&got, curves, o); err != nil {
		t.Fatal(err)
	}
	if got.String() != want {
		t.Fatalf("written %d bytes, Report %d", got.Len(), len(want))
	}
}
