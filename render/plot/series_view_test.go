package plot

import (
	"math/rand"
	"reflect"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// viewValuesOf is what a view's pass reads of refs on x, y (workbench's
// viewFrom): the coordinates, the held-out points' with both, IDs, tags.
func viewValuesOf(refs []*model.Point, x, y model.Axis) ViewValues {
	v := ViewValues{IDs: make([]string, len(refs)), Tags: make([]model.Tag, len(refs))}
	for k, p := range refs {
		v.IDs[k], v.Tags[k] = p.ID, model.TagOf(p)
		if c, _, ok := model.CoordOn(p, k, x.Metric, y.Metric); ok {
			v.Coords = append(v.Coords, c)
		} else if xv, yv, ok := p.XY(x, y); ok {
			v.Held = append(v.Held, model.XYPoint{X: xv, Y: yv, Index: k})
		}
	}
	return v
}

// The series made of a view's values is the series made of its points:
// every style, every source (an unknown one too), suspects held out and
// admitted, points without coordinates, sizes on both sides of the split
// into halves.
func TestSeriesOfViewIsOfPoints(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	x, y := model.DefaultXAxis, model.AxisTputPerGPU
	styles := []CurveStyle{{Name: "shown"}, {Name: "overlay", Glyph: OverlayGlyph(0), Overlay: true},
		{Name: "optimal", OptimalOnly: true}}
	sources := append(append([]model.Source(nil), model.Sources...), "elsewhere")
	for _, n := range []int{0, 1, 40, parallelSeries + 5, 2*parallelSeries + 1} {
		pts := make([]model.Point, n)
		for i := range pts {
			p := &pts[i]
			p.ID = string(rune('a'+i%26)) + "-id"
			p.Source = sources[r.Intn(len(sources))]
			if r.Intn(9) > 0 {
				p.Metrics.Set(x.Metric, r.Float64())
			}
			if r.Intn(9) > 0 {
				p.Metrics.Set(y.Metric, r.Float64())
			}
			if r.Intn(6) == 0 {
				p.Suspicion = &model.Suspicion{Rule: model.RuleImplausible, Admitted: r.Intn(2) == 0}
			}
		}
		refs := model.RefsTo(pts)
		front := randomFront(r, len(refs), 20)
		v := viewValuesOf(refs, x, y)
		if n > 40 && len(v.Held) == 0 {
			t.Fatalf("%d points: no held-out point with coordinates to merge", n)
		}
		for _, cs := range styles {
			want := curveSeries(refs, front, x, y, cs, nil)
			got := CurveSeriesOfView(refs, v, front, cs)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%d points, style %q: the series of the view's values differs from its points' (%d markers, want %d)", n, cs.Name, len(got.Points), len(want.Points))
			}
		}
	}
}

func TestMergeByIndex(t *testing.T) {
	a := []model.XYPoint{{Index: 1}, {Index: 4}, {Index: 5}}
	b := []model.XYPoint{{Index: 0}, {Index: 2}, {Index: 9}}
	var got []int
	for _, c := range mergeByIndex(a, b) {
		got = append(got, c.Index)
	}
	if want := []int{0, 1, 2, 4, 5, 9}; !reflect.DeepEqual(got, want) {
		t.Fatalf("merged %v, want %v", got, want)
	}
}
