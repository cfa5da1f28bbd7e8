package sources

import (
	"fmt"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/sources/synth"
)

// parseBothWays parses data as API rows with the fast path and without it
// (one core: the rows in order, by one decoder).
func parseBothWays(data []byte) (fast, general *Dataset) {
	prev := runtime.GOMAXPROCS(1)
	defer runtime.GOMAXPROCS(prev)
	defer func() { fastRowsOn = true }()
	fast, general = &Dataset{}, &Dataset{}
	fastRowsOn = true
	parseAPIRows("rows.json", data, fast)
	fastRowsOn = false
	parseAPIRows("rows.json", data, general)
	return fast, general
}

func sameParse(t *testing.T, data []byte) {
	t.Helper()
	fast, general := parseBothWays(data)
	if !reflect.DeepEqual(fast.Points, general.Points) {
		t.Fatalf("%q:\nfast points    %+v\ngeneral points %+v", data, fast.Points, general.Points)
	}
	if !reflect.DeepEqual(fast.Warnings, general.Warnings) {
		t.Fatalf("%q:\nfast warnings    %v\ngeneral warnings %v", data, fast.Warnings, general.Warnings)
	}
}

// apiRowVariants are rows the fast path must read as the general decoder
// does, or leave to it: every kind of value in every field, repeats,
// escapes, unknown keys and values, broken grammar.
var apiRowVariants = []string{
	`{"hardware": "h200", "framework": "sglang", "model": "m", "precision": "fp8", "conc": 4, "isl": 1024, "osl": 1024, "tp": 8, "num_gpus": 8, "metrics": {"tput_per_gpu": 123.5, "mean_intvty": 58895.42192854801}}`,
	`{"hw": "b200-nv", "hardware": "h100", "model": "m", "conc": 4, "metrics": {"tput_per_gpu": 1}}`,
	`{"model": "m", "model": "n", "conc": 4, "metrics": {}}`,
	`{"model": "m", "conc": 4, "metrics": {"tput_per_gpu": 1, "tput_per_gpu": 2}}`,
	`{"model": "m\u0041", "conc": 4, "metrics": {"tput_per_gpu": 1}}`,
	`{"mod\u0065l": "m", "conc": 4, "metrics": {"tput_per_gpu": 1}}`,
	`{"model": "m", "conc": 4.0, "metrics": {"tput_per_gpu": 1e3}}`,
	`{"model": "m", "conc": -4, "metrics": {"tput_per_gpu": 1}}`,
	`{"model": "m", "conc": "4", "metrics": {"tput_per_gpu": 1}}`,
	`{"model": "m", "conc": 1000000000, "metrics": {"tput_per_gpu": 1}}`,
	`{"model": "m", "conc": 999999999, "num_gpus": 0, "metrics": {"tput_per_gpu": 1}}`,
	`{"model": "m", "conc": 3, "num_gpus": null, "num_prefill_gpu": 00, "metrics": {"tput_per_gpu": 1}}`,
	`{"model": "m", "conc": 3, "disagg": "true", "metrics": {"tput_per_gpu": 1}}`,
	`{"model": "m", "conc": 3, "disagg": true, "prefill_num_workers": 2, "num_prefill_gpu": 4, "decode_num_workers": 1, "num_decode_gpu": 8, "prefill_dp_attention": false, "decode_dp_attention": null, "metrics": {"tput_per_gpu": 1}}`,
	`{"model": "m", "conc": 3, "metrics": {"tput_per_gpu": NaN}}`,
	`{"model": "m", "conc": 3, "metrics": {"tput_per_gpu": -1}}`,
	`{"model": "m", "conc": 3, "metrics": {"tput_per_gpu": 1e999}}`,
	`{"model": "m", "conc": 3, "metrics": {"tput_per_gpu": 1e-999, "p90_e2el": null}}`,
	`{"model": "m", "conc": 3, "metrics": {"tput_per_gpu": 1.5.5}}`,
	`{"model": "m", "conc": 3, "metrics": {"tput_per_gpu": "1"}}`,
	`{"model": "m", "conc": 3, "metrics": {"tput_per_gpu": {"a": 1}}}`,
	`{"model": "m", "conc": 3, "metrics": {"what": [1, {"x": "y"}], "tput_per_gpu": 2}}`,
	`{"model": "m", "conc": 3, "metrics": null}`,
	`{"model": "m", "conc": 3, "metrics": [1]}`,
	`{"model": "m", "conc": 3, "extra": {"a": [1, 2, {"b": null}]}, "x": true, "y": "z\"", "metrics": {"tput_per_gpu": 1}}`,
	`{"model": "m", "conc": 3, "a": 1, "a": 2, "metrics": {"tput_per_gpu": 1}}`,
	`{"model": "m", "conc": 3, "a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6, "g": 7, "h": 8, "i": 9, "metrics": {"tput_per_gpu": 1}}`,
	`{"model": null, "infmax_model_prefix": "p", "conc": 3, "scenario_type": "chat", "spec_decoding": "mtp", "metrics": {"tput_per_gpu": 1}}`,
	`{"model": "m", "conc": 3, "date": "2026-11-01", "run_url": "https://x/1", "image": "img", "metrics": {"tput_per_gpu": 1}, "is_multinode": true}`,
	`{"model": "m", "conc": 3 , "metrics" : { "tput_per_gpu" : 1 } }`,
	"{\"model\": \"m\x01\", \"conc\": 3, \"metrics\": {\"tput_per_gpu\": 1}}",
	`{"model": "m", "conc": 3, "metrics": {"tput_per_gpu": 1}`,
	`{"model": "m", "conc": 3 "metrics": {"tput_per_gpu": 1}}`,
	`{"model": "m", "conc": 3, "metrics": {"tput_per_gpu": 1},}`,
	`{"model": "m", "conc": 3, "disagg": truex, "metrics": {"tput_per_gpu": 1}}`,
	`{"model": "m", "conc": 12-3, "metrics": {"tput_per_gpu": 1}}`,
	`{}`,
	`{"model": "m", "conc": 3, "metrics": {"tput_per_gpu": 1}}]trailing`,
	`{"model": "m`,
	`{"model":"m","conc":3,"metrics":{"tput_per_gpu":1}}`,
	`{"model": "m",  "conc": 3, "metrics": {"tput_per_gpu": 1}}`,
	`{"model": "m", "concx": 3, "conc": 4, "metrics": {"tput_per_gpu": 1}}`,
	`{"model": "m", "conc": 3, "metrics": {"tput_per_gpu": 1, "mean_intvty": 2}, "model": "n"}`,
}

func TestAPIRowsFastPathIsGeneral(t *testing.T) {
	for _, row := range apiRowVariants {
		sameParse(t, []byte("["+row+"]"))
		sameParse(t, []byte("["+row+",\n"+apiRowVariants[0]+"]"))
		sameParse(t, []byte("["+apiRowVariants[0]+", "+row+", "+apiRowVariants[1]+"]"))
	}
	// A repeat found by its lead, the row before having had the key at
	// that place: the key is still checked against the row's others.
	sameParse(t, []byte(`[{"model": "m", "x": 1, "a": 2, "conc": 3, "metrics": {"tput_per_gpu": 1}},
		{"model": "m", "a": 1, "a": 2, "conc": 3, "metrics": {"tput_per_gpu": 1}}]`))
	sameParse(t, []byte(`[{"model": "m", "x": 1, "model": 2, "conc": 3, "metrics": {"tput_per_gpu": 1}},
		{"model": "m", "y": 1, "model": 2, "conc": 3, "metrics": {"tput_per_gpu": 1}}]`))
	sameParse(t, synth.Rows(300, 12))
	sameParse(t, genAPIRows(300))
	// More strings than the fast path's table of recent ones, mixed row by row.
	var b strings.Builder
	b.WriteString("[")
	for i := range 1600 {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, `{"hardware": "hw%d", "framework": "fw%d", "model": "m%d", "precision": "p%d", "date": "2026-11-%02d", "conc": 4, "metrics": {"tput_per_gpu": 1}}`,
			i%700, i%3, (i*7)%1100, i%2, 1+i%28)
	}
	b.WriteString("]")
	sameParse(t, []byte(b.String()))
}

func FuzzAPIRowsFastPath(f *testing.F) {
	for _, row := range apiRowVariants {
		f.Add("[" + row + "," + apiRowVariants[0] + "]")
	}
	f.Add(string(synth.Rows(3, 12)))
	f.Fuzz(func(t *testing.T, data string) {
		if strings.Count(data, "{") > 200 {
			return
		}
		sameParse(t, []byte(data))
	})
}
