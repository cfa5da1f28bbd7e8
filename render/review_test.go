package render

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/internal/check"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/demo"
)

// TestReviewTableOrLines: unbounded, the removals are a table; in 70
// cells the same verdicts and numbers stand one entry a line or two (the
// pane wraps what is still wider: long IDs).
func TestReviewTableOrLines(t *testing.T) {
	rep, err := model.Review(model.ReviewRequest{Points: demo.Load().Points,
		Remove: []string{"8p1d-dep2-dep16-c4096", "5p1d-dep2-dep16-b40-c2884"}, X: model.AxisMeanIntvty, Y: model.AxisTputPerGPU})
	if err != nil {
		t.Fatal(err)
	}
	wide := Review(rep, ReviewOptions{}).Plain()
	check.Contains(t, "wide review", wide,
		"5p1d-dep2-dep16-b40-c2884  line        221.9       717,972  7p1d-dep2-dep16-b96-c5540 – 3p1d-dep2-dep16-b24-c1228@2026-10-29  636,811.16  +12.74 %  no                ✗ NOT covered",
		"1 of 2 removed points are NOT covered by the kept curve.",
		"5p1d-dep2-dep16-b40-c2884: its configuration goes, so does 5p1d-dep2-dep16-b40-c2884@published",
	)
	narrow := Review(rep, ReviewOptions{Width: 70, MaxKept: 2}).Plain()
	check.Contains(t, "narrow review", narrow,
		"  × 5p1d-dep2-dep16-b40-c2884  ✗ NOT covered\n      line value 636,811.16  gap +12.74 %\n      line test at mean-intvty 221.9, tput-per-gpu 717,972\n",
		"1 of 2 removed points are NOT covered by the kept curve.",
		"kept (7): agg-tp4-c16@2026-10-29, agg-tep2-c16 and 5 more",
	)
}

// A removed point without the x value gets no line test: it says so, and
// no "test at" line places it at x 0.
func TestRemovalWithoutXSaysNoValue(t *testing.T) {
	var d Doc
	c := model.CurveReview{X: model.AxisMeanIntvty, Y: model.AxisTputPerGPU}
	removalLines(&d, c, model.RemovalVerdict{ID: "agg-tp8-c4", Test: model.TestNone, Neighbours: []string{}})
	out := d.Plain()
	check.Contains(t, "output", out, "  × agg-tp8-c4  ", "      no mean-intvty value")
	if strings.Contains(out, "test at") {
		t.Errorf("a point with no x is placed on the axes:\n%s", out)
	}
}

// A capped review lists the first rows of each long list and counts the
// rest; uncapped (the CLI) it lists every one.
func TestReviewListsAreCapped(t *testing.T) {
	rep, err := model.Review(model.ReviewRequest{Points: demo.Load().Points, Remove: []string{"8p1d-dep2-dep16-c4096"},
		X: model.AxisMeanIntvty, Y: model.AxisTputPerGPU})
	if err != nil {
		t.Fatal(err)
	}
	c := rep
	if len(c.NotHull) < 3 {
		t.Fatalf("the demo's review has %d kept points under the hull: nothing to cap", len(c.NotHull))
	}
	for i := range 75 {
		c.LeftOut = append(c.LeftOut, model.LeftOut{ID: "p" + strconv.Itoa(i), Reason: "a later run of its configuration replaces it"})
	}
	all := Review(c, ReviewOptions{}).Plain()
	capped := Review(c, ReviewOptions{MaxListed: 2}).Plain()
	if n := strings.Count(all, "left out of the kept curve: "); n != len(c.LeftOut) {
		t.Fatalf("uncapped: %d of %d left out listed", n, len(c.LeftOut))
	}
	if n := strings.Count(capped, "left out of the kept curve: "); n != 2 {
		t.Fatalf("capped at 2: %d left out listed", n)
	}
	check.Contains(t, "capped", capped,
		fmt.Sprintf("… and %d more (sweeptune review lists every one)", len(c.LeftOut)-2),
		fmt.Sprintf("… and %d more (sweeptune review lists every one)", len(c.NotHull)-2))
	deepest := slices.MaxFunc(c.NotHull, func(a, b model.HullRow) int { return cmp.Compare(a.GapPct, b.GapPct) })
	if !strings.Contains(capped, deepest.ID) {
		t.Fatalf("the deepest point under the hull, %s, is not among the 2 listed", deepest.ID)
	}
	if strings.Contains(all, "more (sweeptune review") {
		t.Fatal("the uncapped review counts rows it left out")
	}
}
