package workbench

import (
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources"
)

// The workbench's view keeps the TPU tp 1 row out of the frontier until !
// brings it in.
func TestViewHoldsOutSuspectPoints(t *testing.T) {
	ds := sources.LoadPaths([]string{"../../testdata/suspect/tpu-tp1-row.json"}, sources.Options{})
	s := New()
	s.SetPoints(ds.Points)
	s.X, s.Y = model.AxisMeanIntvty, model.AxisTputPerGPU
	onFront := func() bool {
		view := s.View()
		for _, i := range model.Frontier(view, s.X, s.Y) {
			if view[i].ID == "agg-tp1-c64" {
				return true
			}
		}
		return false
	}
	if s.SuspectCount() != 1 || onFront() {
		t.Fatalf("default: %d suspect, on frontier %v", s.SuspectCount(), onFront())
	}
	if !s.ToggleIncludeSuspect() || !onFront() {
		t.Error("! does not bring the suspect point in")
	}
	if s.ToggleIncludeSuspect() || onFront() {
		t.Error("! again does not keep it out")
	}
}
