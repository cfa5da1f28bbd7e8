package model_test

import (
	"math/rand"
	"reflect"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// FrontierHull is Coords, Frontier and HullVertices, each on its own: on
// random grids (ties, plateaus, duplicates), every x axis, both y
// directions, with short runs shown raw and suspect points held out.
func TestFrontierHullIsEachOnItsOwn(t *testing.T) {
	r := rand.New(rand.NewSource(24))
	ys := []model.Axis{model.AxisTputPerGPU}
	for _, a := range model.YAxes {
		if !a.HigherBetter {
			ys = append(ys, a)
			break
		}
	}
	for trial := 0; trial < 80; trial++ {
		for _, x := range model.XAxes {
			for _, y := range ys {
				pts := randomCurve(r, x, 1+r.Intn(900), 3+r.Intn(40))
				for i := range pts {
					if v, ok := pts[i].Metrics.Get(model.TputPerGPU); ok {
						pts[i].Metrics.Set(y.Metric, v)
					}
					switch r.Intn(12) {
					case 0:
						pts[i].Prov.DurationS = model.SteadyStateS / 3 // raw short
					case 1:
						pts[i].Suspicion = &model.Suspicion{Rule: model.RuleImplausible}
					case 2:
						pts[i].Metrics.Clear(x.Metric)
					}
				}
				c, f, v := model.FrontierHull(pts, x, y)
				if !reflect.DeepEqual(c, model.Coords(pts, x, y)) || !reflect.DeepEqual(f, model.Frontier(pts, x, y)) ||
					!reflect.DeepEqual(v, model.HullVertices(pts, x, y)) {
					t.Fatalf("trial %d on %s × %s: not Coords, Frontier and HullVertices", trial, x.Name, y.Name)
				}
			}
		}
	}
}
