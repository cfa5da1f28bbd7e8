package model_test

import (
	"fmt"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

func TestRetunesPairSameTopologyAndConcurrency(t *testing.T) {
	pts, kept := workedCurve(t)
	var published []model.Point
	for _, p := range pts {
		if p.Source == model.SourcePublished {
			published = append(published, p)
		}
	}
	rs := model.Retunes(kept, published, model.AxisMeanIntvty, model.AxisTputPerGPU)
	got := map[string]model.Retune{}
	for _, r := range rs {
		got[r.KeptID+">"+r.PublishedID] = r
		if r.KeptID == r.PublishedID {
			t.Errorf("%s paired with itself", r.KeptID)
		}
	}
	// 9P BS192 re-tunes the published 9P BS160 at c7480 (same topology).
	r, ok := got[id9PB192+">"+id9PB160]
	if !ok {
		t.Fatalf("no 9P BS192 > 9P BS160 re-tune in %v", rs)
	}
	if r.Topology != "9p1d-dep2-dep16" || r.Concurrency != 7480 || !r.HasY || !r.HasX {
		t.Errorf("9P re-tune %+v", r)
	}
	if s := fmt.Sprintf("%.0f %+.2f %.1f %+.2f", r.DY, r.DYPct, r.DX, r.DXPct); s != "22716 +2.08 -9.5 -8.55" {
		t.Errorf("9P re-tune deltas %s, want 22716 +2.08 -9.5 -8.55", s)
	}
	// The post-merge sweep re-measured 7P c5540; it has mean interactivity.
	if r := got[id7PC5540+">"+id7PC5540+"@published"]; fmt.Sprintf("%.0f %.1f", r.DY, r.DX) != "19131 0.5" {
		t.Errorf("7P re-measure %+v", r)
	}
	// 3P c1228 of the sweep has no mean interactivity: y delta only.
	if r := got[id3PC1228+">3p1d-dep2-dep16-b24-c1228@2026-11-06"]; !r.HasY || r.HasX || fmt.Sprintf("%.0f", r.DY) != "-315" {
		t.Errorf("3P c1228 re-measure %+v", r)
	}
	if _, ok := got[id8PC4096]; ok || len(rs) != 6 {
		t.Errorf("got %d re-tunes %v, want 6", len(rs), rs)
	}
}
