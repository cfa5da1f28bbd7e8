package workbench

import (
	"reflect"
	"testing"

	"github.com/sweeptune/sweeptune/internal/fixtures"
	"github.com/sweeptune/sweeptune/model"
)

// A curve's dates are model.Dates of its points, whatever made its facts:
// dates with a time of day (two on one day), undated points, a curve with
// no date at all, a planned point on a day of its own.
func TestCurveDatesAreTheDates(t *testing.T) {
	pts := fixtures.SixCurves()
	for i := range pts {
		switch i % 9 {
		case 1:
			pts[i].Prov.Date = "2026-03-04T10:00:00Z"
		case 2:
			pts[i].Prov.Date = "2026-03-04T18:30:00Z"
		case 3:
			pts[i].Prov.Date = ""
		}
		if pts[i].Curve == pts[len(pts)-1].Curve {
			pts[i].Prov.Date = ""
		}
	}
	s := New()
	s.SetPoints(pts)
	p := s.View()[0]
	p.ID, p.Source, p.Prov.Date = "planned-1", model.SourcePlanned, "2027-01-01"
	s.AddPlanned(p)
	undated := 0
	for _, c := range s.Curves {
		s.SetCurve(c.Key)
		var curve []model.Point
		for _, q := range s.All() {
			if q.Curve == c.Key {
				curve = append(curve, q)
			}
		}
		want := model.Dates(curve)
		if got := s.CurveDates(); !reflect.DeepEqual(got, want) {
			t.Fatalf("%v: dates %q, want %q", c.Key, got, want)
		}
		if want == nil {
			undated++
		}
	}
	if undated == 0 {
		t.Fatal("no curve without dates: the test did not check one")
	}
}
