package planner

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// kneePoints are three configurations' concurrency sweeps: one rising
// only, one with a knee whose peak and collapse are single points, one
// whose knee moves when either is left out (a second drop further on).
func kneePoints() []model.Point {
	var out []model.Point
	add := func(np, c int, y float64) {
		k := synthKnobs(np, "dep", 1, 256, c)
		p := model.Point{ID: fmt.Sprintf("np%d-c%d-%d", np, c, len(out)), Source: model.SourceLocal, Knobs: k}
		p.Metrics.Set(model.TputPerGPU, y)
		out = append(out, p)
	}
	for i, y := range []float64{100, 200, 300, 400} {
		add(1, 64*(i+1), y)
	}
	for i, y := range []float64{100, 300, 250, 260} {
		add(2, 64*(i+1), y)
	}
	for i, y := range []float64{100, 400, 350, 390, 300, 200} {
		add(3, 64*(i+1), y)
	}
	add(3, 128, 410) // a twin concurrency: ties keep their order
	return out
}

// Every held-out point's collapses are the search without it, by
// configuration (the order of the list is not read: collapseFor looks a
// configuration up).
func TestHeldCollapsesAreTheSearchWithoutThePoint(t *testing.T) {
	all := kneePoints()
	byKey := func(cs []Collapse) string {
		var s []string
		for _, c := range cs {
			s = append(s, fmt.Sprintf("%+v", c))
		}
		slices.Sort(s)
		return strings.Join(s, "\n")
	}
	for cut := 0; cut <= len(all); cut += 3 {
		a, b := all[:cut], all[cut:]
		h := newHeldCollapses(a, b)
		if got, want := byKey(h.base), byKey(searchWithout(a, b, -1)); got != want {
			t.Fatalf("cut %d, nothing held out:\n%s\nwant\n%s", cut, got, want)
		}
		changed := 0
		for i := range b {
			got, want := byKey(h.without(i)), byKey(searchWithout(a, b, i))
			if got != want {
				t.Errorf("cut %d, %s held out:\n%s\nwant\n%s", cut, b[i].ID, got, want)
			}
			if want != byKey(h.base) {
				changed++
			}
		}
		if cut == 0 && changed < 2 {
			t.Errorf("only %d held-out points change a knee: the sweep tests nothing", changed)
		}
	}
}

// The twin index finds what TwinOf finds, the point itself never counted.
func TestTwinIndexIsTwinOf(t *testing.T) {
	fit := append(kneePoints(), kneePoints()[:3]...)
	for i := len(fit) - 3; i < len(fit); i++ {
		fit[i].ID += "-again"
	}
	idx := newTwinIndex(fit)
	found := 0
	for _, p := range append(kneePoints(), fit...) {
		if got, want := idx.of(&p, fit), TwinOf(&p, fit); got != want {
			t.Errorf("%s: twin %q, TwinOf %q", p.ID, got, want)
		} else if want != "" {
			found++
		}
	}
	if found == 0 {
		t.Error("no twin found: the test compares nothing")
	}
}

// searchWithout is the search heldCollapses replaces: every point of a
// then b, b[skip] left out, searched again.
func searchWithout(a, b []model.Point, skip int) []Collapse {
	var pts []model.Point
	pts = append(pts, a...)
	for i := range b {
		if i != skip {
			pts = append(pts, b[i])
		}
	}
	return DetectCollapses(pts)
}
