package model_test

import (
	"cmp"
	"math/rand"
	"reflect"
	"slices"
	"strconv"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// compareByCopies is Compare as the plain reading states it: the points
// isOther leaves, copied and grouped by curve; each curve against the
// rivals of its base, in load order.
func compareByCopies(points []model.Point, isOther func(*model.Point) bool, x, y model.Axis) []model.CurveGains {
	var ours []model.Point
	for i := range points {
		if !isOther(&points[i]) {
			ours = append(ours, points[i])
		}
	}
	var out []model.CurveGains
	for _, c := range model.GroupCurves(ours) {
		out = append(out, model.CompareCurve(c, model.Rivals(points, c.Key, isOther), x, y))
	}
	return out
}

// Interleaved curves of two models and three frameworks, ties in x, points
// without the x metric, a source selector that takes part of a curve and a
// framework one that takes whole curves: Compare is the plain reading, on
// the points in load order and grouped by curve (as a view takes them),
// each curve's gains in the stable order by x.
func TestCompareIsThePerCurveReading(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	var points []model.Point
	for i := range 3000 {
		p := pt("p"+strconv.Itoa(i), model.AxisP90Intvty, float64(1+r.Intn(40)), float64(1+r.Intn(500)))
		if r.Intn(20) == 0 {
			p = model.Point{ID: p.ID, Source: model.SourceLocal}
			p.Metrics.Set(model.TputPerGPU, 7)
		}
		p.Curve = model.CurveKey{Model: []string{"m1", "m2"}[r.Intn(2)], Scenario: "1k1k", Hardware: "gb300",
			Framework: []string{"sglang", "vllm", "trt"}[r.Intn(3)], Precision: "fp4", Spec: []string{"", "mtp"}[r.Intn(2)]}
		if r.Intn(4) == 0 {
			p.Source = model.SourceCompetitor
		}
		points = append(points, p)
	}
	x, y := model.AxisP90Intvty, model.AxisTputPerGPU
	// the points grouped by curve, in the order the curves first come,
	// each curve's in load order: as the view takes the shown points
	first := map[model.CurveKey]int{}
	for i := range points {
		if _, ok := first[points[i].Curve]; !ok {
			first[points[i].Curve] = i
		}
	}
	grouped := slices.Clone(points)
	slices.SortStableFunc(grouped, func(a, b model.Point) int { return cmp.Compare(first[a.Curve], first[b.Curve]) })
	for name, isOther := range map[string]func(*model.Point) bool{
		"framework": func(p *model.Point) bool { return p.Curve.Framework == "sglang" },
		"source":    func(p *model.Point) bool { return p.Source == model.SourceCompetitor },
	} {
		got, want := model.Compare(points, isOther, x, y), compareByCopies(points, isOther, x, y)
		for _, c := range got {
			for gi := range c.Gains {
				g := &c.Gains[gi]
				if p := points[g.Index]; p.ID != g.ID || p.Curve != g.Curve || isOther(&p) {
					t.Fatalf("%s: gain of %s has index %d, of %s", name, g.ID, g.Index, p.ID)
				}
				g.Index = 0 // into the points given; the plain reading's, into each curve's
			}
		}
		for _, c := range want {
			for gi := range c.Gains {
				c.Gains[gi].Index = 0
			}
		}
		if len(want) < 8 || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %d curves differ from the per-curve reading's %d", name, len(got), len(want))
		}
		byCurve := model.Compare(grouped, isOther, x, y)
		for _, c := range byCurve {
			for gi := range c.Gains {
				c.Gains[gi].Index = 0
			}
		}
		if !reflect.DeepEqual(byCurve, want) {
			t.Errorf("%s: the points grouped by curve compare otherwise than in load order", name)
		}
		// each curve's gains in x order, ties in the curve's load order
		for _, c := range got {
			var ids []string
			for _, g := range c.Gains {
				ids = append(ids, g.ID)
			}
			var own []model.Point
			for i := range points {
				if points[i].Curve == c.Curve && !isOther(&points[i]) {
					own = append(own, points[i])
				}
			}
			plain := model.Gains(own, model.Rivals(points, c.Curve, isOther), x, y)
			slices.SortStableFunc(plain, func(a, b model.Gain) int { return cmp.Compare(a.X, b.X) })
			var wantIDs []string
			for _, g := range plain {
				wantIDs = append(wantIDs, own[g.Index].ID)
			}
			if !slices.Equal(ids, wantIDs) {
				t.Fatalf("%s: curve %s's gains in the order %v, the stable order by x %v", name, c.Curve, ids, wantIDs)
			}
		}
	}
}
