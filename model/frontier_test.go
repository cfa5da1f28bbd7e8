package model_test

import (
	"fmt"
	"math/rand"
	"reflect"
	"slices"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

func ids(points []model.Point, idx []int) []string {
	out := make([]string, len(idx))
	for i, k := range idx {
		out[i] = points[k].ID
	}
	return out
}

// The dashboard keeps an equal-throughput plateau on E2EL charts and only its
// best-x end on interactivity charts (InferenceX-app chart-utils.ts).
func TestFrontierPlateauRule(t *testing.T) {
	y := model.AxisTputPerGPU
	lat := model.AxisP90E2EL
	e2e := []model.Point{pt("a", lat, 1, 10), pt("b", lat, 2, 10), pt("c", lat, 3, 5), pt("d", lat, 0.5, 4)}
	if got, want := ids(e2e, model.Frontier(e2e, lat, y)), []string{"d", "a", "b"}; !reflect.DeepEqual(got, want) {
		t.Errorf("E2EL frontier %v, want %v (plateau a–b kept)", got, want)
	}
	iv := model.AxisMeanIntvty
	inter := []model.Point{pt("a", iv, 1, 10), pt("b", iv, 2, 10), pt("c", iv, 3, 5), pt("d", iv, 0.5, 4)}
	if got, want := ids(inter, model.Frontier(inter, iv, y)), []string{"b", "c"}; !reflect.DeepEqual(got, want) {
		t.Errorf("interactivity frontier %v, want %v (plateau collapses to its best x)", got, want)
	}
}

func TestFrontierDuplicatesKeepSmallestID(t *testing.T) {
	iv := model.AxisMeanIntvty
	pts := []model.Point{pt("z", iv, 5, 5), pt("m", iv, 5, 5), pt("k", iv, 5, 4)}
	if got := ids(pts, model.Frontier(pts, iv, model.AxisTputPerGPU)); !reflect.DeepEqual(got, []string{"m"}) {
		t.Errorf("frontier %v, want [m]", got)
	}
}

func TestFrontierSkipsAbsentMetrics(t *testing.T) {
	pts := demoPoints(t)
	for _, i := range model.Frontier(pts, model.AxisP90E2EL, model.AxisTputPerGPU) {
		if !pts[i].Metrics.Has(model.P90E2EL) {
			t.Errorf("%s has no p90-e2el but is on its frontier", pts[i].ID)
		}
	}
}

// indexSet is the set of indices idx.
func indexSet(idx []int) map[int]bool {
	on := make(map[int]bool, len(idx))
	for _, i := range idx {
		on[i] = true
	}
	return on
}

// frontierHolds checks what makes front the frontier of pts: no frontier
// point is beaten, and every other point is beaten by a frontier point or
// duplicates one.
func frontierHolds(t *testing.T, what string, pts []model.Point, front []int, x, y model.Axis) {
	t.Helper()
	on := indexSet(front)
	for i := range pts {
		px, py, _ := pts[i].XY(x, y)
		beaten, dup := false, false
		for j := range pts {
			qx, qy, _ := pts[j].XY(x, y)
			if j != i && model.FrontierBeats(x, y, qx, qy, px, py) {
				if on[i] {
					t.Fatalf("%s: frontier point %s beaten by %s", what, pts[i].ID, pts[j].ID)
				}
				beaten = beaten || on[j]
			}
			dup = dup || (j != i && on[j] && qx == px && qy == py)
		}
		if !on[i] && !beaten && !dup {
			t.Fatalf("%s: %s off the frontier but not beaten by a frontier point", what, pts[i].ID)
		}
	}
}

// Properties over random grids, both x directions: no frontier point is
// beaten; every other point is beaten by a frontier point or duplicates one;
// input order does not matter.
func TestFrontierProperties(t *testing.T) {
	y := model.AxisTputPerGPU
	randomTrials(1, model.AxisP90E2EL, func(r *rand.Rand, x model.Axis) {
		pts := randomCurve(r, x, 1+r.Intn(40), 1+r.Intn(12))
		front := model.Frontier(pts, x, y)
		for k := 1; k < len(front); k++ {
			prev, _ := pts[front[k-1]].Value(x.Metric)
			cur, _ := pts[front[k]].Value(x.Metric)
			if !(prev < cur) {
				t.Fatalf("%s: frontier not strictly ascending in x", x.Name)
			}
		}
		frontierHolds(t, x.Name, pts, front, x, y)
		got := ids(pts, front)
		sh := shuffled(r, pts)
		if again := ids(sh, model.Frontier(sh, x, y)); !reflect.DeepEqual(got, again) {
			t.Fatalf("%s: frontier depends on order: %v vs %v", x.Name, got, again)
		}
	})
}

// On an interactivity axis the frontier is exactly the Pareto non-dominated
// set (one of each exact duplicate; docs/review.md).
func TestFrontierIsNonDominatedOnInteractivity(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	x, y := model.AxisP90Intvty, model.AxisTputPerGPU
	for trial := 0; trial < 200; trial++ {
		pts := randomCurve(r, x, 1+r.Intn(30), 8)
		seen := map[[2]float64]bool{}
		var want []string
		order := make([]int, len(pts))
		for i := range order {
			order[i] = i
		}
		slices.SortFunc(order, func(a, b int) int {
			ax, _ := pts[a].Value(x.Metric)
			bx, _ := pts[b].Value(x.Metric)
			if ax != bx {
				return int(ax - bx)
			}
			if pts[a].ID < pts[b].ID {
				return -1
			}
			return 1
		})
		for _, i := range order {
			px, py, _ := pts[i].XY(x, y)
			dominated := false
			for j := range pts {
				qx, qy, _ := pts[j].XY(x, y)
				dominated = dominated || model.Dominates(x, y, qx, qy, px, py)
			}
			if !dominated && !seen[[2]float64{px, py}] {
				seen[[2]float64{px, py}] = true
				want = append(want, pts[i].ID)
			}
		}
		if got := ids(pts, model.Frontier(pts, x, y)); !reflect.DeepEqual(got, want) {
			t.Fatalf("frontier %v, want non-dominated %v", got, want)
		}
	}
}

// Large inputs go through the bucket pre-filter; the result must still be
// exactly the frontier.
func TestFrontierLargeInputsProperties(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	y := model.AxisTputPerGPU
	for _, x := range []model.Axis{model.AxisMeanIntvty, model.AxisP90E2EL} {
		for _, grid := range []int{40, 100000} {
			pts := randomCurve(r, x, 1500, grid)
			frontierHolds(t, fmt.Sprintf("%s grid %d", x.Name, grid), pts, model.Frontier(pts, x, y), x, y)
		}
	}
}
