package sources

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// A duplicate JSON key used to win last with no word (tput_per_gpu 1
// instead of 715,623, exit 0). It is warned as a duplicate YAML key is:
// the file, the key's path and line, and where it was first.
func TestDuplicateJSONKeysAreWarned(t *testing.T) {
	flat := readFixture(t, "agg_bmk.json")
	dup := bytes.Replace(flat, []byte(`"tput_per_gpu": 226225,`), []byte("\"tput_per_gpu\": 226225,\n    \"tput_per_gpu\": 1,"), 1)
	if bytes.Equal(dup, flat) {
		t.Fatal("fixture changed")
	}
	ds := LoadBytes("agg_bmk.json", dup, Options{})
	want := Warning{File: "agg_bmk.json", Field: "[0].tput_per_gpu (line 25)", Msg: "key repeated (first at line 24); the last value is used"}
	if len(ds.Warnings) != 1 || ds.Warnings[0] != want {
		t.Fatalf("warnings %+v, want %+v", ds.Warnings, want)
	}
	if v, _ := ds.Points[0].Value(model.TputPerGPU); v != 1 && len(ds.Points) > 0 {
		t.Logf("value kept: %v", v)
	}

	// Every JSON reader: a result file, API rows (large, parsed in
	// parallel), AIPerf and AgentX.
	for _, c := range []struct{ name, old, new, field string }{
		{"agg_5p-c2884.json", `"median_ttft": 0.91`, `"median_ttft": 0.91, "median_ttft": 9.1`, "median_ttft"},
		{"agentx-agg-7p-c5540.json", `"request_metrics": {`, `"request_metrics": {"x": 1, "x": 2,`, "request_metrics.x"},
		{"aiperf/c16/profile_export_aiperf.json", `{`, `{"a": 1, "a": 1,`, "a"},
	} {
		good := readFixture(t, c.name)
		data := bytes.Replace(good, []byte(c.old), []byte(c.new), 1)
		if bytes.Equal(data, good) {
			t.Fatalf("%s: fixture changed", c.name)
		}
		ds := LoadBytes(c.name, data, Options{GPUs: 8})
		found := false
		for _, w := range ds.Warnings {
			found = found || w.File == c.name && strings.HasPrefix(w.Field, c.field+" (line ") && strings.HasPrefix(w.Msg, "key repeated")
		}
		if !found {
			t.Errorf("%s: warnings %+v, want one naming %s", c.name, ds.Warnings, c.field)
		}
	}
	// 100,000 rows, every one with the key twice: a few warnings, not 100,000.
	var b strings.Builder
	b.WriteString("[")
	for i := range 100_000 {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, `{"hardware":"gb300","framework":"sglang","model":"m","precision":"fp4","disagg":false,"prefill_tp":4,"num_prefill_gpu":4,"isl":1024,"osl":1024,"conc":%d,"metrics":{"tput_per_gpu":5,"tput_per_gpu":6,"mean_intvty":100}}`, i+1)
	}
	b.WriteString("]\n")
	ds = LoadBytes("api.json", []byte(b.String()), Options{})
	if len(ds.Points) != 100_000 || len(ds.Warnings) > maxDupWarnings+1 || len(ds.Warnings) < 2 ||
		ds.Warnings[0].Field != "[0].metrics.tput_per_gpu (line 1)" || !strings.Contains(ds.Warnings[len(ds.Warnings)-1].Msg, "more repeated keys") {
		t.Fatalf("%d points, %d warnings, first %+v last %+v", len(ds.Points), len(ds.Warnings), ds.Warnings[0], ds.Warnings[len(ds.Warnings)-1])
	}
}
