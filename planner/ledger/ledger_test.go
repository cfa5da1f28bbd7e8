package ledger_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sweeptune/sweeptune/internal/fixtures"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/planner"
	"github.com/sweeptune/sweeptune/planner/ledger"
	"github.com/sweeptune/sweeptune/sources/demo"
)

// Worked-example IDs of the embedded demo.
const (
	id3PC1228 = "3p1d-dep2-dep16-b24-c1228"
	id8PC4096 = "8p1d-dep2-dep16-c4096"
	id9PB160  = "9p1d-dep2-dep16-b160-c7480"
	id7PC5540 = "7p1d-dep2-dep16-b96-c5540"
)

var when = time.Date(2026, 10, 29, 9, 0, 0, 0, time.UTC)

// demoRead resolves the embedded demo's "demo:" file names.
func demoRead(path string) ([]byte, error) {
	names, data := demo.Files()
	for i, n := range names {
		if n == path {
			return data[i], nil
		}
	}
	return nil, os.ErrNotExist
}

// predict7P fits on the published-before disaggregated points (table A)
// and predicts 7P BS96 c5540, as a user would before the retune's run.
func predict7P(t testing.TB) (ledger.Record, planner.Prediction) {
	t.Helper()
	fc, cal, k, pr, err := fixtures.Predict7P()
	if err != nil {
		t.Fatal(err)
	}
	return ledger.New(cal, ledger.FitOf(fc.Points, demoRead), fc.Curve, k, pr, ledger.OriginPlan, when), pr
}

func TestRecordOfThe7PPrediction(t *testing.T) {
	r, pr := predict7P(t)
	if r.Config != id7PC5540 || r.Label != "7P BS96 c5540" || r.Concurrency != 5540 {
		t.Errorf("config %q label %q c %d", r.Config, r.Label, r.Concurrency)
	}
	if y, _ := r.Metric(model.TputPerGPU); y != pr.TputPerGPU || y <= 0 {
		t.Errorf("predicted tput %v, prediction %v", y, pr.TputPerGPU)
	}
	if m, _ := r.Metric(model.MeanIntvty); m != pr.MeanIntvty {
		t.Errorf("predicted mean intvty %v, prediction %v", m, pr.MeanIntvty)
	}
	if strings.Join(r.Fit.IDs, ",") != id3PC1228+","+id8PC4096+","+id9PB160 {
		t.Errorf("fit IDs %v", r.Fit.IDs)
	}
	// One file (table A), hashed from its own bytes.
	a, _ := demoRead("demo:a-published-before.yaml")
	sum := sha256.Sum256(a)
	if len(r.Fit.Files) != 1 || r.Fit.Files[0].Path != "demo:a-published-before.yaml" || r.Fit.Files[0].SHA256 != hex.EncodeToString(sum[:]) {
		t.Errorf("fit files %+v", r.Fit.Files)
	}
	if r.Params == nil || r.Params.F <= 0 || r.Regime != string(pr.Regime) || r.V != ledger.Version || !strings.HasPrefix(r.Tool, "sweeptune ") {
		t.Errorf("record %+v", r)
	}
	if !strings.HasPrefix(r.ID, "pred-") || len(r.ID) != 17 {
		t.Errorf("id %q", r.ID)
	}
	t.Logf("7P BS96 c5540 predicted from table A: %.0f tok/s/GPU @ mean %.1f (%s)", pr.TputPerGPU, pr.MeanIntvty, pr.Regime)
}

func TestAppendReadRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "ledger.jsonl")
	r, _ := predict7P(t)
	if err := ledger.Append(path, r); err != nil {
		t.Fatal(err)
	}
	r2 := r
	r2.Concurrency, r2.ID = 6000, ""
	if err := ledger.Append(path, r2); err != nil {
		t.Fatal(err)
	}
	res, err := ledger.Read(path)
	if err != nil || len(res.Problems) != 0 || len(res.Records) != 2 {
		t.Fatalf("read: %v %+v", err, res)
	}
	got := res.Records[0]
	if got.ID != r.ID || got.Config != r.Config || !got.At.Equal(r.At) || got.Knobs != r.Knobs ||
		got.Predicted["tput_per_gpu"] != r.Predicted["tput_per_gpu"] || got.Params.Alpha != r.Params.Alpha {
		t.Errorf("round trip:\n got %+v\nwant %+v", got, r)
	}
	if res.Records[1].ID == "" || res.Records[1].ID == r.ID {
		t.Errorf("second record's ID %q", res.Records[1].ID)
	}
	// A missing ledger is an empty one.
	if res, err := ledger.Read(filepath.Join(t.TempDir(), "none.jsonl")); err != nil || len(res.Records) != 0 {
		t.Errorf("missing ledger: %v %+v", err, res)
	}
}

func TestTruncatedLastLineIsNamedAndTheRestRead(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ledger.jsonl")
	r, _ := predict7P(t)
	r2, r3 := r, r
	r2.Label, r3.Label = "second", "third"
	r2.Seal()
	r3.Seal()
	if err := ledger.Append(path, r, r2); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(path)
	// A third write cut short: half a record, no newline.
	line := b[:bytes.IndexByte(b, '\n')]
	if err := os.WriteFile(path, append(b, line[:len(line)/2]...), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := ledger.Read(path)
	if err != nil || len(res.Records) != 2 || len(res.Problems) != 1 {
		t.Fatalf("read: %v %+v", err, res)
	}
	if p := res.Problems[0]; p.Line != 3 || !strings.Contains(p.Reason, "truncated") {
		t.Errorf("problem %+v", p)
	}
	// The next append closes the cut line: it stays one bad line, the new
	// record is whole.
	if err := ledger.Append(path, r3); err != nil {
		t.Fatal(err)
	}
	res, _ = ledger.Read(path)
	if len(res.Records) != 3 || len(res.Problems) != 1 || res.Problems[0].Line != 3 || strings.Contains(res.Problems[0].Reason, "truncated") {
		t.Errorf("after append: %d records, problems %+v", len(res.Records), res.Problems)
	}
}

func TestOlderVersionNewerVersionAndOtherKinds(t *testing.T) {
	// Version 1: the planner's Config, planner.Values, bare fit IDs.
	v1 := `{"v":1,"id":"pred-0123456789ab","at":"2026-10-28T12:00:00Z","curve":{"model":"deepseek-ai/DeepSeek-V4.1-Flash","scenario":"agentic-coding","hardware":"gb300","framework":"dynamo-sglang","precision":"fp4","spec_decoding":"dspark"},` +
		`"config":{"prefill_workers":7,"prefill_gpus":2,"decode_ranks":16,"decode_gpus":16,"decode_bs":96,"balance":"total_tokens","concurrency":5540,"prefill_shape":"dep2","decode_shape":"dep16","decode_dp_attention":true},` +
		`"fit_ids":["3p1d-dep2-dep16-b24-c1228","8p1d-dep2-dep16-c4096","9p1d-dep2-dep16-b160-c7480"],"predicted":{"tput_per_gpu":1010000,"mean_intvty":152.5,"p90_intvty":null,"ttft":null},"regime":"loop"}`
	newer := `{"v":99,"kind":"prediction","id":"pred-x"}`
	other := `{"v":2,"kind":"measurement","id":"m-1"}`
	bad := `{"v":2,"kind":"prediction","id":"pred-y","config":"x","predicted":{"tput_per_gpu":-1}}`
	notJSON := `this is not json`
	res, err := ledger.Parse(strings.NewReader(strings.Join([]string{v1, "", newer, other, bad, notJSON}, "\n") + "\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Records) != 1 || res.Skipped != 1 || len(res.Problems) != 3 {
		t.Fatalf("%+v", res)
	}
	r := res.Records[0]
	if r.V != 1 || r.Config != id7PC5540 || r.Label != "7P BS96 c5540" || r.Predicted["tput_per_gpu"] != 1010000 ||
		r.Predicted["mean_intvty"] != 152.5 || len(r.Predicted) != 2 || r.Params != nil || len(r.Fit.IDs) != 3 {
		t.Errorf("version 1 read as %+v", r)
	}
	for i, want := range []struct {
		line int
		has  string
	}{{3, "newer"}, {5, "predicted.tput_per_gpu"}, {6, "not JSON"}} {
		if p := res.Problems[i]; p.Line != want.line || !strings.Contains(p.Reason, want.has) {
			t.Errorf("problem %d: %+v, want line %d with %q", i, p, want.line, want.has)
		}
	}
}

// TestHelperAppender is a child process of TestTwoProcessesAppendAtOnce.
func TestHelperAppender(t *testing.T) {
	path := os.Getenv("LEDGER_HELPER_PATH")
	if path == "" {
		t.Skip("helper process only")
	}
	n, _ := strconv.Atoi(os.Getenv("LEDGER_HELPER_N"))
	r, _ := predict7P(t)
	for i := 0; i < n; i++ {
		r.Concurrency, r.ID = 10000+i, ""
		r.Label = os.Getenv("LEDGER_HELPER_TAG")
		if err := ledger.Append(path, r); err != nil {
			t.Fatal(err)
		}
	}
}

func TestTwoProcessesAppendAtOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ledger.jsonl")
	const n = 150
	var wg sync.WaitGroup
	errs := make([]error, 2)
	out := make([][]byte, 2)
	for p := 0; p < 2; p++ {
		wg.Add(1)
		go func(p int) {
			defer wg.Done()
			cmd := exec.Command(os.Args[0], "-test.run=^TestHelperAppender$", "-test.count=1")
			cmd.Env = append(os.Environ(), "LEDGER_HELPER_PATH="+path, "LEDGER_HELPER_N="+strconv.Itoa(n), fmt.Sprintf("LEDGER_HELPER_TAG=proc%d", p))
			out[p], errs[p] = cmd.CombinedOutput()
		}(p)
	}
	wg.Wait()
	for p := range errs {
		if errs[p] != nil {
			t.Fatalf("process %d: %v\n%s", p, errs[p], out[p])
		}
	}
	res, err := ledger.Read(path)
	if err != nil || len(res.Problems) != 0 {
		t.Fatalf("read: %v %+v", err, res.Problems)
	}
	count := map[string]int{}
	for _, r := range res.Records {
		count[r.Label]++
	}
	if len(res.Records) != 2*n || count["proc0"] != n || count["proc1"] != n {
		t.Errorf("records %d, per process %v; want %d each", len(res.Records), count, n)
	}
}

func TestDefaultPathIsInTheStateDir(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("XDG_STATE_HOME", dir)
	if got, want := ledger.DefaultPath(), filepath.Join(dir, "sweeptune", "ledger.jsonl"); got != want {
		t.Errorf("DefaultPath = %s, want %s", got, want)
	}
}

func FuzzParse(f *testing.F) {
	r, _ := predict7P(f)
	path := filepath.Join(f.TempDir(), "l.jsonl")
	if err := ledger.Append(path, r); err != nil {
		f.Fatal(err)
	}
	good, _ := os.ReadFile(path)
	f.Add(good)
	f.Add(good[:len(good)/2])
	f.Add([]byte(`{"v":1,"config":{"prefill_workers":1},"predicted":{"tput_per_gpu":1}}`))
	f.Add([]byte("{\"v\":2}\n\n{\"v\":3}\n{"))
	f.Add([]byte(`{"v":2,"kind":"prediction","config":"a","predicted":{"nope":1}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		res, err := ledger.Parse(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("Parse of an in-memory reader failed: %v", err)
		}
		for _, r := range res.Records {
			if r.Config == "" || len(r.Predicted) == 0 {
				t.Fatalf("record without config or predictions: %+v", r)
			}
		}
	})
}
