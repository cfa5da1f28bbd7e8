package plot

import (
	"math/rand"
	"reflect"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// seriesOneByOne is curveSeries's markers and legend made in one part,
// over every point in order (the reference the halves must match).
func seriesOneByOne(pts []*model.Point, front []int, x, y model.Axis, cs CurveStyle) ([]PlotPoint, []bool) {
	onFrontier := make([]bool, len(pts))
	for _, k := range front {
		onFrontier[k] = true
	}
	out := make([]PlotPoint, len(pts))
	present := make([]bool, len(model.Sources)+1)
	return out[:markers(out, pts, 0, onFrontier, x, y, &cs, nil, present)], present
}

// Made in two parts or one, a series' markers and legend are the
// one-pass making's: around the size where the two parts start, every
// style, sources (planned and an unknown one among them) in one half only
// or both, points without coordinates, suspects, a frontier in either half.
func TestSeriesInHalvesIsOnePass(t *testing.T) {
	r := rand.New(rand.NewSource(24))
	x, y := model.DefaultXAxis, model.AxisTputPerGPU
	styles := []CurveStyle{{Name: "shown"}, {Name: "overlay", Glyph: OverlayGlyph(0), Overlay: true},
		{Name: "optimal", OptimalOnly: true}, {Name: "overlay optimal", Glyph: OverlayGlyph(1), Overlay: true, OptimalOnly: true}}
	sources := append(append([]model.Source(nil), model.Sources...), "elsewhere")
	for _, n := range []int{0, 1, parallelSeries - 1, parallelSeries, parallelSeries + 3, 2*parallelSeries + 7} {
		for _, mix := range []string{"random", "local in the second half only", "first half without coordinates"} {
			pts := make([]model.Point, n)
			for i := range pts {
				p := &pts[i]
				p.ID = string(rune('a'+i%26)) + "-id"
				p.Knobs.Mode = "disagg"
				p.Metrics.Set(x.Metric, r.Float64())
				p.Metrics.Set(y.Metric, r.Float64())
				p.Source = sources[r.Intn(len(sources))]
				switch {
				case mix == "local in the second half only":
					p.Source = model.SourcePublished
					if i >= n/2 && r.Intn(3) == 0 {
						p.Source = model.SourceLocal
					}
				case mix == "first half without coordinates" && i < n/2:
					p.Metrics.Clear(y.Metric)
				}
				if r.Intn(11) == 0 {
					p.Suspicion = &model.Suspicion{Rule: model.RuleImplausible, Admitted: r.Intn(2) == 0}
				}
			}
			refs := model.RefsTo(pts)
			front := randomFront(r, len(refs), 50)
			for _, cs := range styles {
				s := curveSeries(refs, front, x, y, cs, nil)
				want, present := seriesOneByOne(refs, front, x, y, cs)
				if len(s.Points) != len(want) || len(want) > 0 && !reflect.DeepEqual(s.Points, want) {
					t.Fatalf("%d points, %s, style %q: %d markers, want %d (or they differ)", n, mix, cs.Name, len(s.Points), len(want))
				}
				if cap(s.Points) != len(s.Points) {
					t.Fatalf("%d points, %s, style %q: capacity %d beyond the %d markers", n, mix, cs.Name, cap(s.Points), len(s.Points))
				}
				if cs.Glyph == 0 {
					var classes []uint8
					for i, src := range model.Sources {
						if present[i] {
							classes = append(classes, SourceClass(src))
						}
					}
					var got []uint8
					for _, l := range s.Legend {
						got = append(got, l.Class)
					}
					if !reflect.DeepEqual(got, classes) {
						t.Fatalf("%d points, %s, style %q: legend classes %v, want %v", n, mix, cs.Name, got, classes)
					}
				}
			}
		}
	}
}

// randomFront picks about one index of n in oneIn as a frontier, ascending.
func randomFront(r *rand.Rand, n, oneIn int) []int {
	var front []int
	for i := range n {
		if r.Intn(oneIn) == 0 {
			front = append(front, i)
		}
	}
	return front
}
