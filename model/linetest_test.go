package model_test

import (
	"fmt"
	"math"
	"math/rand"
	"reflect"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

func TestReviewRemovalsWorkedExample(t *testing.T) {
	pts, kept := workedCurve(t)
	removed := pick(t, pts, id8PC4096, idAggTEP2C16, id9PB160)
	got := model.ReviewRemovals(kept, removed, model.AxisMeanIntvty, model.AxisTputPerGPU)
	want := []struct {
		id, line, gap string
		nb            []string
	}{
		{id8PC4096, "853,132.41", "-5.85", []string{id7PC5540, id5PC2884}},
		{idAggTEP2C16, "243,084.79", "-76.28", []string{id3PC1228, idAggTP4C16}},
		{id9PB160, "1,100,893.85", "-0.59", []string{id9PB192, id7PC5540}},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d verdicts, want %d", len(got), len(want))
	}
	for i, w := range want {
		v := got[i]
		if v.ID != w.id || v.Test != model.TestLine || !v.HasLine || !v.Covered {
			t.Errorf("%s: got %+v, want a covered line verdict", w.id, v)
		}
		if s := money(v.LineValue); s != w.line {
			t.Errorf("%s: line value %s, want %s", w.id, s, w.line)
		}
		if s := fmt.Sprintf("%.2f", v.GapPct); s != w.gap {
			t.Errorf("%s: gap %s %%, want %s %%", w.id, s, w.gap)
		}
		if !reflect.DeepEqual(v.Neighbours, w.nb) {
			t.Errorf("%s: neighbours %v, want %v (x ascending)", w.id, v.Neighbours, w.nb)
		}
		// The demo: none of them is Pareto-dominated; only the line removes them.
		if v.ParetoDominated || v.DominatedBy != "" {
			t.Errorf("%s: Pareto-dominated by %q, want not dominated", w.id, v.DominatedBy)
		}
	}
}

func TestReviewRemovalsEnds(t *testing.T) {
	x, y := model.AxisMeanIntvty, model.AxisTputPerGPU
	kept := []model.Point{pt("k1", x, 100, 1000), pt("k2", x, 200, 500)}
	removed := []model.Point{
		pt("left-dominated", x, 90, 900), // worse x, lower y than k1
		pt("left-free", x, 90, 1100),     // nothing kept beats it
		pt("right-free", x, 300, 10),     // best x of all
		pt("on-k2", x, 200, 400),         // exactly at a kept x
		pt("above-line", x, 150, 800),    // line gives 750
		pt("no-metric", model.AxisP90Intvty, 150, 1),
	}
	got := model.ReviewRemovals(kept, removed, x, y)
	want := []struct {
		test      string
		nb        []string
		covered   bool
		dominated string
	}{
		{model.TestPareto, []string{"k1"}, true, "k1"},
		{model.TestPareto, []string{"k1"}, false, ""},
		{model.TestPareto, []string{"k2"}, false, ""},
		{model.TestLine, []string{"k2"}, true, "k2"},
		{model.TestLine, []string{"k1", "k2"}, false, ""},
		{model.TestNone, []string{}, false, ""},
	}
	for i, w := range want {
		v := got[i]
		if v.Test != w.test || !reflect.DeepEqual(v.Neighbours, w.nb) || v.Covered != w.covered || v.DominatedBy != w.dominated || v.ParetoDominated != (w.dominated != "") {
			t.Errorf("%s: got %+v, want %+v", removed[i].ID, v, w)
		}
	}
	if v := got[4]; money(v.LineValue) != "750.00" || fmt.Sprintf("%.2f", v.GapPct) != "6.67" {
		t.Errorf("above-line: ℓ %s gap %.2f, want 750.00 and +6.67 %%", money(v.LineValue), v.GapPct)
	}
}

// Properties: a removed point is judged by the kept curve only (other removed
// points never change its verdict); line verdicts match a brute-force line;
// the order of either list does not matter.
func TestReviewRemovalsProperties(t *testing.T) {
	y := model.AxisTputPerGPU
	randomTrials(4, model.AxisP90E2EL, func(r *rand.Rand, x model.Axis) {
		kept := randomCurve(r, x, r.Intn(15), 20)
		removed := randomCurve(r, x, 1+r.Intn(10), 25)
		for i := range removed {
			removed[i].ID = "r" + removed[i].ID
		}
		got := model.ReviewRemovals(kept, removed, x, y)
		for i, v := range got {
			alone := model.ReviewRemovals(kept, removed[i:i+1], x, y)[0]
			if !reflect.DeepEqual(v, alone) {
				t.Fatalf("%s: verdict changes with other removed points", v.ID)
			}
			checkAgainstBruteForce(t, x, y, kept, v)
		}
		sk, sr := shuffled(r, kept), shuffled(r, removed)
		byID := map[string]model.RemovalVerdict{}
		for _, v := range got {
			byID[v.ID] = v
		}
		for _, v := range model.ReviewRemovals(sk, sr, x, y) {
			if !reflect.DeepEqual(v, byID[v.ID]) {
				t.Fatalf("%s: verdict depends on order: %+v vs %+v", v.ID, v, byID[v.ID])
			}
		}
	})
}

func checkAgainstBruteForce(t *testing.T, x, y model.Axis, kept []model.Point, v model.RemovalVerdict) {
	t.Helper()
	dominated := false
	lo, hi := math.Inf(-1), math.Inf(1)
	var loY, hiY float64
	for i := range kept {
		kx, ky, _ := kept[i].XY(x, y)
		dominated = dominated || model.Dominates(x, y, kx, ky, v.X, v.Y)
		if kx <= v.X && (kx > lo || (kx == lo && ky > loY)) {
			lo, loY = kx, ky
		}
		if kx >= v.X && (kx < hi || (kx == hi && ky > hiY)) {
			hi, hiY = kx, ky
		}
	}
	if dominated != v.ParetoDominated {
		t.Fatalf("%s: dominated %v, brute force %v", v.ID, v.ParetoDominated, dominated)
	}
	bracketed := !math.IsInf(lo, 0) && !math.IsInf(hi, 0)
	if bracketed != v.HasLine {
		t.Fatalf("%s: has line %v, brute force %v", v.ID, v.HasLine, bracketed)
	}
	if !bracketed {
		if v.Covered != dominated {
			t.Fatalf("%s: pareto verdict %v, dominated %v", v.ID, v.Covered, dominated)
		}
		return
	}
	line := loY
	if hi != lo {
		line = loY + (v.X-lo)*(hiY-loY)/(hi-lo)
	}
	if line != v.LineValue || v.Covered != (v.Y <= line) {
		t.Fatalf("%s: ℓ %v covered %v, brute force %v %v", v.ID, v.LineValue, v.Covered, line, v.Y <= line)
	}
}
