package model_test

import (
	"math"
	"math/rand"
	"reflect"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// The demo: the kept curve is not concave. 3P c1228 lies under the chord agg
// TP4 c16 – 5P c2884, and with it gone 5P c2884 falls under 7P – agg TP4 c16,
// so the hull keeps 9P BS192, 7P c5540 and agg TP4 c16.
func TestHullWorkedKeptCurve(t *testing.T) {
	_, kept := workedCurve(t)
	x, y := model.AxisMeanIntvty, model.AxisTputPerGPU
	got := ids(kept, model.HullVertices(kept, x, y))
	if want := []string{id9PB192, id7PC5540, idAggTP4C16}; !reflect.DeepEqual(got, want) {
		t.Fatalf("hull vertices %v, want %v", got, want)
	}
	gaps := map[string]model.HullGap{}
	for _, g := range model.HullGaps(kept, x, y) {
		gaps[kept[g.Index].ID] = g
	}
	g := gaps[id3PC1228]
	// Hull at 267.4 is the 7P – agg TP4 c16 chord.
	wantHull := 1033494 + (267.4-150.7)*(29428-1033494)/(545-150.7)
	if g.Vertex || money(g.HullValue) != money(wantHull) || money(g.Gap) != money(wantHull-383313) {
		t.Errorf("3P c1228: %+v, want under the hull %s by %s", g, money(wantHull), money(wantHull-383313))
	}
	if pct := 100 * (wantHull - 383313) / wantHull; math.Abs(g.GapPct-pct) > 1e-9 || g.GapPct < 40 {
		t.Errorf("3P c1228 gap %.2f %%, want %.2f %%", g.GapPct, pct)
	}
	if g := gaps[id5PC2884]; g.Vertex || g.Gap <= 0 {
		t.Errorf("5P c2884: %+v, want under the hull", g)
	}
	if g := gaps[id7PC5540]; !g.Vertex || g.Gap != 0 || g.HullValue != 1033494 {
		t.Errorf("7P c5540: %+v, want a vertex with no gap", g)
	}
}

func TestHullCollinearIsNotVertex(t *testing.T) {
	x := model.AxisMeanIntvty
	pts := []model.Point{pt("a", x, 1, 30), pt("b", x, 2, 20), pt("c", x, 3, 10)}
	if got := ids(pts, model.HullVertices(pts, x, model.AxisTputPerGPU)); !reflect.DeepEqual(got, []string{"a", "c"}) {
		t.Errorf("hull vertices %v, want [a c]", got)
	}
}

// On E2EL the plateau's far end lies on the hull's flat part: on it, not a vertex.
func TestHullPlateauOnLatency(t *testing.T) {
	x := model.AxisP90E2EL
	pts := []model.Point{pt("a", x, 1, 5), pt("b", x, 2, 10), pt("c", x, 4, 10), pt("d", x, 5, 7)}
	if got := ids(pts, model.HullVertices(pts, x, model.AxisTputPerGPU)); !reflect.DeepEqual(got, []string{"a", "b"}) {
		t.Errorf("hull vertices %v, want [a b]", got)
	}
	for _, g := range model.HullGaps(pts, x, model.AxisTputPerGPU) {
		if id := pts[g.Index].ID; (id == "c" && (g.Gap != 0 || g.Vertex)) || (id == "d" && g.Gap != 3) {
			t.Errorf("%s: %+v", id, g)
		}
	}
}

// Properties: the hull lies on or above every point, vertices are frontier
// points, and nothing depends on input order.
func TestHullProperties(t *testing.T) {
	y := model.AxisTputPerGPU
	randomTrials(3, model.AxisP75E2EL, func(r *rand.Rand, x model.Axis) {
		pts := randomCurve(r, x, 1+r.Intn(40), 2+r.Intn(30))
		onFront := indexSet(model.Frontier(pts, x, y))
		for _, i := range model.HullVertices(pts, x, y) {
			if !onFront[i] {
				t.Fatalf("%s: hull vertex %s off the frontier", x.Name, pts[i].ID)
			}
		}
		byID := map[string]model.HullGap{}
		for _, g := range model.HullGaps(pts, x, y) {
			_, py, _ := pts[g.Index].XY(x, y)
			if g.HullValue < py-1e-9*math.Abs(py) || g.Gap < -1e-9*math.Abs(py) {
				t.Fatalf("%s: %s at %v above the hull %v", x.Name, pts[g.Index].ID, py, g.HullValue)
			}
			byID[pts[g.Index].ID] = g
		}
		sh := shuffled(r, pts)
		if a, b := ids(pts, model.HullVertices(pts, x, y)), ids(sh, model.HullVertices(sh, x, y)); !reflect.DeepEqual(a, b) {
			t.Fatalf("%s: hull depends on order: %v vs %v", x.Name, a, b)
		}
		for _, g := range model.HullGaps(sh, x, y) {
			w := byID[sh[g.Index].ID]
			if g.Vertex != w.Vertex || g.HullValue != w.HullValue {
				t.Fatalf("%s: gap of %s depends on order", x.Name, sh[g.Index].ID)
			}
		}
	})
}
