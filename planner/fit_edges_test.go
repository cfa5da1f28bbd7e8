package planner

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// The fit's edges on the synthetic ground truth (synth_test.go) and
// on hand-made points: decode families, δ only for DP attention, TTFT and τP,
// warnings beyond the data, collapse, twins.

func synthCal(t *testing.T, idx ...int) *Calibration {
	t.Helper()
	all := synthPoints(t)
	var pts []model.Point
	for _, i := range idx {
		pts = append(pts, all[i])
	}
	if len(idx) == 0 {
		pts = all
	}
	c, err := Calibrate(pts)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TP decode has no busiest-rank excess: a batch-1 worker calibrates and is
// predicted; DP-attention decode still refuses a cap at or under δ.
func TestBatchOneTPDecode(t *testing.T) {
	c := synthCal(t)
	tp := ConfigFromKnobs(synthKnobs(1, "tp", 2, 1, 2))
	pr, err := c.Predict(tp)
	if err != nil {
		t.Fatal(err)
	}
	if pr.Regime != RegimeDecodeCap || math.Abs(pr.DecodeBatchMean-(1-truthAdmit)) > 1e-6 {
		t.Errorf("batch-1 TP: regime %s, b̄ %.4f, want cap-bound at 1 − %.1f", pr.Regime, pr.DecodeBatchMean, truthAdmit)
	}
	if hasWarning(pr, "total_tokens") || hasWarning(pr, "δ") {
		t.Errorf("TP warnings %v", pr.Warnings)
	}
	dep := ConfigFromKnobs(synthKnobs(2, "dep", 1, 2, 100))
	if _, err := c.Predict(dep); err == nil || !strings.Contains(err.Error(), "must exceed δ = 2.25") {
		t.Errorf("DEP BS 2: err %v", err)
	}
}

// Three shapes each seen at one batch cannot give a step law: the fit says
// so instead of returning one.
func TestDecodeFamiliesMustConnect(t *testing.T) {
	pts := synthPoints(t)
	var three []model.Point
	for i, tpN := range []int{2, 4, 8} {
		p := pts[5+i]
		p.Knobs.Decode.TP, p.Knobs.Decode.GPUs = tpN, tpN
		three = append(three, p)
	}
	_, err := Calibrate(three)
	if err == nil || !strings.Contains(err.Error(), "no decode shape has calibration points at two batch sizes") {
		t.Errorf("err %v", err)
	}
	// A family whose step shrinks with its batch is refused by name.
	bad := []model.Point{pts[0], pts[1], pts[6], pts[7]}
	bad[3].Metrics.Set(model.MeanTPOT, 0.004)
	bad[3].Metrics.Set(model.MeanIntvty, 250)
	if _, err := Calibrate(bad); err == nil || !strings.Contains(err.Error(), "the tp4 decode step does not grow") {
		t.Errorf("err %v", err)
	}
}

// A family calibrated at one batch borrows β/α, says so in the notes, and
// predictions at another batch carry an extrapolation warning.
func TestSlopeAssumedFamily(t *testing.T) {
	c := synthCal(t, 0, 1, 3, 4, 7) // tp4 at one batch only (c20, cap-bound)
	tp := c.Params.lawOfFamily("tp4")
	dep := c.Params.lawOfFamily("dep")
	if !tp.SlopeAssumed || tp.SlopeFrom != "dep" || math.Abs(tp.Beta/tp.Alpha-dep.Beta/dep.Alpha) > 1e-12 {
		t.Fatalf("tp4 law %+v", tp)
	}
	if !hasNote(c, "tp4 decode calibrated at one batch") {
		t.Errorf("notes %v", c.Notes)
	}
	pr, _ := c.Predict(ConfigFromKnobs(synthKnobs(1, "tp", 2, 8, 4)))
	if !pr.Extrapolated || !hasWarning(pr, "extrapolation (slope assumed): tp4 decode was calibrated at one batch") {
		t.Errorf("warnings %v", pr.Warnings)
	}
}

// Shapes without a calibration point are predicted with a stand-in law and
// an extrapolation warning; a new DEP size uses the per-rank law and says so.
func TestUncalibratedShapesWarn(t *testing.T) {
	c := synthCal(t)
	tp2 := ConfigFromKnobs(synthKnobs(1, "tp", 2, 8, 4))
	tp2.DecodeShape = "tp2"
	pr, err := c.Predict(tp2)
	if err != nil || !pr.Extrapolated || !hasWarning(pr, "extrapolation (shape assumed): decode shape tp2 has no calibration point") {
		t.Errorf("tp2: %v %v", err, pr.Warnings)
	}
	dep16 := synthKnobs(2, "dep", 1, 512, 1000)
	dep16.Decode.TP, dep16.Decode.EP, dep16.Decode.GPUs = 16, 16, 16
	pr, _ = c.Predict(ConfigFromKnobs(dep16))
	if !hasWarning(pr, "decode shape dep16 has no calibration point: the DP-attention per-rank law of dep8 is used") {
		t.Errorf("dep16 warnings %v", pr.Warnings)
	}
	pre := ConfigFromKnobs(synthKnobs(2, "dep", 1, 512, 1000))
	pre.PrefillShape, pre.PrefillGPUs = "dep8", 8
	pr, _ = c.Predict(pre)
	// Twice the GPUs per worker: the stand-in τP doubles, so no ceiling here.
	if !hasWarning(pr, "extrapolation (shape assumed): prefill shape dep8 has no calibration point") || math.Abs(pr.ThetaPrefill-2*2*truthTauP) > 1e-6 {
		t.Errorf("dep8 prefill: Θ_P %.0f, warnings %v", pr.ThetaPrefill, pr.Warnings)
	}
}

// With TTFT growing with load the loop equation is solved by Newton: the
// identity C = Θ·o(Θ) + D·b̄ holds, TTFT = T0 + κ·load, and more
// concurrency never lowers throughput.
func TestLoopWithTTFTLaw(t *testing.T) {
	c := truthCal()
	prev := 0.0
	for cc := 10; cc <= 6000; cc += 10 {
		cfg := ConfigFromKnobs(synthKnobs(2, "dep", 1, 0, cc))
		pr, err := c.Predict(cfg)
		if err != nil {
			t.Fatal(err)
		}
		if pr.Theta < prev-1e-6 {
			t.Fatalf("c%d: Θ fell %v → %v", cc, prev, pr.Theta)
		}
		prev = pr.Theta
		if pr.Regime == RegimePrefill {
			continue
		}
		ttft := truthT0 + truthKappa*pr.Theta/2
		near(t, "TTFT", pr.TTFT, ttft, 1e-12)
		near(t, "C", pr.Theta*truthU*ttft+8*pr.DecodeBatchMean, float64(cc), 1e-9)
		if want := pr.Theta >= queueingRho*2*truthTauP; want != (pr.Regime == RegimeQueueing) {
			t.Errorf("c%d: regime %s at %.0f %% of the prefill ceiling", cc, pr.Regime, 100*pr.Theta/(2*truthTauP))
		}
	}
}

// Past the prefill ceiling the queue shows in TTFT: C = λ·TTFT + D·b̄.
func TestQueueShowsInTTFT(t *testing.T) {
	c := truthCal()
	pr, err := c.Predict(ConfigFromKnobs(synthKnobs(2, "dep", 1, 512, 9000)))
	if err != nil || pr.Regime != RegimePrefill || pr.Queue <= 0 {
		t.Fatalf("%v: %+v", err, pr)
	}
	near(t, "C", pr.Theta*truthU*pr.TTFT+8*pr.DecodeBatchMean, 9000, 1e-9)
	near(t, "Θ", pr.Theta, 2*truthTauP, 1e-12)
}

// Mean E2EL gives u and f point by point: u = C/(Θ·E2EL).
func TestLoopFromE2EL(t *testing.T) {
	pts := synthPoints(t)
	for i := range pts {
		ttft, _ := pts[i].Metrics.Get(model.MeanTTFT)
		tpot, _ := pts[i].Metrics.Get(model.MeanTPOT)
		pts[i].Metrics.Set(model.MeanE2EL, ttft+truthF/truthU*tpot)
	}
	c, err := Calibrate(pts)
	if err != nil {
		t.Fatal(err)
	}
	near(t, "u", c.Params.U, truthU, 1e-9)
	near(t, "f", c.Params.F, truthF, 1e-9)
	if !hasNote(c, "from mean E2EL") {
		t.Errorf("notes %v", c.Notes)
	}
}

// TTFT that the loop identity cannot use is left out, not a refusal.
func TestTTFTLeftOutWhenItDoesNotFit(t *testing.T) {
	all := synthPoints(t)
	pts := []model.Point{all[0], all[1], all[3], all[4]}
	for i, v := range []float64{9, 5, 2, 1} { // falls as the queue grows
		pts[i].Metrics.Set(model.MeanTTFT, v)
	}
	c, err := Calibrate(pts)
	if err != nil {
		t.Fatal(err)
	}
	if c.Params.TTFTKind != "" || c.Params.U != 0 || !hasNote(c, "TTFT left out") {
		t.Errorf("TTFT kind %q u %g notes %v", c.Params.TTFTKind, c.Params.U, c.Notes)
	}
}

// Leaving the calibrated concurrency per decode rank or prefill load (τP
// unknown) is an extrapolation, and says so.
func TestRangeWarnings(t *testing.T) {
	c := synthCal(t, 0, 1, 4, 5, 6, 7) // no saturated point: τP unknown
	if c.Params.TauP != 0 {
		t.Fatalf("τP %v", c.Params.TauP)
	}
	pr, _ := c.Predict(ConfigFromKnobs(synthKnobs(2, "dep", 1, 512, 5000)))
	for _, w := range []string{"extrapolation: concurrency per decode rank 625.0 is outside the calibrated range",
		"prefill saturation not ruled out (τP unknown): throughput between", "decode saturation past it"} {
		if !hasWarning(pr, w) {
			t.Errorf("no %q in %v", w, pr.Warnings)
		}
	}
	if !pr.Extrapolated {
		t.Error("not flagged extrapolated")
	}
	pr, _ = c.Predict(ConfigFromKnobs(synthKnobs(2, "dep", 1, 512, 1000)))
	if pr.Extrapolated {
		t.Errorf("inside the range: %v", pr.Warnings)
	}
}

// Throughput falling as concurrency rises on one configuration is a
// measured collapse: predictions past its peak say so.
func TestCollapseWarning(t *testing.T) {
	pts := synthPoints(t)
	collapsed := pts[3]
	collapsed.ID, collapsed.Knobs.Concurrency = "c9500", 9500
	collapsed.Metrics.Set(model.TputPerGPU, 6000)
	cs := DetectCollapses(append(slices.Clone(pts), collapsed))
	if len(cs) != 1 || cs[0].PeakC != 8540 || cs[0].AtC != 9500 || cs[0].AtPoint != "c9500" {
		t.Fatalf("collapses %+v", cs)
	}
	c := synthCal(t)
	cfg := ConfigFromKnobs(collapsed.Knobs)
	if pr, _ := c.Predict(cfg); hasWarning(pr, "collapse") {
		t.Errorf("no collapse known yet: %v", pr.Warnings)
	}
	c.AddMeasured([]model.Point{collapsed})
	cfg.Concurrency = 9000
	if pr, _ := c.Predict(cfg); !pr.Extrapolated || !hasWarning(pr, "collapse: measured throughput of this configuration falls past c8540 (12,500 tok/s/GPU) to 6,000 at c9500 (-52 %)") {
		t.Errorf("warnings %v", pr.Warnings)
	}
	if pr, _ := c.Predict(cfg); pr.Regime == RegimeCollapse || !hasWarning(pr, "this point is past the measured knee") {
		t.Errorf("c9000, between knee and collapse: regime %s, warnings %v", pr.Regime, pr.Warnings)
	}
	cfg.Concurrency = 9500
	if pr, _ := c.Predict(cfg); pr.Regime != RegimeCollapse || !hasWarning(pr, "at or past the collapse") {
		t.Errorf("c9500: regime %s, warnings %v", pr.Regime, pr.Warnings)
	}
	cfg.Concurrency = 8000
	if pr, _ := c.Predict(cfg); hasWarning(pr, "collapse") {
		t.Errorf("below the peak: %v", pr.Warnings)
	}
	// In a backtest the other held-out points count as measured context,
	// never the predicted point itself.
	again := collapsed
	again.ID, again.Knobs.Concurrency = "c10000", 10000
	again.Metrics.Set(model.TputPerGPU, 5000)
	fit := []model.Point{pts[0], pts[1], pts[3], pts[4], pts[5], pts[7]}
	for _, test := range [][]model.Point{{collapsed, again}, {collapsed}} {
		res, err := Backtest(fit, test)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range res.Rows {
			if hasWarning(r.Prediction, "collapse") != (len(test) == 2) {
				t.Errorf("%s with %d held out: warnings %v", r.ID, len(test), r.Prediction.Warnings)
			}
		}
	}
}

// Twins (one configuration measured twice) count once in a fit, are never
// held out against their twin, and leave-one-out drops them together.
func TestTwins(t *testing.T) {
	fit := fitPoints()
	twin := fit[1] // 5P c2884 measured again
	twin.ID = idP5 + "@published"
	twin.Prov.DurationS = 0
	twin.Metrics.Set(model.TputPerGPU, 715623)
	twin.Metrics.Set(model.MeanIntvty, 220.3)
	pts := append(append(slices.Clone(fit), twin), testPoints()[:2]...)

	fc, err := ChooseFit(pts, []string{idP3c1228, twin.ID, idP5, idP9b192})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(fc.IDs(), []string{idP3c1228, idP5, idP9b192}) || len(fc.Twins) != 1 || fc.Twins[0].ID != twin.ID {
		t.Errorf("chose %v, twins %+v: want the 3600 s 5P kept", fc.IDs(), fc.Twins)
	}
	res, err := Backtest(fit, []model.Point{twin, testPoints()[0]})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Rows) != 1 || len(res.Skipped) != 1 || !strings.Contains(res.Skipped[0].Reason, "twin of fit point "+idP5) {
		t.Errorf("rows %d, skipped %+v", len(res.Rows), res.Skipped)
	}
	cv := CrossValidate(pts)
	byID := map[string]BacktestRow{}
	for _, r := range cv.Rows {
		byID[r.ID] = r
	}
	// 5P and its twin are each predicted by a fit that saw neither: the
	// same prediction for both.
	a, b := byID[idP5], byID[twin.ID]
	if a.Predicted.TputPerGPU == nil || b.Predicted.TputPerGPU == nil || *a.Predicted.TputPerGPU != *b.Predicted.TputPerGPU*float64(twin.GPUs())/float64(fit[1].GPUs()) {
		t.Errorf("5P rows %+v / %+v", a.Predicted, b.Predicted)
	}
	self, _ := Calibrate([]model.Point{fit[0], fit[2], testPoints()[0], testPoints()[1]})
	pr, _ := self.Predict(ConfigFromKnobs(fit[1].Knobs))
	near(t, "5P held out with its twin", *a.Predicted.TputPerGPU, pr.TputPerGPU, 1e-12)
}

func TestChooseFitAutomaticAndRefusals(t *testing.T) {
	short := testPoints()[0] // 3P c700, 1200 s
	noBal := testPoints()[2] // 9P BS160, balancing unknown
	other := fitPoints()[0]
	other.ID, other.Curve.Model = "elsewhere", "another/model"
	comp := fitPoints()[1]
	comp.ID, comp.Source = "rival", model.SourceCompetitor
	pts := append(fitPoints(), short, noBal, testPoints()[1], other, comp, aggPoint())
	fc, err := ChooseFit(pts, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(fc.IDs(), []string{idP3c1228, idP5, idP9b192, idP7}) {
		t.Errorf("automatic choice %v: want the steady DEP points with balancing of the larger curve", fc.IDs())
	}
	for _, tc := range []struct {
		ids  []string
		want string
	}{
		{[]string{"nope"}, "unknown point ID nope; valid IDs:\n  3p1d"},
		{[]string{idP5, "agg-tp4-c16"}, "out of scope"},
		{[]string{idP5, "elsewhere"}, "elsewhere is not on the curve"},
	} {
		if _, err := ChooseFit(pts, tc.ids); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: err %v, want %q", tc.ids, err, tc.want)
		}
	}
	if _, err := ChooseFit([]model.Point{aggPoint()}, nil); err == nil {
		t.Error("nothing usable: no error")
	}
}

// A TP/TEP family whose admission excess exceeds a small cap still predicts
// it (at most half the slots idle), and the refusal names DP attention only.
func TestSmallCapNotRefusedWithoutDPAttention(t *testing.T) {
	c := synthCal(t)
	c.Params.lawOfFamily("tp4").AdmitExcess = 1.08
	pr, err := c.Predict(ConfigFromKnobs(synthKnobs(1, "tp", 2, 1, 2)))
	if err != nil {
		t.Fatalf("batch-1 TP refused: %v", err)
	}
	near(t, "b̄ at BS 1", pr.DecodeBatchMean, 0.5, 1e-9)
	_, err = c.Predict(ConfigFromKnobs(synthKnobs(2, "dep", 1, 2, 100)))
	if err == nil || !strings.Contains(err.Error(), "busiest DP-attention rank") {
		t.Errorf("DEP BS 2: %v", err)
	}
}

// A choice without a configuration drops the point and its twins.
func TestFitChoiceWithout(t *testing.T) {
	fit := fitPoints()
	twin := fit[1]
	twin.ID = idP5 + "@published"
	fc, err := ChooseFit(append(slices.Clone(fit), twin), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(fc.Twins) != 1 {
		t.Fatalf("twins %+v", fc.Twins)
	}
	out, hit := fc.Without(fit[1].Knobs)
	if !hit || len(out.Points) != 2 || len(out.Twins) != 0 || slices.Contains(out.IDs(), idP5) {
		t.Errorf("without 5P: %v twins %+v", out.IDs(), out.Twins)
	}
	if _, hit := fc.Without(testPoints()[1].Knobs); hit {
		t.Error("7P is not in the fit")
	}
}

// The expert-activation law's loop solution satisfies the closed loop
// C = Θ·o(Θ) + D·b̄ and grows with concurrency, down to a tiny α (a fit
// never gives α ≤ 0).
func TestActivationLoopIdentity(t *testing.T) {
	for _, alpha := range []float64{0.007, 0.0005, 1e-6} {
		c := truthCal()
		for i := range c.Params.Decode {
			if !c.Params.Decode[i].DPAttn {
				c.Params.Decode[i].Experts, c.Params.Decode[i].TopK = 256, 8
				c.Params.Decode[i].Alpha = alpha
			}
		}
		prev := 0.0
		for cc := 1; cc <= 4096; cc *= 2 {
			cfg := ConfigFromKnobs(synthKnobs(1, "tp", 2, 0, cc))
			pr, err := c.Predict(cfg)
			if err != nil {
				t.Fatal(err)
			}
			if math.IsNaN(pr.Theta) || pr.Theta <= 0 || pr.Theta < prev*(1-1e-12) {
				t.Fatalf("α %g c%d: Θ %v after %v", alpha, cc, pr.Theta, prev)
			}
			prev = pr.Theta
			if pr.Regime != RegimeLoop && pr.Regime != RegimeQueueing {
				continue
			}
			l := c.lawsFor(cfg)
			got := pr.Theta*l.outside(pr.Theta, 1) + 2*pr.DecodeBatchMean
			if math.Abs(got/float64(cc)-1) > 1e-6 {
				t.Errorf("α %g c%d: C = %v", alpha, cc, got)
			}
		}
	}
}
