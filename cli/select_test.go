package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/planner/ledger"
	"github.com/sweeptune/sweeptune/sources/demo"
)

const marginFixture = "../testdata/select/margin"

// The PR's call from the command line: c700 replaces agg TP2/EP2 c16 with a
// 2 % margin, c800 and c900 inside noise; the margin's source is said.
func TestSelectMarginCommand(t *testing.T) {
	out := runOK(t, "select", "--margin", "2", marginFixture)
	wantAll(t, out, "margin ±2.0 % (--margin)",
		"replaces agg TP2/EP2 c16: +2.33 % p90-intvty",
		"~ 3P c800 BS18 (local): +1.50 % p90-intvty",
		"~ 3P c900 BS18 (local): +0.72 % p90-intvty",
		"✓ agg TP2/EP2 c16 covered",
		"Remove: 9P c7480 BS160, 8P c4096, agg TP2/EP2 c16")
	out = runOK(t, "select", marginFixture)
	wantAll(t, out, "margin ±2.0 % (default: no run-to-run noise measured (docs/select.md))")
	var js struct {
		Selection struct {
			Remove []string `json:"remove"`
			Bands  []struct {
				Chosen      string `json:"chosen"`
				Replaces    string `json:"replaces"`
				InsideNoise []struct {
					ID string `json:"id"`
				} `json:"inside_noise"`
			} `json:"bands"`
		} `json:"selection"`
	}
	if err := json.Unmarshal([]byte(runOK(t, "select", "--margin", "2", "--json", marginFixture)), &js); err != nil {
		t.Fatal(err)
	}
	last := js.Selection.Bands[len(js.Selection.Bands)-1]
	if last.Chosen != "3p1d-dep2-dep16-b18-c700" || last.Replaces != "agg-tep2-c16" || len(last.InsideNoise) != 2 {
		t.Errorf("json: %+v", last)
	}
}

// Bad flags are named, exit 2, before anything is loaded.
func TestSelectBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"--bands", "3", "--edges", "1,2"},
		{"--edges", "3,2"},
		{"--margin", "-2"},
		{"--x", "nope"},
		{"--queue", "q.yaml"},
		{"--recipe", "b.yaml"},
		{"--bands", "-1"},
	} {
		_, stderr, code := runCmd(t, append([]string{"select"}, args...)...)
		if code != exitBadInput || !strings.Contains(stderr, "sweeptune select: ") {
			t.Errorf("%v: exit %d, %q", args, code, stderr)
		}
	}
}

// On a real curve (../shared, skipped when absent): select --queue writes
// the proposed runs as overrides of a bundle in that curve's topology, and
// recipes reads the queue back to exactly the proposed knobs (those the
// engine takes: vLLM has no max-running-requests, and says so).
func TestSelectQueueReadsBackOnARealCurve(t *testing.T) {
	const curve = "../../shared/planner-curves/gb200-dsv4pro-dynamo-vllm-agentx-tep8-tp8.yaml"
	if _, err := os.Stat(curve); err != nil {
		t.Skip("../shared/planner-curves is not here")
	}
	dir := t.TempDir()
	queue, led := filepath.Join(dir, "queue.yaml"), filepath.Join(dir, "ledger.jsonl")
	args := []string{"select", "--x", "mean-intvty", "--max-gpus", "48", "--queue", queue, "--ledger", led,
		"--recipe", "../testdata/select/gb200-dsv4pro-vllm-disagg-bundle.yaml", curve}
	var sel struct {
		Proposals struct {
			Runs []struct {
				ID         string      `json:"id"`
				Kind       string      `json:"kind"`
				DurationS  int         `json:"duration_s"`
				Knobs      model.Knobs `json:"knobs"`
				Prediction *struct {
					TputPerGPU float64 `json:"tput_per_gpu"`
				} `json:"prediction"`
			} `json:"runs"`
		} `json:"proposals"`
		Recorded int `json:"recorded"`
		Queue    struct {
			Entries []struct {
				Selector string   `json:"selector"`
				IDs      []string `json:"ids"`
				Command  string   `json:"command"`
			} `json:"entries"`
			Notes []string `json:"notes"`
		} `json:"queue"`
	}
	if err := json.Unmarshal([]byte(runOK(t, append(args, "--json")...)), &sel); err != nil {
		t.Fatal(err)
	}
	runs := sel.Proposals.Runs
	if len(runs) == 0 || len(sel.Queue.Entries) == 0 {
		t.Fatalf("nothing queued: %+v", sel)
	}
	var rec struct {
		Variants []variantJSON `json:"variants"`
	}
	if err := json.Unmarshal([]byte(runOK(t, "recipes", "--json", queue)), &rec); err != nil {
		t.Fatal(err)
	}
	bySel := map[string]variantJSON{}
	for _, v := range rec.Variants {
		bySel[v.Selector] = v
	}
	for _, e := range sel.Queue.Entries {
		if e.Command != "srtctl apply -f "+filepath.ToSlash(queue)+":"+e.Selector {
			t.Errorf("command %q", e.Command)
		}
		for i, id := range e.IDs {
			key := e.Selector
			if strings.HasPrefix(key, "zip_override_") {
				key += "[" + string(rune('0'+i)) + "]"
			}
			v, ok := bySel[key]
			if !ok {
				t.Fatalf("%s not read back from the queue; variants %v", key, rec.Variants)
			}
			var want model.Knobs
			for _, r := range runs {
				if r.ID == id {
					want = r.Knobs
					if r.Prediction == nil || r.Prediction.TputPerGPU <= 0 {
						t.Errorf("%s has no prediction", id)
					}
				}
			}
			got := v.Knobs
			want.MaxRunningRequests = 0 // vLLM takes none (a note says so)
			// The planner proposes workers; nodes follow from the bundle's 4
			// GPUs per node (a TEP8 or TP8 worker spans 2).
			for _, r := range []*model.Role{&want.Prefill, &want.Decode} {
				if r.Nodes == 0 {
					r.Nodes = r.Workers * r.GPUs / 4
				}
			}
			got.SpecDecoding, want.SpecDecoding = "", ""
			if got != want {
				t.Errorf("%s reads back as\n  %+v\nwant\n  %+v", key, got, want)
			}
		}
	}
	if !strings.Contains(strings.Join(sel.Queue.Notes, "\n"), "vllm takes no max-running-requests; not written") {
		t.Errorf("notes %v", sel.Queue.Notes)
	}
	// Each queued run's prediction is in the ledger, as select made it.
	res, err := ledger.Read(led)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Records) != len(runs) || sel.Recorded != len(runs) {
		t.Fatalf("%d records (%d said), want %d", len(res.Records), sel.Recorded, len(runs))
	}
	for i, rec := range res.Records {
		r := runs[i]
		if rec.Origin != ledger.OriginSelect || rec.Config != r.Knobs.BaseID() || rec.Predicted["tput_per_gpu"] != r.Prediction.TputPerGPU {
			t.Errorf("record %d: %s %s %v, want %s at %v", i, rec.Origin, rec.Config, rec.Predicted, r.Knobs.BaseID(), r.Prediction.TputPerGPU)
		}
	}
}

// An accepted selection becomes export's add/remove set: select --json
// saved to a file, then export --from-select FILE. As of 2026-11-05 on the
// mean axis the demo's selection adds 3P c700 and removes agg TP2/EP2 c16,
// which lies under the line of c700 and agg TP4 c16 (its band merged into
// c700's): the change set needs the aggregated bundle too.
func TestExportFromSelect(t *testing.T) {
	dir := t.TempDir()
	sel := filepath.Join(dir, "sel.json")
	if err := os.WriteFile(sel, []byte(runOK(t, "select", "--x", "mean-intvty", "--as-of", "2026-11-05", "--json")), 0o644); err != nil {
		t.Fatal(err)
	}
	bundle, agg := filepath.Join(dir, "b.yaml"), filepath.Join(dir, "agg.yaml")
	for path, src := range map[string]string{bundle: "export/disagg-dep16-hicache-variants.yaml", agg: "export/agg-variants.yaml"} {
		if err := os.WriteFile(path, readTestdata(t, src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := runOK(t, "export", "--as-of", "2026-11-05", "--from-select", sel, "--recipe", bundle, "--recipe", agg)
	wantAll(t, out, "+override_3p1d_dep2_dep16_b18_c700:", "+        cuda-graph-max-bs-decode: 18", "-override_tp2_c16:")
	_, stderr, code := runCmd(t, "export", "--from-select", sel, "--add", "agg-tp4-c16", "--recipe", bundle)
	if code != exitBadInput || !strings.Contains(stderr, "--from-select gives the add and remove sets: leave out --add and --remove") {
		t.Errorf("mixing: exit %d, %q", code, stderr)
	}
	_, stderr, code = runCmd(t, "export", "--from-select", sel, "--recipe", bundle, marginFixture+"/../gb200-dsv4pro-vllm-disagg-bundle.yaml")
	if code != exitBadInput || !strings.Contains(stderr, "is not among the loaded points") {
		t.Errorf("another curve: exit %d, %q", code, stderr)
	}
}

// A selection names a configuration by its latest run with both axes; the
// export reviews the curve's shown view, so the ID passed is the shown run
// of that configuration (the demo's published 3P c1228 of 2026-10-29 is
// shown as its 2026-11-06 run today, as itself as of 2026-11-05).
func TestFromSelectNamesTheShownRun(t *testing.T) {
	pts := demo.Load().Points
	const before = "3p1d-dep2-dep16-b24-c1228@2026-10-29"
	if got := shownIDs([]string{before, "nope"}, pts, ""); got[0] != "3p1d-dep2-dep16-b24-c1228@2026-11-06" || got[1] != "nope" {
		t.Errorf("today: %v", got)
	}
	if got := shownIDs([]string{before}, pts, "2026-11-05"); got[0] != before {
		t.Errorf("as of 2026-11-05: %v", got)
	}
}
