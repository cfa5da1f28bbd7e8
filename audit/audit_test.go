package audit_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/audit"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/render"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/sources/parity"
)

// row is one API row of the dashboard, enough for a curve.
func row(hw, fw, mdl string, conc int, x, tput float64, date, image string) map[string]any {
	return map[string]any{"hardware": hw, "framework": fw, "model": mdl, "precision": "fp4", "spec_method": "mtp",
		"disagg": false, "is_multinode": false, "prefill_tp": 8, "prefill_ep": 1, "prefill_dp_attention": false, "prefill_num_workers": 0,
		"decode_tp": 8, "decode_ep": 1, "decode_dp_attention": false, "decode_num_workers": 0, "num_prefill_gpu": 8, "num_decode_gpu": 8,
		"isl": 8192, "osl": 1024, "conc": conc, "image": image,
		"metrics": map[string]any{"tput_per_gpu": tput, "mean_intvty": x * 1.1, "p90_intvty": x,
			"p90_e2el": 2000 / x, "p75_e2el": 1500 / x},
		"date": date}
}

// fleet is a dump of many curves: gappy (an empty band, a hole, a rival
// leading by half), dense (ten points, its rival below), and filler
// curves of other models, each with its rival.
func fleet(t *testing.T) []model.Point {
	t.Helper()
	var rows []map[string]any
	gappy := []struct {
		x, y float64
	}{{20, 1000}, {30, 900}, {40, 800}, {50, 700}, {170, 300}, {200, 200}}
	for i, p := range gappy {
		rows = append(rows, row("gb300", "dynamo-sglang", "dsr1", 4<<i, p.x, p.y, "2026-10-01", "lmsysorg/sglang:nightly-dev-20260901-aaaa"))
		rows = append(rows, row("gb300", "dynamo-trt", "dsr1", 4<<i, p.x, 1.5*p.y, "2026-11-01", "nvcr.io/trt:nightly-20261025"))
	}
	rows = append(rows, row("gb300", "dynamo-sglang", "dsr1", 9999, 60, 10, "2026-11-02", "lmsysorg/sglang:nightly-dev-20261030-bbbb")) // a newer image on the hardware
	for i := 0; i < 10; i++ {
		x := 20 + 20*float64(i)
		y := 2000 - x*x/30 // concave: every point on the frontier and the hull
		rows = append(rows, row("b200", "dynamo-sglang", "dsr1", 4+4*i, x, y, "2026-11-01", ""))
		rows = append(rows, row("b200", "dynamo-trt", "dsr1", 4+4*i, x, 0.8*y, "2026-11-01", ""))
	}
	for m := 0; m < 30; m++ {
		mdl := fmt.Sprintf("model%02d", m)
		for i := 0; i < 6; i++ {
			x := 30 + 25*float64(i)
			rows = append(rows, row("h200", "sglang", mdl, 4+4*i, x, 900-3*x, "2026-10-15", ""))
			rows = append(rows, row("h200", "vllm", mdl, 4+4*i, x, 850-3*x, "2026-10-15", ""))
		}
	}
	data, err := json.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	ds := sources.LoadBytes("fleet.json", data, sources.Options{})
	if len(ds.Warnings) > 0 {
		t.Fatalf("load: %v", ds.Warnings)
	}
	return ds.Points
}

func rowOf(t *testing.T, a *audit.Audit, hw, fw string) audit.Row {
	t.Helper()
	for _, r := range a.Rows {
		if r.Curve.Hardware == hw && r.Curve.Framework == fw && r.Curve.Model == "dsr1" {
			return r
		}
	}
	t.Fatalf("no row for dsr1 %s %s", hw, fw)
	return audit.Row{}
}

func TestAuditRanksAGappyLaggingCurveAboveADenseLeader(t *testing.T) {
	rep, err := parity.CheckMaster(parity.Inputs{MasterPath: "../sources/parity/testdata/master.yaml", RecipeRoots: []string{"../sources/parity/testdata"}})
	if err != nil {
		t.Fatal(err)
	}
	a := audit.Run(audit.Request{Points: fleet(t), Parity: rep.Findings, Paths: []string{"fleet.json"}})
	if len(a.Rows) != 64 {
		t.Fatalf("%d rows, want 64 (2 dsr1 curves × 2 frameworks, 30 models × 2)", len(a.Rows))
	}
	gappy, dense := rowOf(t, a, "gb300", "dynamo-sglang"), rowOf(t, a, "b200", "dynamo-sglang")
	if gappy.Rank >= dense.Rank {
		t.Errorf("gappy ranks %d (value %.1f), dense %d (value %.1f): the gappy, lagging curve goes first", gappy.Rank, gappy.Value, dense.Rank, dense.Value)
	}
	if gappy.Rank != 1 {
		t.Errorf("gappy ranks %d, want 1", gappy.Rank)
	}
	if len(gappy.EmptyBands) == 0 || len(gappy.Holes) != 1 || gappy.Holes[0].FromX != 50 || gappy.Holes[0].ToX != 170 {
		t.Errorf("gappy: bands %v holes %v; want empty bands and the 50→170 hole", gappy.EmptyBands, gappy.Holes)
	}
	if l := gappy.Lead; l == nil || l.Rival.Framework != "dynamo-trt" || l.LeadPct < 49.9 || l.LeadPct > 50.1 || l.WithinNoise {
		t.Errorf("gappy lead %+v; want dynamo-trt by 50 %% beyond noise", l)
	}
	if dense.Lead != nil || len(dense.EmptyBands) != 0 || len(dense.Holes) != 0 || dense.Coverage.Short() {
		t.Errorf("dense: lead %+v, bands %v, holes %v, coverage %+v; want none of them", dense.Lead, dense.EmptyBands, dense.Holes, dense.Coverage)
	}
	if im := gappy.Image; im == nil || im.Date != "2026-09-01" || im.NewestDate != "2026-10-30" || im.AgeDays != 59 {
		t.Errorf("gappy image %+v; want 2026-09-01, 59 days before 2026-10-30", im)
	}
	// every planted fault lands on the gb300 dynamo-sglang curve, named
	// with its file, key and numbers
	if len(gappy.Parity) != len(rep.Findings) || len(rep.Findings) != 7 {
		t.Fatalf("gappy carries %d of %d parity findings (want all 7)", len(gappy.Parity), len(rep.Findings))
	}
	if len(a.Unplaced) != 0 {
		t.Errorf("unplaced: %v", a.Unplaced)
	}
	want := "sweeptune select --curve 'dsr1 · 8k1k · gb300 · dynamo-sglang · fp4 · mtp' --max-gpus 8 fleet.json"
	if gappy.Command != want {
		t.Errorf("command %q, want %q", gappy.Command, want)
	}
}

func TestAuditValueWeighsGainByGPUs(t *testing.T) {
	points := fleet(t)
	a := audit.Run(audit.Request{Points: points, PlanTop: -1})
	for _, r := range a.Rows {
		if r.GPUs == 8 && r.Value != r.Gain {
			t.Errorf("%s: 8 GPUs cost 1, value %.2f gain %.2f", r.Curve, r.Value, r.Gain)
		}
	}
	// a filler curve: its rival is below, six points in six bands
	for _, r := range a.Rows {
		if r.Curve.Model == "model00" && r.Curve.Framework == "sglang" {
			if r.Lead != nil || r.Gain != 0 {
				t.Errorf("model00 sglang: lead %+v gain %.1f", r.Lead, r.Gain)
			}
			return
		}
	}
	t.Error("no model00 sglang row")
}

// The text names every planted fault with its file, key and numbers,
// and the reason line says what the value is made of.
func TestAuditTextNamesEveryFault(t *testing.T) {
	rep, err := parity.CheckMaster(parity.Inputs{MasterPath: "../sources/parity/testdata/master.yaml", RecipeRoots: []string{"../sources/parity/testdata"}})
	if err != nil {
		t.Fatal(err)
	}
	a := audit.Run(audit.Request{Points: fleet(t), Parity: rep.Findings})
	text := render.Audit(a, 3).Plain()
	for _, want := range []string{
		"master.yaml:30: dsr1-fp4-gb300-dynamo-sglang.scenarios.fixed-seq-len search-space[1] conc-list: conc-list [512, 2048] but mid_curve.yaml benchmark.concurrencies runs [512, 2048, 4096]",
		"master.yaml:60: dsr1-fp4-gb300-dynamo-sglang.scenarios.fixed-seq-len search-space[3] recipe: selects recipes/gb300-fp4/max_tpt.yaml",
		"master.yaml:74: dsr1-fp4-gb300-dynamo-sglang.scenarios.fixed-seq-len search-space[4] recipe: selects override_c8, which low_latency.yaml does not define",
		"low_latency.yaml: override_c64.backend.sglang_config.decode.cuda_graph_max_bs: decode CUDA-graph cap 16 × 1 rank = 16 per worker, below c64 over 2 workers = 32 per worker",
		"low_latency.yaml: override_c64.backend.sglang_config.decode.max-running-requests: max-running-requests 24 per worker, below c64 over 2 workers = 32 per worker",
		"typo.yaml: resource_limits: unknown field",
		"typo.yaml: resources: mixes disaggregated fields (prefill_nodes, decode_nodes, prefill_workers, decode_workers) with aggregated ones (agg_nodes)",
		"1. dsr1 · 8k1k · gb300 · dynamo-sglang · fp4 · mtp",
		"   why: dynamo-trt mtp leads by 50.0 % at 20, 2 empty bands, 1 hole, 5 parity faults, image 59 days old",
		"   competitor: dynamo-trt mtp leads by 50.0 % at p90-intvty 20 (1,500 against 1,000 of agg-tp8-c4), beyond noise ±2.0 %",
		"   hole: 50 (agg-tp8-c32) to 170 (agg-tp8-c64), 12.0× the frontier's median spacing 10",
		"… 61 curves more (--top 0 shows every curve)",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q", want)
		}
	}
	if t.Failed() {
		t.Log(text)
	}
}

// Take reorders the caller's points instead of copying them: the same rows.
func TestAuditTakeGivesTheSameRows(t *testing.T) {
	a := audit.Run(audit.Request{Points: fleet(t), PlanTop: -1})
	b := audit.Run(audit.Request{Points: fleet(t), PlanTop: -1, Take: true})
	if len(a.Rows) != len(b.Rows) {
		t.Fatalf("%d rows against %d", len(a.Rows), len(b.Rows))
	}
	for i := range a.Rows {
		if a.Rows[i].Curve != b.Rows[i].Curve || a.Rows[i].Value != b.Rows[i].Value {
			t.Errorf("row %d: %v %.2f against %v %.2f", i, a.Rows[i].Curve, a.Rows[i].Value, b.Rows[i].Curve, b.Rows[i].Value)
		}
	}
}
