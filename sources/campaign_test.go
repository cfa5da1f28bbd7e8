package sources

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// campaignFixture: the shapes of an InferenceX autoresearch ledger, trimmed.
const campaignFixture = `{"timestamp":"2026-06-25T06:43:31Z","kind":"checkpoint","status":"clean"}
{"timestamp":"2026-06-25T13:11:40Z","kind":"gha_dispatch","run_id":28172585858,"url":"https://github.com/SemiAnalysisAI/InferenceX/actions/runs/28172585858","duration_seconds":600,"generate_cli_command":"full-sweep --model-prefix minimaxm3 --framework dynamo-vllm --runner-type gb200 --no-evals"}
{"timestamp":"2026-06-25T13:46:27Z","kind":"result","run_id":28172585858,"config":"tp4-1p1d-nooffload-c1","metrics":{"total_tput_tps":12448,"tput_per_gpu":1556.1,"p90_e2el_s":35.30,"p90_tpot_ms":11.55,"tail_interactivity_tok_s":86.59,"stored_p90_intvty":90.64,"p90_ttft_s":1.165}}
{"timestamp":"2026-06-25T13:55:50Z","kind":"topology_exclusion","topology":"DEP4","cause":"No MXFP8 MoE backends available."}
{"timestamp":"2026-06-25T14:11:00Z","kind":"coarse_result","duration_seconds":300,"concurrency":1,"results":[{"topology":"TP4","tput_per_gpu":877.6},{"topology":"1P1D TEP4","tput_per_gpu":615.4,"p90_tpot_ms":11.68}]}
{"timestamp":"2026-06-26T08:30:00Z","kind":"gha_dispatch","run_id":28226542956,"duration_seconds":900}
{"timestamp":"2026-06-26T00:07:00Z","kind":"point_exclusion","point":"tp4-2p3d-probe-c20","cause":"NIXL handshake failures"}
{"timestamp":"2026-06-26T09:59:30Z","kind":"focused_probe_result","run_id":28226542956,"point":"tp4-2p3d-probe-c16","config":{"prefill_workers":2,"decode_workers":3,"tp":4,"ep":1,"max_num_seqs":64},"observed":{"duration_seconds":939.60,"tput_per_gpu":4585.4,"p90_e2el_s":95.03,"p90_tpot_ms":18.16,"tail_interactivity_tok_s":55.08,"p90_ttft_s":84.35}}
{"timestamp":"2026-06-26T10:35:30Z","kind":"focused_probe_result","run_id":28226542956,"point":"tp4-2p3d-probe-c20","observed":{"tput_per_gpu":4165.6}}
{"timestamp":"2026-06-26T10:40:00Z","kind":"focused_probe_result","point":"dep4-1p1d-c4","observed":{"tput_per_gpu":100}}
{"timestamp":"2026-06-26T10:41:00Z","kind":"some_future_kind","anything":[1,2,3]}
not json at all
`

func TestCampaignLedgerResultsExclusionsAndUnknownKinds(t *testing.T) {
	if got := FormatName([]byte(campaignFixture)); got != "campaign experiment ledger" {
		t.Fatalf("format %q", got)
	}
	ds := LoadBytes("experiment-ledger.jsonl", []byte(campaignFixture), Options{})
	// The bad line is the only warning; unknown kinds pass quietly.
	if len(ds.Warnings) != 1 || ds.Warnings[0].Field != "line 12" {
		t.Fatalf("warnings %v", ds.Warnings)
	}
	if len(ds.Points) != 3 {
		for _, p := range ds.Points {
			t.Logf("%s %s", p.ID, p.Label)
		}
		t.Fatalf("%d points, want 3 (result, coarse 1P1D TEP4, focused 2P3D c16)", len(ds.Points))
	}
	want := model.CurveKey{Model: "minimaxm3", Hardware: "gb200", Framework: "dynamo-vllm"}
	r := ds.Points[0]
	if r.Label != "tp4-1p1d-nooffload-c1" || r.Curve != want || r.Source != model.SourceLocal || r.GPUs() != 8 ||
		r.Knobs.Concurrency != 1 || r.Knobs.Prefill.TP != 4 || r.Prov.DurationS != 600 || r.Prov.Date != "2026-06-25" ||
		r.Prov.RunURL != "https://github.com/SemiAnalysisAI/InferenceX/actions/runs/28172585858" {
		t.Errorf("result point %+v", r)
	}
	metricsAre(t, &r, map[model.Metric]float64{model.TputPerGPU: 1556.1, model.P90Intvty: 86.59, model.P90E2EL: 35.30,
		model.P90TPOT: 0.01155, model.P90TTFT: 1.165})
	c := ds.Points[1]
	if c.Knobs.Prefill.EP != 4 || c.Knobs.Prefill.Workers != 1 || c.Knobs.Concurrency != 1 || c.Prov.DurationS != 300 {
		t.Errorf("coarse 1P1D TEP4: %+v %+v", c.Knobs, c.Prov)
	}
	metricsAre(t, &c, map[model.Metric]float64{model.TputPerGPU: 615.4, model.P90TPOT: 0.01168, model.P90Intvty: 1 / 0.01168})
	// The run's nominal length (its dispatch), not the measured wall time.
	f := ds.Points[2]
	if f.ID != "2p3d-tp4-tp4-c16" || f.GPUs() != 20 || f.Knobs.MaxRunningRequests != 64 || f.Prov.DurationS != 900 {
		t.Errorf("focused 2P3D: %s %+v %+v", f.ID, f.Knobs, f.Prov)
	}
	noticesSay(t, ds,
		"line 4: the campaign excluded topology DEP4: No MXFP8 MoE backends available.",
		"line 7: the campaign excluded tp4-2p3d-probe-c20: NIXL handshake failures",
		"line 9: tp4-2p3d-probe-c20 left out: the campaign excluded it",
		"line 10: dep4-1p1d-c4 left out: the campaign excluded its topology",
		"line 5: results[0] (coarse_result): unnamed: no prefill/decode split (1p2d)",
	)
}

func TestCampaignLedgersOfTheCorpus(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "shared", "corpus2", "*experiment-ledger.jsonl"))
	if len(files) == 0 {
		t.Skip("../shared/corpus2 not present")
	}
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		ds := LoadBytes(path, data, Options{})
		if len(ds.Warnings) != 0 {
			t.Errorf("%s: warnings %v", filepath.Base(path), ds.Warnings)
		}
		t.Logf("%s: %d points, %d notices", filepath.Base(path), len(ds.Points), len(ds.Notices))
		if strings.Contains(path, "gb200") {
			// 1 result + 17 focused probes; 12 coarse results name no P/D
			// split; the offload probes name no topology.
			if len(ds.Points) != 18 {
				t.Errorf("gb200 campaign: %d points, want 18", len(ds.Points))
			}
			for _, p := range ds.Points {
				if p.Curve.Model != "minimaxm3" || p.Curve.Hardware != "gb200" {
					t.Errorf("%s: curve %v", p.ID, p.Curve)
				}
			}
		}
	}
}

func FuzzCampaignLedger(f *testing.F) {
	f.Add([]byte(campaignFixture))
	for _, l := range strings.Split(campaignFixture, "\n") {
		f.Add([]byte(l))
	}
	f.Add([]byte(`{"timestamp":"x","kind":"result","config":"tp99999999-999p999d-c99999999","metrics":{"tput_per_gpu":1e308}}`))
	f.Add([]byte(`{"timestamp":"x","kind":"coarse_result","results":[null,1,"a",{"topology":"9P/9D DEP8 EP8"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		ds := runParser(parseCampaign, data, Options{})
		checkInvariants(t, ds, -1)
	})
}
