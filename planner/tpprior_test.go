package planner_test

import (
	"math"
	"testing"

	"github.com/sweeptune/sweeptune/planner"
)

// The weight-read prior of a TP/TEP decode shape never calibrated
// (docs/planner.md, "A TP/TEP shape never calibrated"), checked on every
// curve that measured both a DP-attention and a TP/TEP decode shape: fit on
// the DP-attention points only, predict the TP/TEP ones. The stand-in it
// replaced (the DP-attention law itself) was −33.9 / −56.5 % and
// −37.7 / −38.5 % on TRT-LLM TEP8, −34.3 / −32.7 % on SGLang TP4.
func TestTPWeightReadPrior(t *testing.T) {
	for _, tc := range []struct {
		file string
		fit  []string
		want map[string][2]float64 // throughput, interactivity error %
	}{
		{trtFile, []string{"1p1d-dep8-dep32-b32-c1127", "1p1d-dep8-dep16-b128-c2151", "1p1d-dep8-dep8-b768-c6144"},
			map[string][2]float64{"1p3d-dep8-tep8-b1-c3": {1.5, -25.9}, "1p3d-dep8-tep8-b8-c27": {-20.1, -17.0}}},
		{sglFile, []string{"5p1d-dep8-dep32-b768-c128", "5p1d-dep8-dep32-b768-c512", "5p1d-dep8-dep32-b768-c1024"},
			map[string][2]float64{"1p1d-tp4-tp4-b128-c4": {-14.6, -9.4}}},
	} {
		fit, test := split(t, loadCurve(t, tc.file), tc.fit)
		res, err := planner.Backtest(fit, test)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s\n%s", tc.file, errorTable(res))
		n := 0
		for _, r := range res.Rows {
			w, ok := tc.want[r.ID]
			if !ok {
				continue
			}
			n++
			got := [2]float64{*r.ErrorPct.TputPerGPU, deref(intvtyErr(r))}
			for i := range got {
				if math.Abs(got[i]-w[i]) > 0.05 {
					t.Errorf("%s: error %.1f / %.1f %%, want %.1f / %.1f", r.ID, got[0], got[1], w[0], w[1])
					break
				}
			}
			if !anyWarning(r.Prediction, "shape assumed", "weight-read prior") {
				t.Errorf("%s: no weight-read prior warning: %v", r.ID, r.Prediction.Warnings)
			}
		}
		if n != len(tc.want) {
			t.Errorf("%s: %d of %d TP/TEP points predicted", tc.file, n, len(tc.want))
		}
	}
}
