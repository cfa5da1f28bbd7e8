package sources

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"math"
	"os"
	"testing"
)

// Invariants every parser keeps on any input: no panic, finite and
// non-negative metrics, no negative GPU counts, and a warning whenever
// something is dropped (rows ≤ points + warnings; rows < 0 when unknown).
func checkInvariants(t *testing.T, ds *Dataset, rows int) {
	t.Helper()
	for i := range ds.Points {
		p := &ds.Points[i]
		for _, m := range p.Metrics.Present() {
			if v, _ := p.Metrics.Get(m); math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
				t.Fatalf("point %d: %s = %v", i, m.Name(), v)
			}
		}
		k := p.Knobs
		if p.GPUs() < 0 || p.GPUCount < 0 || k.Prefill.Workers < 0 || k.Prefill.GPUs < 0 || k.Decode.Workers < 0 ||
			k.Decode.GPUs < 0 || k.Concurrency < 0 {
			t.Fatalf("point %d: negative count in %+v (GPUs %d)", i, k, p.GPUs())
		}
		if p.ID == "" {
			t.Fatalf("point %d has no ID", i)
		}
	}
	if rows >= 0 && len(ds.Points)+len(ds.Warnings) < rows {
		t.Fatalf("%d rows gave %d points and %d warnings: something dropped silently", rows, len(ds.Points), len(ds.Warnings))
	}
}

// jsonRows counts the elements of a valid JSON array (1 for an object), or -1.
func jsonRows(data []byte) int {
	var arr []json.RawMessage
	if json.Unmarshal(data, &arr) == nil {
		return len(arr)
	}
	var obj map[string]json.RawMessage
	if json.Unmarshal(data, &obj) == nil {
		return 1
	}
	return -1
}

func runParser(parse func(string, []byte, *Dataset), data []byte, opt Options) *Dataset {
	ds := &Dataset{}
	parse("fuzz.json", data, ds)
	finish(ds, opt)
	return ds
}

func addSeeds(f *testing.F, fixtures []string, extra ...string) {
	for _, name := range fixtures {
		if data, err := os.ReadFile(fixture(name)); err == nil {
			f.Add(data)
			f.Add(data[:len(data)/2])
		}
	}
	for _, s := range extra {
		f.Add([]byte(s))
	}
	f.Add([]byte{})
	f.Add([]byte{0xff, 0, 0x7f, '{', '['})
}

func FuzzAPIRows(f *testing.F) {
	addSeeds(f, []string{"api-rows.json"},
		apiRows([2]string{"4", "10"}, [2]string{`"8"`, "NaN"}),
		`[{"conc":1,"model":"m","num_prefill_gpu":-3,"metrics":{"tput_per_gpu":1e999}}]`,
		`[1,"x",null,{"metrics":[]},{"conc":2,"model":"m","metrics":null}]`,
		`[{"model":"\u006d","conc":3,"disagg":true,"prefill_num_workers":3,"num_prefill_gpu":7}]`,
		`[{"conc":1}`, `[]`, `{}`, `["\"`)
	f.Fuzz(func(t *testing.T, data []byte) {
		ds := runParser(parseAPIRows, data, Options{})
		rows := jsonRows(data)
		if len(data) > 0 && data[0] == '{' {
			rows = -1
		}
		checkInvariants(t, ds, rows)
	})
}

func FuzzFlatRows(f *testing.F) {
	addSeeds(f, []string{"agg_bmk.json", "agg_5p-c2884.json"},
		`{"hw":"h100","conc":4,"model":"m","dp_attention":"yes","tput_per_gpu":"1"}`,
		`[{"hw":"h100","conc":4,"model":"m","tp":-8},{"hw":"b200","conc":8,"model":"m","tput_per_gpu":NaN}]`,
		`{"hw":"h100","conc":4,"model":"m","disagg":"true","prefill_num_workers":0,"num_prefill_gpu":6}`)
	f.Fuzz(func(t *testing.T, data []byte) {
		checkInvariants(t, runParser(parseFlatRows, data, Options{}), jsonRows(data))
	})
}

func FuzzAgentX(f *testing.F) {
	addSeeds(f, []string{"agentx-agg-7p-c5540.json"},
		`{"conc":4,"model":"m","request_metrics":{"latency":{"intvty":{"mean":"x"}}}}`,
		`{"conc":4,"model":"m","request_metrics":{"latency":{"e2el":[1,2]},"throughput":{"per_gpu":{"total_tput_tps":-1}}}}`,
		`{"conc":4,"model":"m","request_metrics":null}`)
	f.Fuzz(func(t *testing.T, data []byte) {
		rows := 1
		if len(bytes.TrimSpace(data)) == 0 {
			rows = 0
		}
		checkInvariants(t, runParser(parseAgentX, data, Options{}), rows)
	})
}

func FuzzAIPerf(f *testing.F) {
	addSeeds(f, []string{"aiperf/c16/profile_export_aiperf.json"},
		`{"total_token_throughput":{"avg":100},"input_config":{"loadgen":{"concurrency":2}}}`,
		`{"inter_token_latency":{"unit":"ms","avg":0,"p90":-1},"input_config":{"loadgen":{"concurrency":2}}}`,
		`{"request_latency":{"unit":"ns","avg":1e308},"input_config":{"endpoint":{"model_names":[1]},"loadgen":{"concurrency":1}}}`)
	f.Fuzz(func(t *testing.T, data []byte) {
		rows := 1
		if len(bytes.TrimSpace(data)) == 0 {
			rows = 0
		}
		checkInvariants(t, runParser(parseAIPerf, data, Options{GPUs: 3}), rows)
	})
}

func FuzzPointsCSV(f *testing.F) {
	addSeeds(f, []string{"points.csv"},
		"label,mode,concurrency,prefill-workers,tput-per-gpu\nx,agg,4,1,NaN\ny,agg,-4,1,5\n",
		"mode,concurrency,prefill-workers,decode-workers\ndisagg,5,0,1\n\"unterminated\n",
		"label,tput-per-gpu\n,1\nz,2,3\n")
	f.Fuzz(func(t *testing.T, data []byte) {
		ds := runParser(parsePointsCSV, data, Options{})
		rows := -1
		r := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(data, []byte("\ufeff"))))
		r.FieldsPerRecord = -1
		r.TrimLeadingSpace = true
		if recs, err := r.ReadAll(); err == nil && len(recs) > 0 {
			rows = 0
			for _, rec := range recs[1:] {
				if !allEmpty(rec) {
					rows++
				}
			}
		}
		checkInvariants(t, ds, rows)
	})
}

func FuzzPointsTable(f *testing.F) {
	for _, s := range []string{
		"curve: {model: m}\nsource: local\npoints:\n  - mode: agg\n    agg: {workers: 1, gpus: 4, tp: 4}\n    concurrency: 16\n    metrics: {tput-per-gpu: 29428, mean-intvty: 545.0}\n",
		"curve: {model: m}\npoints:\n  - mode: disagg\n    prefill: {workers: 3, gpus: -2}\n    decode: {workers: 1, gpus: 16}\n    concurrency: 700\n",
		"curve: {model: m}\npoints:\n  - label: x\n    metrics: {tput-per-gpu: .nan}\n  - label: y\n    gpus: -1\n",
		"source: nowhere\npoints: [1, 2]\n",
		"points:\n  - {mode: agg, agg: {workers: 1}, concurrency: \"many\"}\n",
		"curve: {model: m}\npoints:\n  - label: z\n    duration-s: .inf\n",
	} {
		f.Add([]byte(s))
	}
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		checkInvariants(t, runParser(parsePointsTable, data, Options{}), -1)
	})
}

// The fuzz seeds above are also ordinary tests; this checks a seed that
// the invariants are not vacuous: a row really loads.
func TestFuzzSeedsLoadPoints(t *testing.T) {
	ds := runParser(parseAPIRows, []byte(apiRows([2]string{"4", "10"})), Options{})
	checkInvariants(t, ds, 1)
	if len(ds.Points) != 1 || ds.Points[0].ID != "agg-tp4-c4" {
		t.Fatalf("points %+v", ds.Points)
	}
}
