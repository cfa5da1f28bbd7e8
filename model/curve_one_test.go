package model_test

import (
	"reflect"
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/demo"
)

// CountCurves lists GroupCurves' curves in its order with the points
// that count; GatherCurve is GroupCurves' curve of a key.
func TestCountAndGatherAreGroupCurves(t *testing.T) {
	pts := demo.Tables("a", "b", "c").Points
	// other curves in turn with the demo's, as a dump interleaves them
	var mixed []model.Point
	for i, p := range pts {
		q := p
		q.Curve.Hardware = []string{"b200", "h200", "mi355x"}[i%3]
		mixed = append(mixed, q, p)
	}
	curves := model.GroupCurves(mixed)
	keys, local := model.CountCurves(mixed, func(p *model.Point) bool { return p.Source == model.SourceLocal })
	if len(keys) != len(curves) || len(curves) != 4 {
		t.Fatalf("%d keys, %d curves", len(keys), len(curves))
	}
	for i, c := range curves {
		n := 0
		for j := range c.Points {
			if c.Points[j].Source == model.SourceLocal {
				n++
			}
		}
		if keys[i] != c.Key || local[i] != n {
			t.Errorf("curve %d: %v %d, GroupCurves %v %d", i, keys[i], local[i], c.Key, n)
		}
		if g := model.GatherCurve(mixed, c.Key); !reflect.DeepEqual(g, c) {
			t.Errorf("GatherCurve(%v): %d points, GroupCurves %d", c.Key, len(g.Points), len(c.Points))
		}
	}
}
