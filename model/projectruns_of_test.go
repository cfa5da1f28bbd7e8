package model_test

import (
	"reflect"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// ProjectRunsOf reads a curve's runs where they lie, among another
// curve's: it finds what ProjectRuns finds on them copied together.
func TestProjectRunsOfIsProjectRunsOfTheCopy(t *testing.T) {
	runs := runLengthFixture()
	other := model.CurveKey{Model: "other", Hardware: "b200"}
	var all []model.Point
	var idx []int
	for i, p := range runs {
		q := p
		q.Curve, q.ID = other, p.ID+"@b200"
		q.Prov.DurationS = 600 * float64(1+i%3)
		all = append(all, q)
		idx = append(idx, len(all))
		all = append(all, p)
	}
	want := model.ProjectRuns(runs)
	got := model.ProjectRunsOf(all, idx)
	if len(want) != 1 || len(want[0].Projected) != 1 || !reflect.DeepEqual(got, want) {
		t.Fatalf("ProjectRunsOf = %+v\nProjectRuns of the copy = %+v", got, want)
	}
	if all := model.ProjectRuns(all); len(all) != 2 {
		t.Fatalf("both curves: %d projections", len(all))
	}
}
