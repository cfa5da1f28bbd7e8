package planner

import (
	"math"
	"testing"
)

// The accuracy bar: fit on 3P c1228, 5P c2884, 9P BS192; backtest the
// other disaggregated points of the demo's tables A and B.
func TestBacktestAccuracyOnDATA(t *testing.T) {
	res, err := Backtest(fitPoints(), testPoints())
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Rows) != 4 || len(res.Skipped) != 0 {
		t.Fatalf("rows %d skipped %v", len(res.Rows), res.Skipped)
	}
	for _, r := range res.Rows {
		t.Logf("%-28s tput %+6.2f %%  mean %+6.2f %%  regime %s", r.ID, *r.ErrorPct.TputPerGPU, *r.ErrorPct.MeanIntvty, r.Prediction.Regime)
		if e := math.Abs(*r.ErrorPct.TputPerGPU); e > 8 {
			t.Errorf("%s: throughput error %.2f %% > 8 %%", r.ID, e)
		}
		if e := math.Abs(*r.ErrorPct.MeanIntvty); e > 10 {
			t.Errorf("%s: mean interactivity error %.2f %% > 10 %%", r.ID, e)
		}
	}
	if m := *res.MeanAbs.TputPerGPU; m > 4 {
		t.Errorf("mean throughput error %.2f %% > 4 %%", m)
	}
	if m := *res.MeanAbs.MeanIntvty; m > 6 {
		t.Errorf("mean interactivity error %.2f %% > 6 %%", m)
	}
	t.Logf("mean |err| tput %.2f %% intvty %.2f %%; max %.2f %% / %.2f %%",
		*res.MeanAbs.TputPerGPU, *res.MeanAbs.MeanIntvty, *res.MaxAbs.TputPerGPU, *res.MaxAbs.MeanIntvty)
}
