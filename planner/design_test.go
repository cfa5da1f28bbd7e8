package planner

import (
	"math"
	"slices"
	"testing"
)

func TestDesignThreeBands(t *testing.T) {
	c := refCal(t)
	pts := append(fitPoints(), testPoints()...)
	props, err := Design(c, pts, 40, 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(props) != 3 {
		t.Fatalf("%d proposals, want 3", len(props))
	}
	// Every feasible prefill-worker count, to check the choice per band.
	dc := *c
	dc.Params.TauP = c.Params.TauPLowerBound
	all := dc.candidates(Config{PrefillGPUs: 2, DecodeRanks: 16, DecodeGPUs: 16, Balance: "total_requests"}, 40)
	for i, p := range props {
		pr := p.Prediction
		if pr.Regime != RegimePrefill || pr.GPUs > 40 || pr.Headroom > headroomWarn {
			t.Errorf("%s: regime %s GPUs %d headroom %.2f", p.ID, pr.Regime, pr.GPUs, pr.Headroom)
		}
		if p.Config.DecodeBS != pr.RecommendedDecodeBS || SnapCap(p.Config.DecodeBS) != p.Config.DecodeBS {
			t.Errorf("%s: cap %d, recommended %d", p.ID, p.Config.DecodeBS, pr.RecommendedDecodeBS)
		}
		if k := pr.KneeConcurrency; float64(p.Config.Concurrency) <= k || float64(p.Config.Concurrency) > k*(1+kneeMargin)+1 {
			t.Errorf("%s: concurrency %d not just past the knee %.0f", p.ID, p.Config.Concurrency, k)
		}
		if pr.MeanIntvty < p.Band[0] || pr.MeanIntvty > p.Band[1] {
			t.Errorf("%s: intvty %.1f outside its band %v", p.ID, pr.MeanIntvty, p.Band)
		}
		for _, cd := range all {
			if inBand(cd.x, p.Band[0], p.Band[1], i == len(props)-1) && cd.y > pr.TputPerGPU+1e-6 {
				t.Errorf("%s: %d prefill workers give more (%.0f) in the same band", p.ID, cd.cfg.PrefillWorkers, cd.y)
			}
		}
		if i > 0 && p.Band[0] != props[i-1].Band[1] {
			t.Errorf("bands not contiguous: %v after %v", p.Band, props[i-1].Band)
		}
	}
	// The bands ascend in interactivity: the first holds the 7P/9P points.
	if !slices.Contains(props[0].Replaces, idP7) || !slices.Contains(props[0].Replaces, idP9b192) {
		t.Errorf("low band replaces %v", props[0].Replaces)
	}
	if !slices.Contains(props[2].Replaces, idP3c700) || slices.Contains(props[2].Replaces, idP7) {
		t.Errorf("high band replaces %v", props[2].Replaces)
	}
	if props[0].ID != props[0].Knobs.BaseID() || props[0].Knobs.MaxRunningRequests != 16*props[0].Config.DecodeBS {
		t.Errorf("knobs %+v", props[0].Knobs)
	}
}

func TestDesignBudgetAndBands(t *testing.T) {
	c := refCal(t)
	props, err := Design(c, nil, 22, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(props) != 1 || props[0].Config.PrefillWorkers != 3 || props[0].Prediction.GPUs != 22 {
		t.Errorf("22 GPUs, one band: %+v", props)
	}
	near(t, "tput at 3P", props[0].Prediction.TputPerGPU, 3*c.Params.TauPLowerBound/22, 1e-12)
	if _, err := Design(c, nil, 17, 2); err == nil {
		t.Error("17 GPUs: no error")
	}
	if _, err := Design(c, nil, 40, 0); err == nil {
		t.Error("0 bands: no error")
	}
	// 24 GPUs allow 1–4 prefill workers: with 6 bands some stay empty and
	// get no proposal; the others each hold a different worker count.
	props, err = Design(c, nil, 24, 6)
	if err != nil || len(props) < 2 || len(props) > 4 {
		t.Fatalf("24 GPUs, 6 bands: %d proposals, %v", len(props), err)
	}
	seen := map[int]bool{}
	for _, p := range props {
		if math.IsNaN(p.Band[0]) || seen[p.Config.PrefillWorkers] || p.Prediction.GPUs > 24 {
			t.Errorf("proposal %s band %v", p.ID, p.Band)
		}
		seen[p.Config.PrefillWorkers] = true
	}
}
