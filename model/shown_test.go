package model_test

import (
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// ProjectShown settles every short run of the view: the lone 7P run and,
// when shown (every date), the superseded ones, never a raw one; the raw
// numbers stay in Prov.Raw and Unprojected brings them back.
func TestProjectShownProjectsEveryShortRunShown(t *testing.T) {
	runs := runLengthFixture()
	shown := runLengthFixture() // every date: all 7 shown
	projs := model.ProjectShown(shown, runs)
	if len(projs) != 1 || len(projs[0].Factors) != 2 {
		t.Fatalf("projections %+v", projs)
	}
	for _, p := range shown {
		if p.Prov.ShortRun() {
			t.Errorf("%s shown raw", p.ID)
		}
	}
	p := shown[6]
	y, _ := p.Metrics.Get(model.TputPerGPU)
	near(t, "7P tput", y, 272000*3.8004641566, 1e-3)
	if p.Prov.ProjectedFromS != 1200 || p.Prov.DurationS != 3600 || p.Prov.Raw == nil {
		t.Fatalf("7P not marked: %+v", p.Prov)
	}
	if v, _ := p.Prov.Raw.Get(model.TputPerGPU); v != 272000 {
		t.Errorf("raw tput %v", v)
	}
	// 3P c700's own short run, × the factor, lands within the factor's
	// spread of its full run.
	y0, _ := shown[0].Metrics.Get(model.TputPerGPU)
	near(t, "3P c700 projected", y0, 58400*3.8004641566, 1e-3)
	back := model.Unprojected(shown)
	if v, _ := back[6].Metrics.Get(model.TputPerGPU); v != 272000 || back[6].Prov.DurationS != 1200 || back[6].Prov.Projected() {
		t.Errorf("unprojected 7P: %v %+v", v, back[6].Prov)
	}
	if v, _ := shown[6].Metrics.Get(model.TputPerGPU); v == 272000 {
		t.Error("Unprojected changed its input")
	}
	// Already projected points are not projected twice.
	again := append([]model.Point(nil), shown...)
	model.ProjectShown(again, runs)
	if v, _ := again[6].Metrics.Get(model.TputPerGPU); v != y {
		t.Errorf("projected twice: %v", v)
	}
}

// Without pairs a short run stays raw, says why, and is on no frontier
// (nor hull), as the review's kept curve leaves it out.
func TestARawShortRunIsOnNoFrontier(t *testing.T) {
	pts := []model.Point{
		disagg(3, 18, 700, 3600, "", 222000, 295.0),
		disagg(7, 96, 5540, 1200, "", 1033494, 150.7), // best throughput: would be on the frontier
	}
	model.AssignIDs(pts)
	projs := model.ProjectShown(pts, pts)
	if !pts[1].Prov.RawShort() || model.NotProjectedWhy(&pts[1], projs) != "no pairs" || model.NotProjectedWhy(&pts[0], projs) != "" {
		t.Fatalf("raw short run: %+v", pts[1].Prov)
	}
	if f := model.Frontier(pts, model.AxisMeanIntvty, model.AxisTputPerGPU); len(f) != 1 || f[0] != 0 {
		t.Errorf("frontier %v, want only the 3600 s run", f)
	}
	if h := model.HullVertices(pts, model.AxisMeanIntvty, model.AxisTputPerGPU); len(h) != 1 || h[0] != 0 {
		t.Errorf("hull %v", h)
	}
}

// The review judges what was measured: a view that projected the lone
// short run gives the same kept curve as the raw points, unless asked.
func TestReviewTakesAProjectedViewBackUnlessAsked(t *testing.T) {
	runs := runLengthFixture()
	shown := model.Latest(runs, "")
	model.ProjectShown(shown, runs)
	req := model.ReviewRequest{Points: shown, Runs: runs, Remove: []string{shown[0].ID}, X: model.AxisMeanIntvty, Y: model.AxisTputPerGPU}
	r, err := model.Review(req)
	if err != nil {
		t.Fatal(err)
	}
	if r.KeptPoint("7p1d-dep2-dep16-b96-c5540") != nil || len(r.LeftOut) != 1 {
		t.Errorf("kept %d, left out %v: the projected run stood in unasked", len(r.Kept), r.LeftOut)
	}
	req.ProjectRuns = true
	if r, _ = model.Review(req); r.KeptPoint("7p1d-dep2-dep16-b96-c5540") == nil {
		t.Error("--project-runs: 7P not kept")
	}
}
