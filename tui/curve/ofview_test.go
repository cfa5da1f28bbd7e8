package curve

import (
	"reflect"
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/render/plot"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
	"github.com/sweeptune/sweeptune/tui/keys"
	"github.com/sweeptune/sweeptune/tui/workbench"
)

// The shown curve's series made of what the view's pass read (no point
// read again) is the series made of its points: suspect points held out,
// with coordinates and without, then admitted; points missing y; as of
// every date and every run; each y.
func TestSeriesOfTheViewsValuesIsThePlot(t *testing.T) {
	pts := testkit.SyntheticCurves(3000, 2)
	for i := range pts {
		switch i % 9 {
		case 1:
			pts[i].Suspicion = &model.Suspicion{Rule: model.RuleImplausible}
		case 2:
			pts[i].Suspicion = &model.Suspicion{Rule: model.RuleImplausible}
			pts[i].Metrics.Clear(model.TputPerGPU)
		case 3:
			pts[i].Metrics.Clear(model.TputPerGPU)
		}
	}
	st := workbench.New()
	st.SetPoints(pts)
	m := New(st, keys.Default().Curve, testkit.Plain())
	m.SetSize(120, 40)
	ofView := 0
	check := func(what string) {
		t.Helper()
		c := st.TakeChanges()
		if work, keep := m.Derive(c); work != nil {
			keep(work())
		}
		m.Refresh(c)
		if want := plot.CurveSet(st.ShownCurve(), st.OverlayCurves(), st.X, st.Y, st.OptimalOnly, m.marks); !reflect.DeepEqual(m.series, want) {
			t.Fatalf("%s: the shown series is not plot.CurveSet's", what)
		}
		if c := m.cached.m[m.shownSeriesKey()]; c != nil && c.ofView {
			ofView++
		}
	}
	check("loaded")
	for _, suspect := range []bool{false, true} {
		if suspect {
			st.ToggleIncludeSuspect()
			check("suspects admitted")
		}
		for _, d := range st.CurveDates() {
			st.SetAsOf(d, false)
			check("as of " + d)
			st.SetAsOf(d, true)
			check("every run to " + d)
			st.CycleY(1)
			check("next y")
		}
		st.StepCurve(1)
		check("next curve")
	}
	if ofView < 4 {
		t.Fatalf("only %d series made of the views' values", ofView)
	}
}
