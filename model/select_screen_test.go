package model_test

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/sweeptune/sweeptune/internal/fixtures"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/sources/synth"
)

// screenInputs are loads whose curves a screen must judge as Select does:
// the demo (planned and competitor points), a dated fleet, API rows of
// many curves (suspect points among them), a dated multi-curve file, and
// the demo with its short runs projected (a view's projection is taken
// back to what was measured).
func screenInputs(t *testing.T) map[string][]model.Point {
	t.Helper()
	rows := sources.LoadBytes("rows.json", synth.Rows(20000, 200), sources.Options{})
	in := map[string][]model.Point{
		"demo":      fixtures.Demo(),
		"fleet":     fixtures.SyntheticCurves(4000, 40),
		"rows":      rows.Points,
		"projected": model.ApplyProjection(fixtures.Demo(), model.ProjectRuns(fixtures.Demo())),
	}
	data, err := os.ReadFile(filepath.Join("..", "testdata", "apirows", "multi-curve.json"))
	if err != nil {
		t.Fatal(err)
	}
	in["multi-curve"] = sources.LoadBytes("multi-curve.json", data, sources.Options{}).Points
	return in
}

// verdictOnly is what a screen's verdict carries: Select's review verdict
// without the noise, twins and planned points the full review adds.
func verdictOnly(v model.RemovalVerdict) model.RemovalVerdict {
	v.WithinNoise, v.Twins, v.UsesPlanned, v.Planned = false, nil, false, nil
	return v
}

// TestScreenSelectIsSelect: on every curve, for the latest view and as of
// an earlier date, ScreenSelect's bands and verdicts are Select's.
func TestScreenSelectIsSelect(t *testing.T) {
	compared, covered, uncovered := 0, 0, 0
	for name, points := range screenInputs(t) {
		for _, c := range model.GroupCurves(points) {
			for _, asOf := range []string{"", "2026-01-31"} {
				req := model.SelectRequest{Points: c.Points, Curve: c.Key, X: model.AxisP90Intvty, Y: model.AxisTputPerGPU,
					Margin: model.MarginFromNoise(c.Points, model.AxisP90Intvty, model.AxisTputPerGPU), AsOf: asOf}
				sel, errSel := model.Select(req)
				scr, errScr := model.ScreenSelect(req, nil)
				if (errSel == nil) != (errScr == nil) {
					t.Fatalf("%s %s as of %q: Select error %v, screen error %v", name, c.Key, asOf, errSel, errScr)
				}
				if errSel != nil {
					continue
				}
				if len(sel.Bands) != len(scr.Bands) {
					t.Fatalf("%s %s: %d bands against %d", name, c.Key, len(scr.Bands), len(sel.Bands))
				}
				for i, b := range sel.Bands {
					s := scr.Bands[i]
					if b.Lo != s.Lo || b.Hi != s.Hi || b.Choice != s.Choice || b.Chosen != s.Chosen || !reflect.DeepEqual(b.Removed, s.Removed) {
						t.Errorf("%s %s band %d: screen %v %v %s %s %v, Select %v %v %s %s %v", name, c.Key, i,
							s.Lo, s.Hi, s.Choice, s.Chosen, s.Removed, b.Lo, b.Hi, b.Choice, b.Chosen, b.Removed)
					}
				}
				if len(sel.Review.Removed) != len(scr.Removed) {
					t.Fatalf("%s %s as of %q: %d verdicts against %d", name, c.Key, asOf, len(scr.Removed), len(sel.Review.Removed))
				}
				for i, v := range sel.Review.Removed {
					if want, got := verdictOnly(v), scr.Removed[i]; !reflect.DeepEqual(want, got) {
						t.Errorf("%s %s as of %q: verdict %d\n screen %+v\n Select %+v", name, c.Key, asOf, i, got, want)
					}
					compared++
					if v.Covered {
						covered++
					} else {
						uncovered++
					}
				}
			}
		}
	}
	// the comparison judged real removals both ways
	if compared < 1000 || covered == 0 || uncovered == 0 {
		t.Errorf("compared %d verdicts (%d covered, %d not): want at least 1000, both kinds", compared, covered, uncovered)
	}
}

// TestRuleVerdictsAreRuleReviews: RuleVerdicts gives RuleReview's verdicts
// for any removal list, an unknown ID (no verdicts) and a repeated one too.
func TestRuleVerdictsAreRuleReviews(t *testing.T) {
	n := 0
	for name, points := range screenInputs(t) {
		for _, c := range model.GroupCurves(points) {
			var ids []string
			for i, p := range c.Points {
				if i%3 == 0 {
					ids = append(ids, p.ID)
				}
			}
			for _, remove := range [][]string{ids, append(ids[:len(ids):len(ids)], "no-such-point"), append(ids[:len(ids):len(ids)], ids...)} {
				want := model.RuleReview(c.Points, c.Key, remove, "").Removed
				got := model.RuleVerdicts(c.Points, c.Key, remove, "")
				if len(want) != len(got) {
					t.Fatalf("%s %s: %d verdicts against %d", name, c.Key, len(got), len(want))
				}
				for i := range want {
					if w := verdictOnly(want[i]); !reflect.DeepEqual(w, got[i]) {
						t.Errorf("%s %s: verdict %d\n got  %+v\n want %+v", name, c.Key, i, got[i], w)
					}
					n++
				}
			}
		}
	}
	if n < 1000 {
		t.Errorf("compared %d verdicts: want at least 1000", n)
	}
}
