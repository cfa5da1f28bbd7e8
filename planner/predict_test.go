package planner

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

func refCal(t testing.TB) *Calibration {
	t.Helper()
	c, err := Calibrate(fitPoints())
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func knobsOf(t *testing.T, id string) model.Knobs {
	t.Helper()
	for _, p := range append(fitPoints(), testPoints()...) {
		if p.ID == id {
			return p.Knobs
		}
	}
	t.Fatalf("no point %s", id)
	return model.Knobs{}
}

// The cap verdicts: 7P BS96 and 9P BS160 bind, 9P BS192 is free.
func TestPredictCapVerdicts(t *testing.T) {
	c := refCal(t)
	for id, binds := range map[string]bool{idP7: true, idP9b160: true, idP9b192: false} {
		pr, err := c.Predict(ConfigFromKnobs(knobsOf(t, id)))
		if err != nil {
			t.Fatal(err)
		}
		if pr.CapBinds != binds {
			t.Errorf("%s: cap binds %v, want %v (regime %s)", id, pr.CapBinds, binds, pr.Regime)
		}
		if binds {
			bs := float64(knobsOf(t, id).DecodeBS)
			if pr.Regime != RegimeDecodeCap || pr.DecodeBatchMax != bs || pr.QueueAt != "admission" || pr.Queue <= 0 {
				t.Errorf("%s: %+v", id, pr)
			}
			if pr.FreeCapTputPerGPU <= pr.TputPerGPU || pr.FreeCapMeanIntvty >= pr.MeanIntvty || !hasWarning(pr, "decode cap binds") {
				t.Errorf("%s: a free cap should give more throughput at lower interactivity: %+v", id, pr)
			}
		}
	}
}

// 7P: the recommended cap at the prefill ceiling (τP at its lower bound)
// is 90 rounded up to the captured 96, the cap the retune chose.
func TestPredict7PValues(t *testing.T) {
	c := refCal(t)
	pr, err := c.Predict(ConfigFromKnobs(knobsOf(t, idP7)))
	if err != nil {
		t.Fatal(err)
	}
	if pr.GPUs != 30 || pr.RecommendedDecodeBS != 96 {
		t.Errorf("GPUs %d, recommended BS %d; want 30, 96", pr.GPUs, pr.RecommendedDecodeBS)
	}
	near(t, "tput/GPU", pr.TputPerGPU, 1015964, 1e-5)
	near(t, "mean intvty", pr.MeanIntvty, 145.89, 1e-4)
	near(t, "p90 intvty", pr.P90Intvty, pr.MeanIntvty*c.Params.R90, 1e-12)
	near(t, "b mean", pr.DecodeBatchMean, 96-2.25, 1e-9)
	// Knee: Θ* = Θ_cap, b̄ = BS − δ there.
	near(t, "knee", pr.KneeConcurrency, pr.ThetaCap*c.Params.D0+16*(96-2.25), 1e-12)
	near(t, "headroom", pr.Headroom, pr.Theta*c.Params.F*c.Params.Beta/16, 1e-12)
	if !hasWarning(pr, "total_tokens balancing") || !hasWarning(pr, "τP unknown") {
		t.Errorf("warnings %v", pr.Warnings)
	}
}

// Loop-bound points satisfy the closed-loop identity C = Θ·d0 + D·b̄.
func TestPredictLoopIdentity(t *testing.T) {
	c := refCal(t)
	for _, cc := range []int{50, 700, 3000, 7480, 20000} {
		pr, err := c.Predict(Config{PrefillWorkers: 9, PrefillGPUs: 2, DecodeRanks: 16, DecodeBS: 0,
			Balance: model.BalanceTotalRequests, Concurrency: cc})
		if err != nil {
			t.Fatal(err)
		}
		if pr.TputRange != nil {
			// Past 9P c7480's prefill load with τP unknown: a range, its middle shown.
			if cc != 20000 || pr.Regime != RegimeQueueing || !hasWarning(pr, "prefill saturation not ruled out") {
				t.Errorf("c%d: range %v, regime %s, warnings %v", cc, *pr.TputRange, pr.Regime, pr.Warnings)
			}
			continue
		}
		// Past 80 % of the decode asymptote the loop point is "queueing".
		if want := map[bool]Regime{false: RegimeLoop, true: RegimeQueueing}[pr.Headroom > headroomWarn]; pr.Regime != want {
			t.Fatalf("c%d: regime %s, headroom %.2f", cc, pr.Regime, pr.Headroom)
		}
		near(t, "C", pr.Theta*c.Params.D0+16*pr.DecodeBatchMean, float64(cc), 1e-9)
		if pr.Headroom >= 1 {
			t.Errorf("c%d: headroom %v ≥ 1", cc, pr.Headroom)
		}
	}
	pr, _ := c.Predict(Config{PrefillWorkers: 9, PrefillGPUs: 2, DecodeRanks: 16, Concurrency: 20000})
	if !hasWarning(pr, "decode BS unknown") || !hasWarning(pr, "asymptote") || !hasWarning(pr, "extrapolation") {
		t.Errorf("c20000 warnings %v", pr.Warnings)
	}
}

// More concurrency never lowers throughput nor raises interactivity.
func TestPredictMonotoneInConcurrency(t *testing.T) {
	c := refCal(t)
	prev := Prediction{}
	for cc := 100; cc <= 12000; cc += 100 {
		pr, err := c.Predict(Config{PrefillWorkers: 7, PrefillGPUs: 2, DecodeRanks: 16, DecodeBS: 96,
			Balance: model.BalanceTotalTokens, Concurrency: cc})
		if err != nil {
			t.Fatal(err)
		}
		if cc > 100 && (pr.Theta < prev.Theta-1e-6 || pr.MeanIntvty > prev.MeanIntvty+1e-9) {
			t.Fatalf("c%d: Θ %v → %v, intvty %v → %v", cc, prev.Theta, pr.Theta, prev.MeanIntvty, pr.MeanIntvty)
		}
		prev = pr
	}
	if !prev.CapBinds {
		t.Errorf("at c12000 the BS96 cap should bind")
	}
}

func TestPredictRefuses(t *testing.T) {
	c := refCal(t)
	_, err := c.Predict(ConfigFromKnobs(aggPoint().Knobs))
	if !errors.Is(err, ErrOutOfScope) {
		t.Errorf("agg: %v", err)
	}
	for _, cfg := range []Config{
		{PrefillWorkers: 0, PrefillGPUs: 2, DecodeRanks: 16, DecodeBS: 96, Concurrency: 10},
		{PrefillWorkers: 3, PrefillGPUs: 2, DecodeRanks: 0, DecodeBS: 96, Concurrency: 10},
		{PrefillWorkers: 3, PrefillGPUs: 2, DecodeRanks: 16, DecodeBS: 2, Concurrency: 10},
		{PrefillWorkers: 3, PrefillGPUs: 2, DecodeRanks: 16, DecodeBS: 96, Concurrency: 0},
	} {
		if _, err := c.Predict(cfg); err == nil {
			t.Errorf("%+v: no error", cfg)
		}
	}
}

func TestCapturedSizes(t *testing.T) {
	s := CapturedSizes()
	want := []int{1, 2, 4, 8, 12, 16, 24, 32, 40}
	for i, v := range want {
		if s[i] != v {
			t.Fatalf("sizes start %v, want %v", s[:len(want)], want)
		}
	}
	for i := 1; i < len(s); i++ {
		if s[i] <= s[i-1] {
			t.Fatalf("not increasing at %d", i)
		}
	}
	s[0] = 99 // a copy: the package's list is untouched
	for bs, want := range map[int]int{0: 1, 1: 1, 3: 4, 13: 16, 18: 24, 90: 96, 96: 96, 169: 176, 257: 272, 500: 512, 513: 544, 2000: 2000} {
		if got := SnapCap(bs); got != want {
			t.Errorf("SnapCap(%d) = %d, want %d", bs, got, want)
		}
	}
}

func TestThousands(t *testing.T) {
	for v, want := range map[float64]string{0: "0", 999.4: "999", 1000: "1,000", 1033494: "1,033,494", -4220015.8: "-4,220,016"} {
		if got := thousands(v); got != want {
			t.Errorf("thousands(%v) = %q, want %q", v, got, want)
		}
	}
}

// A caller that sets τP by hand gets predictions without the τP warning.
func TestStaticWarningsFollowTauP(t *testing.T) {
	c := refCal(t)
	cfg := ConfigFromKnobs(knobsOf(t, idP9b192))
	pr, _ := c.Predict(cfg)
	if !hasWarning(pr, "τP unknown") {
		t.Fatal("no τP warning")
	}
	c.Params.TauP = 4e6
	pr, _ = c.Predict(cfg)
	if hasWarning(pr, "τP unknown") || pr.Regime != RegimePrefill {
		t.Errorf("τP set: regime %s warnings %v", pr.Regime, pr.Warnings)
	}
}

// The cap warning's queue agrees with its verb: "1 request waits", never
// "1 requests wait" (seen at 1P3D BS1 c3 on the TRT-LLM curve).
func TestCapWarningCountsRequests(t *testing.T) {
	c := refCal(t)
	seen := map[bool]bool{}
	for cc := 5200; cc <= 5400 && len(seen) < 2; cc++ { // the BS96 cap binds from about c5234
		pr, err := c.Predict(Config{PrefillWorkers: 7, PrefillGPUs: 2, DecodeRanks: 16, DecodeBS: 96,
			Balance: model.BalanceTotalRequests, Concurrency: cc})
		if err != nil || !pr.CapBinds {
			continue
		}
		one := math.Round(pr.Queue) == 1
		want := model.Thousands(pr.Queue, 0) + " requests wait for admission;"
		if one {
			want = "1 request waits for admission;"
		}
		if !hasWarning(pr, "holds the busiest rank, "+want) {
			t.Errorf("c%d, queue %.2f: warnings %q lack %q", cc, pr.Queue, pr.Warnings, want)
		}
		seen[one] = true
	}
	if !seen[true] || !seen[false] {
		t.Errorf("the scan met a queue of 1: %v, a larger one: %v", seen[true], seen[false])
	}
}

// The one recommendation: 7P c5540 on the reference fit. τP unknown, so a
// range: 96 at the highest prefill load measured (9P c7480's), 112 where BS
// 96 stops binding at c5540 with prefill keeping up.
func TestRecommendSevenP(t *testing.T) {
	c := refCal(t)
	cfg := ConfigFromKnobs(testPoints()[1].Knobs)
	r, err := c.Recommend(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%+v", r)
	if r.TauPKnown || r.Low != 96 || r.High != 112 || r.BS != 112 || r.CeilingBS != 96 || !r.Range() {
		t.Errorf("recommendation %+v", r)
	}
	if !strings.Contains(r.Reason, "96 suffices if prefill saturates") {
		t.Errorf("reason %q", r.Reason)
	}
}
