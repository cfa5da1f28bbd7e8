package planner_test

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/planner"
)

// testdata/synthetic-regimes.yaml was generated from a known ground truth
// (planner/synth_test.go); calibrating on it must give that truth back, and
// each point's regime must be the one it was generated in.
func TestSyntheticRecoversTruth(t *testing.T) {
	pts := loadCurve(t, "testdata/synthetic-regimes.yaml")
	c, err := planner.Calibrate(pts)
	if err != nil {
		t.Fatal(err)
	}
	p := c.Params
	near := func(name string, got, want float64) {
		t.Helper()
		if math.Abs(got-want) > 2e-4*math.Abs(want) {
			t.Errorf("%s = %.7g, want %.7g", name, got, want)
		}
	}
	near("f", p.F, 0.5)
	near("u", p.U, 1.0/2000)
	if p.D0 != 0 || p.TTFTKind != "mean" {
		t.Errorf("d0 %g, TTFT kind %q: want no client time and mean TTFT", p.D0, p.TTFTKind)
	}
	if len(p.Decode) != 2 || p.Decode[0].Family != "dep" || p.Decode[1].Family != "tp4" {
		t.Fatalf("decode laws %+v", p.Decode)
	}
	near("dep α", p.Decode[0].Alpha, 0.010)
	near("dep β", p.Decode[0].Beta, 0.00005)
	near("tp4 α", p.Decode[1].Alpha, 0.005)
	near("tp4 β", p.Decode[1].Beta, 0.0004)
	near("tp4 admission excess", p.Decode[1].AdmitExcess, 0.3)
	pre := p.Prefill[0]
	near("T0", pre.T0, 0.5)
	near("κ", pre.Kappa, 1e-5)
	near("τP", pre.TauP, 100000)
	// c2704 runs at 98 % of τP: with c8540 it is a saturation pair (flat Θ).
	if !slices.Contains(pre.Saturated, "2p1d-dep4-dep8-b512-c8540") || !slices.Equal(pre.SaturationPair, []string{"2p1d-dep4-dep8-b512-c2704", "2p1d-dep4-dep8-b512-c8540"}) {
		t.Errorf("saturated %v, pair %v", pre.Saturated, pre.SaturationPair)
	}
	for i := range pts {
		pr, err := c.Predict(planner.ConfigFromKnobs(pts[i].Knobs))
		if err != nil {
			t.Fatal(err)
		}
		want := pts[i].Label[strings.LastIndexByte(pts[i].Label, ' ')+1:]
		if string(pr.Regime) != want {
			t.Errorf("%s: regime %s, generated %s", pts[i].ID, pr.Regime, want)
		}
		ttft, _ := pts[i].Metrics.Get(model.MeanTTFT)
		near(pts[i].ID+" TTFT", pr.TTFT, ttft)
	}
	for _, r := range c.Residuals {
		if math.Abs(r.TputPct) > 0.01 || math.Abs(*r.MeanIntvtyPct) > 0.01 {
			t.Errorf("residual %+v", r)
		}
	}
}

// Fit on five points (both families, the saturated and the cap-bound one)
// and predict the loop and queueing points: regimes and TTFT right, small
// errors even with κ unidentified (one free point of the prefill shape).
func TestSyntheticBacktestRegimes(t *testing.T) {
	pts := loadCurve(t, "testdata/synthetic-regimes.yaml")
	fit, test := split(t, pts, []string{"2p1d-dep4-dep8-b512-c285", "2p1d-dep4-dep8-b512-c8540",
		"4p1d-dep4-dep8-b32-c376", "1p2d-dep4-tp4-b1-c2", "1p2d-dep4-tp4-b8-c20"})
	res, err := planner.Backtest(fit, test)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("\n%s", errorTable(res))
	want := map[string]planner.Regime{"2p1d-dep4-dep8-b512-c1423": planner.RegimeLoop,
		"2p1d-dep4-dep8-b512-c2704": planner.RegimeQueueing, "1p2d-dep4-tp4-b8-c4": planner.RegimeLoop}
	if len(res.Rows) != 3 {
		t.Fatalf("%d rows", len(res.Rows))
	}
	for _, r := range res.Rows {
		if r.Prediction.Regime != want[r.ID] {
			t.Errorf("%s: regime %s, want %s", r.ID, r.Prediction.Regime, want[r.ID])
		}
		if math.Abs(*r.ErrorPct.TputPerGPU) > 3.5 || math.Abs(*r.ErrorPct.MeanIntvty) > 3.5 || r.ErrorPct.TTFT == nil {
			t.Errorf("%s: errors %+v", r.ID, r.ErrorPct)
		}
	}
	if !anyWarning(res.Rows[1].Prediction, "prefill near saturation") {
		t.Errorf("queueing point warnings %v", res.Rows[1].Prediction.Warnings)
	}
}

// A curve in the style of InferenceX PR #3598 publishes p90 interactivity
// and p90 TTFT only, and no decode cap: it calibrates, says what it assumed,
// and predicts p90 interactivity.
func TestP90OnlyCurveCalibrates(t *testing.T) {
	pts := loadCurve(t, "testdata/pr3598-p90only.yaml")
	for _, ids := range [][]string{
		{"1p2d-tep2-tep2-c16", "1p1d-tep2-tep2-c96", "2p1d-tep2-tep2-c256"},
		{"1p2d-tep2-tep2-c16", "1p2d-tep2-tep2-c64", "1p1d-tep2-tep2-c96"},
	} {
		fit, test := split(t, pts, ids)
		res, err := planner.Backtest(fit, test)
		if err != nil {
			t.Fatalf("fit on %v: %v", ids, err)
		}
		c := res.Calibration
		t.Logf("fit on %v: r90 assumed %v, TTFT %q\n%s", ids, c.Params.R90Assumed, c.Params.TTFTKind, errorTable(res))
		if !c.Params.R90Assumed || c.Params.R90 != 1 || !notesSay(c, "r90 = p90/mean = 1 assumed") || !notesSay(c, "decode BS unknown") {
			t.Errorf("r90 %v assumed %v, notes %v", c.Params.R90, c.Params.R90Assumed, c.Notes)
		}
		for _, r := range res.Rows {
			pr := r.Prediction
			if r.ErrorPct.P90Intvty == nil || r.ErrorPct.MeanIntvty != nil || pr.P90Intvty != pr.MeanIntvty {
				t.Errorf("%s: p90 %v mean %v", r.ID, r.ErrorPct.P90Intvty, r.ErrorPct.MeanIntvty)
			}
			if !anyWarning(pr, "mean interactivity assumed equal to p90") || !anyWarning(pr, "decode BS unknown") {
				t.Errorf("%s: warnings %v", r.ID, pr.Warnings)
			}
		}
	}
}

// With no decode cap on any point, the automatic choice falls back to every
// calibratable point, and the fit holds.
func TestChooseFitFallsBackWithoutCaps(t *testing.T) {
	pts := loadCurve(t, "testdata/pr3598-p90only.yaml")
	fc, err := planner.ChooseFit(pts, nil)
	if err != nil || len(fc.Points) != len(pts) {
		t.Fatalf("chose %v: %v", fc.IDs(), err)
	}
	if len(planner.Candidates(pts, fc.Curve)) != len(pts) {
		t.Error("every point is a candidate")
	}
	if _, err := planner.Calibrate(fc.Points); err != nil {
		t.Error(err)
	}
}

func notesSay(c *planner.Calibration, sub string) bool {
	for _, n := range c.Notes {
		if strings.Contains(n, sub) {
			return true
		}
	}
	return false
}
