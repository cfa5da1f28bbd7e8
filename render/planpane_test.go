package render

import (
	"errors"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/planner"
	"github.com/sweeptune/sweeptune/sources/demo"
)

// The planner pane's knobs of the retune's 7P point, in its words.
func TestPlanFieldsOfTheDemo(t *testing.T) {
	var found bool
	for _, p := range demo.Load().Points {
		k := p.Knobs
		if k.Prefill.Workers != 7 || k.Concurrency != 5540 || !k.Decode.DPAttn {
			continue
		}
		found = true
		got := PlanFields(k)
		if len(got) != len(PlanFieldNames) {
			t.Fatalf("%d fields", len(got))
		}
		want := [][2]string{{"prefill workers", "7"}, {"decode cap (BS)", "96"}, {"concurrency", "5,540"}, {"balancing", k.Balance}}
		for i, w := range want {
			if got[i].Name != w[0] || got[i].Value != w[1] || got[i].Note == "" {
				t.Errorf("field %d: %+v, want %v", i, got[i], w)
			}
		}
		if got[3].Note != "DP attention load balance" {
			t.Errorf("balance note %q", got[3].Note)
		}
		break
	}
	if !found {
		t.Skip("no 7P c5540 point in the demo")
	}
}

func TestFitCandidateWords(t *testing.T) {
	tput, mean := 1.234, -5.0
	row := planner.BacktestRow{}
	row.ErrorPct.TputPerGPU, row.ErrorPct.MeanIntvty = &tput, &mean
	for _, c := range []struct {
		in       FitCandidate
		box, say string
	}{
		{FitCandidate{ID: "a"}, "[ ]", ""},
		{FitCandidate{ID: "a", Chosen: true, LeftOut: &row}, "[x]", "left out: tput +1.23 %  mean -5.00 %"},
		{FitCandidate{ID: "a", Chosen: true, Twin: true, LeftOut: &row}, "[x]", "twin: counted once, left out with it"},
	} {
		if c.in.Box() != c.box || c.in.Note().Text != c.say {
			t.Errorf("%+v: %q %q", c.in, c.in.Box(), c.in.Note().Text)
		}
	}
	if got := FitCandidatesHidden(3, true).Plain(); got != "  … 3 candidates above (↑ reaches them)\n" {
		t.Errorf("above: %q", got)
	}
	if got := PlanNoCalibration(errors.New("x"), false).Plain(); got != "no calibration: x\nthe planner needs measured disaggregated points (Np, C, tput/GPU, interactivity)\n" {
		t.Errorf("no calibration: %q", got)
	}
}

// TestPredictionNamesDecodeGPUs: 3 prefill × 8 GPUs and 2 TP8 decode
// workers (2 ranks, 16 GPUs) read "+ 2 decode ranks on 16 GPUs = 40 GPUs",
// not "+ 2 decode ranks = 40 GPUs"; one GPU per rank stays as it was.
func TestPredictionNamesDecodeGPUs(t *testing.T) {
	cfg := planner.Config{PrefillWorkers: 3, PrefillGPUs: 8, DecodeRanks: 2, DecodeGPUs: 16, DecodeBS: 512, Concurrency: 16}
	got := Prediction(cfg, planner.Prediction{GPUs: cfg.GPUs()}, planner.Recommendation{}).Plain()
	if want := "prediction: 3 prefill × 8 GPUs + 2 decode ranks on 16 GPUs = 40 GPUs, decode BS 512"; !strings.Contains(got, want) {
		t.Errorf("got\n%s\nwant %q", got, want)
	}
	cfg = planner.Config{PrefillWorkers: 5, PrefillGPUs: 2, DecodeRanks: 16, DecodeGPUs: 16, DecodeBS: 40, Concurrency: 2884}
	got = Prediction(cfg, planner.Prediction{GPUs: cfg.GPUs()}, planner.Recommendation{}).Plain()
	if want := "prediction: 5 prefill × 2 GPUs + 16 decode ranks = 26 GPUs, decode BS 40"; !strings.Contains(got, want) {
		t.Errorf("got\n%s\nwant %q", got, want)
	}
}
