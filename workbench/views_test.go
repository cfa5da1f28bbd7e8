package workbench

import (
	"reflect"
	"testing"

	"github.com/sweeptune/sweeptune/internal/fixtures"
	"github.com/sweeptune/sweeptune/model"
)

// fresh is the shown view made now, from nothing kept.
func fresh(s *State) []model.Point {
	pts, _ := s.curvePoints(s.Curve)
	return pts
}

// A curve shown again is its kept view (the same serial, the same
// points); a reload, a plan, an as-of date or the suspect setting give a
// view made again, never a stale one.
func TestViewsKeptAndDropped(t *testing.T) {
	s := New()
	s.SetPoints(fixtures.SyntheticCurves(3000, 4))
	first, serial := s.Curve, s.ViewSerial()
	s.StepCurve(1)
	if s.Curve == first || s.ViewSerial() == serial {
		t.Fatalf("another curve, serial %d", s.ViewSerial())
	}
	s.StepCurve(-1)
	if s.ViewSerial() != serial || !reflect.DeepEqual(s.View(), fresh(s)) {
		t.Errorf("back on the first curve: serial %d, want %d kept", s.ViewSerial(), serial)
	}

	// A reload with other values: the view is the new data's.
	pts := fixtures.SyntheticCurves(3000, 4)
	for i := range pts {
		v, _ := pts[i].Metrics.Get(model.TputPerGPU)
		pts[i].Metrics.Set(model.TputPerGPU, v*2)
	}
	s.SetPoints(pts)
	if s.ViewSerial() == serial || !reflect.DeepEqual(s.View(), fresh(s)) {
		t.Errorf("after a reload: serial %d (was %d), view kept from the old data", s.ViewSerial(), serial)
	}
	want, _ := s.View()[0].Metrics.Get(model.TputPerGPU)
	if p := s.Find(s.View()[0].ID); p == nil {
		t.Fatal("the shown point is not found")
	} else if got, _ := p.Metrics.Get(model.TputPerGPU); got != want {
		t.Errorf("view %v, loaded %v", want, got)
	}

	// A planned point on the curve is in its view at once.
	reloaded := s.ViewSerial()
	p := s.View()[0]
	p.ID, p.Source = "planned-1", model.SourcePlanned
	s.AddPlanned(p)
	if !s.InView("planned-1") || s.ViewSerial() == reloaded {
		t.Errorf("the planned point is not in the view (serial %d)", s.ViewSerial())
	}

	// As of a date, then back: made for the date, kept for the latest.
	latest, n := s.ViewSerial(), len(s.View())
	s.SetAsOf("2026-01-10", false)
	if s.ViewSerial() == latest || !reflect.DeepEqual(s.View(), fresh(s)) {
		t.Errorf("as of 2026-01-10: serial %d, view not made for the date", s.ViewSerial())
	}
	s.SetAsOf("", true)
	if len(s.View()) <= n || !reflect.DeepEqual(s.View(), fresh(s)) {
		t.Errorf("every run: %d points, latest %d", len(s.View()), n)
	}
	s.SetAsOf("", false)
	if s.ViewSerial() != latest {
		t.Errorf("back to the latest runs: serial %d, want %d kept", s.ViewSerial(), latest)
	}
	s.ToggleIncludeSuspect()
	if s.ViewSerial() == latest || !reflect.DeepEqual(s.View(), fresh(s)) {
		t.Error("the suspect setting did not make the view again")
	}
}

// A view made ahead is the view made on the key; one whose job was taken
// before a data change is dropped.
func TestPreparedViews(t *testing.T) {
	s := New()
	s.SetPoints(fixtures.SyntheticCurves(3000, 4))
	next := s.Neighbours()[0]
	job, ok := s.ViewJob(next)
	if !ok {
		t.Fatal("no job for the next curve")
	}
	stale, _ := s.ViewJob(s.Neighbours()[1])
	made := job.Run()
	serial, ok := s.Adopt(made)
	if !ok {
		t.Fatal("the prepared view was not adopted")
	}
	if _, again := s.ViewJob(next); again {
		t.Error("a job for a view made already")
	}
	s.SetCurve(next)
	if s.ViewSerial() != serial || !reflect.DeepEqual(s.View(), fresh(s)) {
		t.Errorf("the prepared view is not the view: serial %d, want %d", s.ViewSerial(), serial)
	}
	s.SetPoints(fixtures.SyntheticCurves(2000, 4))
	if _, ok := s.Adopt(stale.Run()); ok {
		t.Error("a view prepared before the reload was adopted")
	}
	if _, ok := s.Adopt(made); ok {
		t.Error("an old prepared view was adopted after the reload")
	}
}
