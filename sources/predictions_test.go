package sources

import (
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

const predictionLedger = `{"v":2,"kind":"prediction","id":"pred-51e7c76b903b","at":"2026-10-29T09:00:00Z","origin":"plan","tool":"sweeptune devel","curve":{"model":"deepseek-ai/DeepSeek-V4.1-Flash","scenario":"agentic-coding","hardware":"gb300","framework":"dynamo-sglang","precision":"fp4","spec_decoding":"dspark"},"config":"7p1d-dep2-dep16-b96-c5540","label":"7P BS96 c5540","knobs":{"mode":"disagg","prefill_workers":7,"prefill_nodes":4,"prefill_gpus":2,"prefill_tp":2,"prefill_ep":2,"prefill_dp_attention":true,"decode_workers":1,"decode_nodes":4,"decode_gpus":16,"decode_tp":16,"decode_ep":16,"decode_dp_attention":true,"decode_bs":96,"max_running_requests":1536,"balance":"total_tokens","concurrency":5540},"concurrency":5540,"fit":{"ids":["3p1d-dep2-dep16-b24-c1228"]},"predicted":{"tput_per_gpu":1012565.2,"mean_intvty":152.62,"p90_intvty":161.7},"regime":"cap-bound"}
{"v":1,"id":"pred-old","config":{"prefill_workers":5},"predicted":{"tput_per_gpu":1}}
{"v":2,"kind":"measurement","id":"m"}
{"v":2,"kind":"prediction","id":"pred-nok","knobs":{"mode":"disagg"},"predicted":{"tput_per_gpu":1}}
{"v":2,"kind":"predic`

func TestPredictionLedgerAsPlannedPoints(t *testing.T) {
	if got := FormatName([]byte(predictionLedger)); got != "sweeptune prediction ledger" {
		t.Fatalf("format %q", got)
	}
	ds := LoadBytes("ledger.jsonl", []byte(predictionLedger), Options{})
	if len(ds.Points) != 1 {
		t.Fatalf("%d points, warnings %v", len(ds.Points), ds.Warnings)
	}
	p := ds.Points[0]
	if p.ID != "7p1d-dep2-dep16-b96-c5540" || p.Source != model.SourcePlanned || p.Label != "7P BS96 c5540" || p.GPUs() != 30 ||
		p.Knobs.Prefill.Nodes != 4 || p.Knobs.MaxRunningRequests != 1536 || p.Prov.Date != "2026-10-29" {
		t.Errorf("point %+v", p)
	}
	metricsAre(t, &p, map[model.Metric]float64{model.TputPerGPU: 1012565.2, model.MeanIntvty: 152.62, model.P90Intvty: 161.7})
	// The v1 line is named in a notice; the bad prediction and the cut
	// last line are warnings; the other kind passes quietly.
	if len(ds.Notices) != 1 || !strings.Contains(ds.Notices[0], "line 2: a version 1 record") {
		t.Errorf("notices %v", ds.Notices)
	}
	if len(ds.Warnings) != 2 || ds.Warnings[0].Field != "line 4" || !strings.Contains(ds.Warnings[1].Msg, "truncated") {
		t.Errorf("warnings %v", ds.Warnings)
	}
}

func FuzzPredictionLedger(f *testing.F) {
	f.Add([]byte(predictionLedger))
	for _, l := range strings.Split(predictionLedger, "\n") {
		f.Add([]byte(l))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		ds := runParser(parsePredictions, data, Options{})
		checkInvariants(t, ds, -1)
	})
}
