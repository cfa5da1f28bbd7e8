package points

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// randomIDs are n points over four curves with IDs of random shapes,
// knobs, tags and dates, some not ASCII, some wider than the column.
func randomIDs(r *rand.Rand, n int) []model.Point {
	pick := func(xs ...string) string { return xs[r.IntN(len(xs))] }
	curves := []model.CurveKey{
		{Model: "dsr1", Scenario: "1k1k", Hardware: "b200", Framework: "sglang", Precision: "fp8"},
		{Model: "dsr1", Scenario: "8k1k", Hardware: "gb200", Framework: "dynamo-sglang", Precision: "fp4"},
		{Model: "qwen3", Hardware: "mi355x", Precision: "bf16"},
		{Model: "m", Scenario: "2026-01-30"}, // a tag that reads as a date: left out only for its curve
	}
	pts := make([]model.Point, n)
	for i := range pts {
		c := curves[r.IntN(len(curves))]
		if i > 0 && r.IntN(4) > 0 {
			c = pts[i-1].Curve // curves come in runs, as loaded
		}
		var b strings.Builder
		b.WriteString(pick("agg", "9p1d", "3p1d", "", "agg-tp4", "12p4d", "x"))
		for k := r.IntN(6); k > 0; k-- {
			b.WriteString("-" + pick("dep2", "tp8", "dep16", "b192", "c16", "c7480", "c", "b1x", "", "…", "é", "漢字"))
		}
		for k := r.IntN(4); k > 0; k-- {
			b.WriteString("@" + pick(model.Slug(c.Model)+"-"+model.Slug(c.Precision), model.Slug(c.Scenario), "unknown", "dsr1", "2025-12-05", "2026-01-30T10", "", strings.Repeat("y", 24)))
		}
		pts[i] = model.Point{ID: b.String(), Curve: c}
	}
	return pts
}

// The ID column's width from the load's measured widths is neededWidth's
// over the view: random views of each curve, with planned points past
// the loaded ones (measured on the key).
func TestMeasuredIDWidthsAreNeededWidth(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 7))
	for round := 0; round < 300; round++ {
		pts := randomIDs(r, 1+r.IntN(400))
		ids := measureIDs(pts)
		planned := randomIDs(r, r.IntN(3))
		all := append(slices.Clone(pts), planned...)
		for _, c := range []model.CurveKey{pts[0].Curve, pts[len(pts)-1].Curve} {
			var view []model.Point
			var src []int
			for i := range all {
				if all[i].Curve == c && r.IntN(3) > 0 {
					view, src = append(view, all[i]), append(src, i)
				}
			}
			slugs := tagSlugs(c)
			got, ok := ids.of(pts, model.RefsTo(view), src, slugs)
			if want := neededWidth(model.RefsTo(view), slugs); !ok || got != want {
				t.Fatalf("round %d, %d of %d points: measured %d (%v), neededWidth %d", round, len(view), len(pts), got, ok, want)
			}
		}
	}
}

// Widths measured on other points are not used: a load's widths say
// nothing of the next load's points, even of the same size.
func TestMeasuredIDWidthsAreOfTheirPoints(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	pts := randomIDs(r, 50)
	ids := measureIDs(pts)
	other := slices.Clone(pts)
	src := []int{0, 1, 2}
	if _, ok := ids.of(other, model.RefsTo(other[:3]), src, nil); ok {
		t.Error("widths of a copy's points were used")
	}
	if _, ok := ids.of(pts[:49], model.RefsTo(pts[:3]), src, nil); ok {
		t.Error("widths of more points were used")
	}
	if _, ok := ids.of(pts, model.RefsTo(pts[:3]), src[:2], nil); ok {
		t.Error("a view without its sources was measured")
	}
	var none *idWidths
	if _, ok := none.of(pts, model.RefsTo(pts[:3]), src, nil); ok {
		t.Error("no widths were used")
	}
}
