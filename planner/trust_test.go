package planner_test

import (
	"fmt"
	"math"
	"sort"
	"testing"

	"github.com/sweeptune/sweeptune/planner"
)

// realCurves are the published curves (../shared; the tests skip without it).
var realCurves = []struct{ name, file string }{
	{"trt-1k1k", trtFile}, {"sglang-8k1k", sglFile}, {"vllm-agentx", vllmFile},
}

// heldOutTest is one prediction of a point no fit saw, with its class.
type heldOutTest struct {
	curve, id string
	class     planner.TrustClass
	tput, itv float64 // |error| %
}

// heldOutTests are every leave-one-out prediction and every engineer-fit
// held-out prediction on the real curves.
func heldOutTests(t *testing.T) []heldOutTest {
	var out []heldOutTest
	for _, c := range realCurves {
		pts := loadCurve(t, c.file)
		add := func(rows []planner.BacktestRow) {
			for _, r := range rows {
				out = append(out, heldOutTest{c.name, r.ID, r.Prediction.Class,
					math.Abs(*r.ErrorPct.TputPerGPU), math.Abs(deref(intvtyErr(r)))})
			}
		}
		add(planner.CrossValidate(pts).Rows)
		fit, test := engineerSplit(t, pts)
		res, err := planner.Backtest(fit, test)
		if err != nil {
			t.Fatal(err)
		}
		add(res.Rows)
	}
	return out
}

// quantile is the q-quantile of v by linear interpolation.
func quantile(v []float64, q float64) float64 {
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	if len(s) == 0 {
		return math.NaN()
	}
	x := q * float64(len(s)-1)
	i := int(x)
	if i+1 >= len(s) {
		return s[len(s)-1]
	}
	return s[i] + (x-float64(i))*(s[i+1]-s[i])
}

// TestTrustBands: the band of each class is the 2/3 quantile of its
// held-out errors, per metric (leave-one-out and engineer fits on the real
// curves); nested leave-one-out (each test judged by the band of the
// others) covers 50–75 % of the points on each metric (the lower share is
// stated), and the widths are the ones the planner states.
func TestTrustBands(t *testing.T) {
	tests := heldOutTests(t)
	by := map[planner.TrustClass][]heldOutTest{}
	for _, h := range tests {
		by[h.class] = append(by[h.class], h)
	}
	for _, class := range []planner.TrustClass{planner.ClassInterpolated, planner.ClassExtrapolated, planner.ClassPrior, planner.ClassCollapse} {
		hs := by[class]
		var ts, is []float64
		for _, h := range hs {
			ts, is = append(ts, h.tput), append(is, h.itv)
		}
		coveredT, coveredI := 0, 0
		for j := range hs {
			var ot, oi []float64
			for k := range hs {
				if k != j {
					ot, oi = append(ot, hs[k].tput), append(oi, hs[k].itv)
				}
			}
			if len(ot) > 0 && hs[j].tput <= quantile(ot, trustQ) {
				coveredT++
			}
			if len(oi) > 0 && hs[j].itv <= quantile(oi, trustQ) {
				coveredI++
			}
		}
		covered := min(coveredT, coveredI)
		pr := planner.Prediction{Class: class}
		b := pr.Band()
		if len(hs) == 0 {
			t.Logf("%-12s untested: band unknown", class)
			if b.Tested != 0 {
				t.Errorf("%s: states a band %+v tested on nothing", class, b)
			}
			continue
		}
		cov := float64(covered) / float64(len(hs))
		bt, bi := quantile(ts, trustQ), quantile(is, trustQ)
		t.Logf("%-12s %2d tests: band ±%.1f %% tput, ±%.1f %% intvty; nested leave-one-out coverage %d and %d of %d (the lower %.0f %%)",
			class, len(hs), bt, bi, coveredT, coveredI, len(hs), cov*100)
		for _, h := range hs {
			t.Logf("    %-12s %-34s %5.1f %5.1f", h.curve, h.id, h.tput, h.itv)
		}
		if class == planner.ClassCollapse {
			if !b.UpperBound {
				t.Errorf("collapse band %+v: want an upper bound", b)
			}
			continue
		}
		if len(hs) >= 4 && (cov < 0.5 || cov > 0.75) {
			t.Errorf("%s: nested coverage %.0f %% outside 50–75 %%", class, cov*100)
		}
		want := fmt.Sprintf("%.1f/%.1f/%d/%.2f", bt, bi, len(hs), cov)
		if got := fmt.Sprintf("%.1f/%.1f/%d/%.2f", b.TputPct, b.IntvtyPct, b.Tested, b.Coverage); got != want {
			t.Errorf("%s band %s, nested leave-one-out gives %s (planner/trust.go)", class, got, want)
		}
	}
}

const trustQ = 2.0 / 3
