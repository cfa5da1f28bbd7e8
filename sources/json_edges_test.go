package sources

import (
	"bytes"
	"strings"
	"testing"
)

// nested wraps a JSON field z holding n nested arrays into a result file.
func nested(file []byte, n int) []byte {
	i := bytes.LastIndexByte(file, '}')
	var b bytes.Buffer
	b.Grow(len(file) + 2*n + 16)
	b.Write(file[:i])
	b.WriteString(`, "z": `)
	b.Write(bytes.Repeat([]byte{'['}, n))
	b.Write(bytes.Repeat([]byte{']'}, n))
	b.WriteString("}\n")
	return b.Bytes()
}

// 40 million nested arrays (80 MB) used to overflow the 1 GB goroutine
// stack in skip (a fatal error no recover catches, the TUI left in the
// alternate screen); now the file is one warning and the others load.
func TestDeepJSONIsAWarningNotAStackOverflow(t *testing.T) {
	for _, name := range []string{"agentx-agg-7p-c5540.json", "agg_5p-c2884.json", "aiperf/c16/profile_export_aiperf.json"} {
		good := readFixture(t, name)
		deep := nested(good, 40_000_000)
		ds := LoadFiles([]string{"deep.json", "good.json"}, [][]byte{deep, good}, Options{GPUs: 8})
		if len(ds.Points) != 1 || ds.Points[0].Prov.File != "good.json" {
			t.Fatalf("%s: %d points, warnings %v", name, len(ds.Points), ds.Warnings)
		}
		if len(ds.Warnings) != 1 || ds.Warnings[0].File != "deep.json" || !strings.Contains(ds.Warnings[0].Msg, "nested deeper than 10000 levels") {
			t.Fatalf("%s: warnings %v", name, ds.Warnings)
		}
	}
}

// Nesting under the bound is skipped as before, arrays and objects mixed.
func TestNestedUnknownFieldsAreSkipped(t *testing.T) {
	good := readFixture(t, "agg_5p-c2884.json")
	mixed := strings.Repeat(`{"a":[1,{"b":"]}"},`, 4000) + `null` + strings.Repeat(`]}`, 4000)
	data := bytes.Replace(good, []byte(`"median_ttft": 0.91`), []byte(`"median_ttft": 0.91, "extra": `+mixed), 1)
	ds := LoadBytes("mixed.json", data, Options{})
	if len(ds.Points) != 1 || len(ds.Warnings) != 0 || ds.Points[0].Knobs.Concurrency != 2884 {
		t.Fatalf("%d points, warnings %v", len(ds.Points), ds.Warnings)
	}
	data = bytes.Replace(good, []byte(`"median_ttft": 0.91`), []byte(`"median_ttft": 0.91, "extra": [[1,2],{"x":}]`), 1)
	if ds := LoadBytes("bad.json", data, Options{}); len(ds.Points) != 0 || len(ds.Warnings) != 1 || !strings.Contains(ds.Warnings[0].Msg, `unexpected '}'`) {
		t.Fatalf("syntax error inside a skipped value: %d points, warnings %v", len(ds.Points), ds.Warnings)
	}
}

// A UTF-8 byte order mark made every JSON reader reject the file.
func TestByteOrderMarkIsStripped(t *testing.T) {
	for _, name := range []string{"agentx-agg-7p-c5540.json", "agg_5p-c2884.json", "agg_bmk.json", "api-rows.json", "aiperf/c16/profile_export_aiperf.json", "points.csv"} {
		plain := readFixture(t, name)
		want := LoadBytes(name, plain, Options{GPUs: 8})
		got := LoadBytes(name, append([]byte("\ufeff"), plain...), Options{GPUs: 8})
		if len(want.Points) == 0 || len(got.Points) != len(want.Points) || len(got.Warnings) != len(want.Warnings) {
			t.Errorf("%s with a BOM: %d points (want %d), warnings %v", name, len(got.Points), len(want.Points), got.Warnings)
		}
	}
	table := "\ufeffcurve: {model: m, hardware: gb300, framework: sglang, precision: fp4, scenario: 1k1k}\n" +
		"points:\n  - {mode: agg, agg: {workers: 1, gpus: 4, tp: 4}, concurrency: 8, metrics: {tput-per-gpu: 10, mean-intvty: 20}}\n"
	if ds := LoadBytes("table.yaml", []byte(table), Options{}); len(ds.Points) != 1 || len(ds.Warnings) != 0 {
		t.Errorf("points table with a BOM: %d points, warnings %v", len(ds.Points), ds.Warnings)
	}
}

// An AgentX file whose statistics all have unknown names used to load as
// a point with no metrics and no word.
func TestAgentXWithoutKnownStatisticsIsWarned(t *testing.T) {
	good := readFixture(t, "agentx-agg-7p-c5540.json")
	renamed := good
	for _, stat := range []string{"mean", "p50", "p75", "p90", "p95", "p99", "std", "total_tput_tps", "input_tput_tps", "output_tput_tps"} {
		renamed = bytes.ReplaceAll(renamed, []byte(`"`+stat+`"`), []byte(`"X`+stat+`"`))
	}
	ds := LoadFiles([]string{"renamed.json", "good.json"}, [][]byte{renamed, good}, Options{})
	if len(ds.Points) != 1 || ds.Points[0].Prov.File != "good.json" {
		t.Fatalf("%d points, warnings %v", len(ds.Points), ds.Warnings)
	}
	if len(ds.Warnings) != 1 {
		t.Fatalf("warnings %v", ds.Warnings)
	}
	w := ds.Warnings[0]
	if w.File != "renamed.json" || w.Field != "request_metrics" ||
		!strings.Contains(w.Msg, "no known metric (found request_metrics.latency.intvty.Xmean, request_metrics.latency.intvty.Xp50,") {
		t.Errorf("warning %q", w)
	}
}
