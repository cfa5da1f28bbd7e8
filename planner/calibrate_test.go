package planner

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

func near(t *testing.T, name string, got, want, relTol float64) {
	t.Helper()
	if math.Abs(got-want) > relTol*math.Abs(want) {
		t.Errorf("%s = %.6g, want %.6g (±%.2g)", name, got, want, relTol)
	}
}

// The fitted constants of the three reference points, worked by hand from
// docs/planner.md's loop identity without TTFT: f is clamped by 5P (BS 40), so 5P is the cap-bound one.
func TestCalibrateReferenceParams(t *testing.T) {
	c, err := Calibrate(fitPoints())
	if err != nil {
		t.Fatal(err)
	}
	p := c.Params
	// f: the regression gives 0.008243; the clamp of 5P: (40−2.25)·16/(Θ·TPOT).
	fClamp := (40 - 2.25) * 16 / (717972 * 26 / 221.9)
	near(t, "f", p.F, fClamp, 1e-12)
	near(t, "alpha", p.Alpha, 2.99768e-3, 1e-4)
	near(t, "beta", p.Beta, 4.01756e-5, 1e-4)
	// d0 is the mean over 3P and 9P (5P is cap-bound).
	d0 := ((1228/(383313*22.0) - p.F/267.4) + (7480/(1117063*34.0) - p.F/101.6)) / 2
	near(t, "d0", p.D0, d0, 1e-12)
	near(t, "r90", p.R90, (283.3/267.4+233.2/221.9+97.4/101.6)/3, 1e-12)
	if p.DeltaTokens != DefaultDelta || p.DeltaRequests != DefaultDelta || p.DeltaFitted {
		t.Errorf("δ = %v/%v fitted %v, want the default for both", p.DeltaTokens, p.DeltaRequests, p.DeltaFitted)
	}
	if p.TauP != 0 {
		t.Errorf("τP = %v, want unknown (no saturation pair)", p.TauP)
	}
	near(t, "τP lower bound", p.TauPLowerBound, 1117063*34.0/9, 1e-12)
	bound := map[string]bool{}
	for _, r := range c.Residuals {
		bound[r.ID] = r.CapBound
		if math.Abs(r.TputPct) > 3 || math.Abs(*r.MeanIntvtyPct) > 3.5 || r.P90IntvtyPct == nil {
			t.Errorf("residual %+v", r)
		}
	}
	if !bound[idP5] || bound[idP3c1228] || bound[idP9b192] {
		t.Errorf("cap-bound calibration points = %v, want only 5P", bound)
	}
	if len(c.ShortRuns) != 0 {
		t.Errorf("short runs %v, want none", c.ShortRuns)
	}
}

func TestCalibrateFlagsShortRuns(t *testing.T) {
	pts := append(fitPoints(), testPoints()[0]) // 3P c700: 1200 s
	c, err := Calibrate(pts)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.ShortRuns) != 1 || c.ShortRuns[0] != idP3c700 {
		t.Fatalf("short runs %v", c.ShortRuns)
	}
	pr, _ := c.Predict(ConfigFromKnobs(pts[1].Knobs))
	if !hasWarning(pr, "short run") {
		t.Errorf("prediction lacks the short-run warning: %v", pr.Warnings)
	}
}

// A missing decode cap is not a refusal when the other points pin f: the
// point is treated as free (never cap-bound) and the fit says so. 9P BS192
// never reached its cap, so dropping it leaves the reference fit unchanged.
func TestCalibrateWithoutDecodeBS(t *testing.T) {
	pts := fitPoints()
	pts[2].Knobs.DecodeBS = 0
	c, err := Calibrate(pts)
	if err != nil {
		t.Fatal(err)
	}
	ref := refCal(t)
	near(t, "f", c.Params.F, ref.Params.F, 1e-12)
	near(t, "alpha", c.Params.Alpha, ref.Params.Alpha, 1e-12)
	near(t, "d0", c.Params.D0, ref.Params.D0, 1e-12)
	if !hasNote(c, "decode BS unknown for "+idP9b192) {
		t.Errorf("notes %v", c.Notes)
	}
}

// A point with p90 interactivity only joins the fit: its mean TPOT is
// r90/p90 with r90 from the points that publish both.
func TestCalibrateP90OnlyPoint(t *testing.T) {
	pts := fitPoints()
	pts[1].Metrics.Clear(model.MeanIntvty)
	c, err := Calibrate(pts)
	if err != nil {
		t.Fatal(err)
	}
	near(t, "r90", c.Params.R90, (283.3/267.4+97.4/101.6)/2, 1e-12)
	if c.Params.R90Assumed || !hasNote(c, "p90 interactivity only on "+idP5) {
		t.Errorf("r90 assumed %v, notes %v", c.Params.R90Assumed, c.Notes)
	}
	// 5P's residual is on p90 only: it has no mean to compare.
	for _, r := range c.Residuals {
		if r.ID == idP5 && (r.MeanIntvtyPct != nil || r.P90IntvtyPct == nil || math.Abs(*r.P90IntvtyPct) > 6) {
			t.Errorf("5P residual %+v", r)
		}
	}
}

func hasNote(c *Calibration, sub string) bool {
	for _, n := range c.Notes {
		if strings.Contains(n, sub) {
			return true
		}
	}
	return false
}

func TestCalibrateRefuses(t *testing.T) {
	fit := fitPoints()
	noMean := fitPoints()
	noMean[1].Metrics.Clear(model.MeanIntvty)
	noMean[1].Metrics.Clear(model.P90Intvty)
	noC := fitPoints()
	noC[0].Knobs.Concurrency = 0
	oneShape := []model.Point{fit[1], fit[1], fit[1]}
	oneShape[1].ID, oneShape[2].ID = "a", "b"
	oneShape[1].Knobs.Concurrency, oneShape[2].Knobs.Concurrency = 2000, 3500
	cases := []struct {
		name string
		pts  []model.Point
		want string
	}{
		{"two points", fit[:2], "at least three"},
		{"no mean interactivity", noMean, idP5 + ": no mean interactivity"},
		{"no concurrency", noC, "no concurrency"},
		{"one shape", oneShape, "same shape"},
	}
	for _, tc := range cases {
		_, err := Calibrate(tc.pts)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err %v, want it to say %q", tc.name, err, tc.want)
		}
	}
	_, err := Calibrate(append(fitPoints(), aggPoint()))
	if !errors.Is(err, ErrOutOfScope) {
		t.Errorf("agg point: err %v, want ErrOutOfScope", err)
	}
}

// 9P BS160 and BS192 at the same concurrency with Θ within 2.1 %: a
// saturation pair, so τP becomes known.
func TestCalibrateSaturationPair(t *testing.T) {
	pts := append(fitPoints(), testPoints()[2]) // + 9P BS160
	pts[3].Knobs.Balance = model.BalanceTotalRequests
	c, err := Calibrate(pts)
	if err != nil {
		t.Fatal(err)
	}
	p := c.Params
	near(t, "τP", p.TauP, 1117063*34.0/9, 1e-12)
	if len(p.SaturationPair) != 2 || p.SaturationPair[0] != idP9b160 || p.SaturationPair[1] != idP9b192 {
		t.Errorf("pair %v", p.SaturationPair)
	}
	pr, err := c.Predict(ConfigFromKnobs(pts[2].Knobs)) // 9P BS192 at c7480
	if err != nil {
		t.Fatal(err)
	}
	if pr.Regime != RegimePrefill || pr.QueueAt != "prefill" || pr.Queue <= 0 {
		t.Errorf("9P BS192 with τP known: regime %s queue %.0f at %q, want prefill-bound", pr.Regime, pr.Queue, pr.QueueAt)
	}
	if hasWarning(pr, "τP unknown") || !hasWarning(pr, "prefill ceiling reached") {
		t.Errorf("warnings %v", pr.Warnings)
	}
	// 7P ran 4.43 M tok/s per prefill worker: τP never goes below that bound.
	c, err = Calibrate(append(pts, testPoints()[1]))
	if err != nil {
		t.Fatal(err)
	}
	near(t, "τP with 7P", c.Params.TauP, 1033494*30.0/7, 1e-12)
}

// With two points of each balancing method and five in all, δ is fitted per
// method; total_requests stays the anchor.
func TestCalibrateFitsDeltaPerMethod(t *testing.T) {
	pts := append(fitPoints(), testPoints()[0:3]...)
	pts[5].Knobs.Balance = model.BalanceTotalRequests
	c, err := Calibrate(pts)
	if err != nil {
		t.Fatal(err)
	}
	p := c.Params
	if !p.DeltaFitted || p.DeltaRequests != DefaultDelta {
		t.Fatalf("δ not fitted per method: %+v", p)
	}
	if p.DeltaTokens == DefaultDelta || p.DeltaTokens < 0 || p.DeltaTokens > 9.25 {
		t.Errorf("δ total_tokens = %v, want fitted within [0, 9.25]", p.DeltaTokens)
	}
}

func hasWarning(p Prediction, sub string) bool {
	for _, w := range p.Warnings {
		if strings.Contains(w, sub) {
			return true
		}
	}
	return false
}
