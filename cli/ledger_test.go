package cli

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sweeptune/sweeptune/planner/ledger"
	"github.com/sweeptune/sweeptune/render"
)

const fitA = "3p1d-dep2-dep16-b24-c1228@2026-10-29,8p1d-dep2-dep16-c4096,9p1d-dep2-dep16-b160-c7480"

func fixedNow(t *testing.T) {
	t.Helper()
	old := now
	now = func() time.Time { return time.Date(2026, 10, 29, 9, 0, 0, 0, time.UTC) }
	t.Cleanup(func() { now = old })
}

// The loop on the demo: predict 7P BS96 c5540 from the published-before
// points, recorded; the scorecard scores it against the 7P runs with
// (predicted − measured) / measured from the ledger's own numbers.
func TestPlanLedgerThenScorecard(t *testing.T) {
	fixedNow(t)
	path := filepath.Join(t.TempDir(), "ledger.jsonl")
	_, stderr, code := runCmd(t, "plan", "--fit", fitA, "--prefill-workers", "7", "--decode-bs", "96", "--concurrency", "5540", "--ledger", path)
	if code != exitOK || !strings.Contains(stderr, "recorded 1 prediction in "+path) {
		t.Fatalf("plan --ledger: exit %d: %s", code, stderr)
	}
	res, err := ledger.Read(path)
	if err != nil || len(res.Records) != 1 {
		t.Fatalf("ledger: %v %+v", err, res)
	}
	rec := res.Records[0]
	if rec.Config != "7p1d-dep2-dep16-b96-c5540" || rec.Origin != ledger.OriginPlan || rec.Knobs.Prefill.Nodes != 4 || rec.Knobs.MaxRunningRequests != 1536 ||
		rec.Fit.Files[0].Path != "demo:a-published-before.yaml" || len(rec.Fit.Files[0].SHA256) != 64 {
		t.Errorf("record %+v", rec)
	}
	out := runOK(t, "scorecard", "--ledger", path)
	pred := rec.Predicted["tput_per_gpu"]
	wantAll(t, out, "1 prediction scored", rec.ID+" 7P BS96 c5540",
		"7p1d-dep2-dep16-b96-c5540 (local, 2026-11-02, 3600 s)", "1,033,494", "150.7",
		render.SignedPct(100*(pred-1033494)/1033494), render.SignedPct(100*(rec.Predicted["mean_intvty"]-150.7)/150.7),
		"refit with the new measurements", "moved by more than 1 %:")
	js := runOK(t, "scorecard", "--ledger", path, "--json")
	var sc struct {
		Matched []struct {
			Runs []struct {
				ID     string
				Errors []struct {
					Metric    string  `json:"metric"`
					Predicted float64 `json:"predicted"`
					Measured  float64 `json:"measured"`
					ErrPct    float64 `json:"error_pct"`
				}
			}
		}
		Refits []struct {
			Moves []struct{ Param string }
		}
	}
	if err := json.Unmarshal([]byte(js), &sc); err != nil {
		t.Fatal(err)
	}
	if len(sc.Matched) != 1 || len(sc.Matched[0].Runs) != 2 { // table B's local 7P and table C's sweep 7P
		t.Fatalf("json: %s", js)
	}
	e := sc.Matched[0].Runs[0].Errors[0]
	if e.Metric != "tput_per_gpu" || e.Predicted != pred || e.Measured != 1033494 || e.ErrPct != 100*(pred-1033494)/1033494 {
		t.Errorf("json error %+v", e)
	}
	if len(sc.Refits) != 1 || len(sc.Refits[0].Moves) == 0 {
		t.Errorf("refits %+v", sc.Refits)
	}
}

func TestPlanDesignRecordsEveryPointAndRecordNeedsAPrediction(t *testing.T) {
	fixedNow(t)
	dir := t.TempDir()
	t.Setenv("XDG_STATE_HOME", dir)
	out := runOK(t, "plan", "--fit", fitA, "--design", "--max-gpus", "34", "--bands", "3", "--record", "--json")
	var got struct {
		Design   []json.RawMessage `json:"design"`
		Recorded []string          `json:"recorded"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	res, _ := ledger.Read(filepath.Join(dir, "sweeptune", "ledger.jsonl"))
	if len(got.Design) == 0 || len(got.Recorded) != len(got.Design) || len(res.Records) != len(got.Design) {
		t.Fatalf("design %d, recorded %v, ledger %d", len(got.Design), got.Recorded, len(res.Records))
	}
	for i, r := range res.Records {
		if r.Origin != ledger.OriginDesign || r.ID != got.Recorded[i] {
			t.Errorf("record %d: %s %s", i, r.Origin, r.ID)
		}
	}
	_, stderr, code := runCmd(t, "plan", "--fit", fitA, "--record")
	if code != exitBadInput || !strings.Contains(stderr, "--record and --ledger record predictions") {
		t.Errorf("--record alone: exit %d: %s", code, stderr)
	}
}

func TestScorecardNamesABadLedgerLine(t *testing.T) {
	path := fixtureFile(t, "ledger.jsonl", `{"v":2,"kind":"prediction","config":"x"`)
	out, stderr, code := runCmd(t, "scorecard", "--ledger", path)
	if code != exitBadInput || !strings.Contains(stderr, path+": line 1: truncated") {
		t.Errorf("exit %d: %s", code, stderr)
	}
	wantAll(t, out, "0 predictions scored", "the ledger holds no prediction")
}

// plan → export: the recorded prediction loads as a planned point that
// export writes as an override.
func TestRecordedPredictionExports(t *testing.T) {
	fixedNow(t)
	path := filepath.Join(t.TempDir(), "ledger.jsonl")
	runOK(t, "plan", "--fit", fitA, "--prefill-workers", "7", "--decode-bs", "96", "--concurrency", "5540", "--ledger", path)
	out := runOK(t, "export", path, "../sources/demo/a-published-before.yaml", "--add", "7p1d-dep2-dep16-b96-c5540",
		"--recipe", "../testdata/export/disagg-dep16-hicache-variants.yaml")
	wantAll(t, out, "+override_7p1d_dep2_dep16_b96_c5540:", "+      nodes: 4", "+      workers: 7",
		"+        cuda-graph-max-bs-decode: 96", "+        max-running-requests: 1536", `+      CONC: "5540"`, "(planned)")
}
