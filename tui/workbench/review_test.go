package workbench

import (
	"reflect"
	"testing"

	"github.com/sweeptune/sweeptune/internal/fixtures"
	"github.com/sweeptune/sweeptune/model"
)

// The review reads only the shown curve's runs: given them (what the
// review pane gives it) it says what it says given every loaded point,
// on every curve of the demo and of synthetic curves with short runs and
// two dates, as of each date, with a point marked.
func TestReviewOfTheCurvesRunsIsTheReviewOfAll(t *testing.T) {
	synth := fixtures.SyntheticCurves(3000, 4)
	for i := range synth {
		if i%5 == 0 {
			synth[i].Prov.DurationS = model.SteadyStateS / 3
		}
	}
	for name, pts := range map[string][]model.Point{"demo": fixtures.Demo(), "synthetic": synth} {
		s := New()
		s.SetPoints(pts)
		reviewed := 0
		for _, c := range s.Curves {
			s.SetCurve(c.Key)
			for _, asOf := range append([]string{""}, s.CurveDates()...) {
				s.SetAsOf(asOf, false)
				view := s.View()
				if len(view) == 0 {
					continue
				}
				in := ReviewInput{Curve: s.Curve, View: view, Others: nil, X: s.X, Y: s.Y, AsOf: s.AsOf,
					Marks: map[string]bool{view[len(view)/2].ID: true}}
				in.All = s.All()
				want := ReviewOf(in)
				in.All = s.CurveRunsLater()()
				if got := ReviewOf(in); !reflect.DeepEqual(got, want) {
					t.Fatalf("%s, curve %v as of %q: the review of the curve's runs differs", name, c.Key, asOf)
				}
				if len(want.Curves) > 0 && len(want.Curves[0].LeftOut) > 0 {
					reviewed++
				}
			}
		}
		if reviewed == 0 {
			t.Fatalf("%s: no review left a point out: the test compares nothing", name)
		}
	}
}
