package sources

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// GPU counts of 0 and -0 used to be accepted (a point on no GPU, its
// per-GPU throughput a division by zero or a silent default). Each format
// refuses them, naming the field.
func TestZeroGPUsAreRefused(t *testing.T) {
	type load func(value string) *Dataset
	table := readFixture(t, "../review/planned-6p-bs80-c4096.yaml")
	csv := readFixture(t, "points.csv")
	flat := readFixture(t, "agg_bmk.json")
	recipe, err := os.ReadFile(filepath.Join("..", "testdata", "shapes", "recipes", "s1-flat-trtllm-disagg.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	swap := func(data []byte, old, new string) []byte {
		out := bytes.Replace(data, []byte(old), []byte(new), 1)
		if bytes.Equal(out, data) {
			t.Fatalf("fixture changed: %q not found", old)
		}
		return out
	}
	cases := []struct {
		name, field string
		load        load
	}{
		{"points table, role", "prefill.gpus", func(v string) *Dataset {
			return LoadBytes("t.yaml", swap(table, "workers: 6, gpus: 2", "workers: 6, gpus: "+v), Options{})
		}},
		{"points table, point", "gpus", func(v string) *Dataset {
			return LoadBytes("t.yaml", swap(table, "    concurrency: 4096", "    concurrency: 4096\n    gpus: "+v), Options{})
		}},
		{"points CSV", "prefill-gpus", func(v string) *Dataset {
			return LoadBytes("p.csv", swap(csv, "agentic-coding,5,2,", "agentic-coding,5,"+v+","), Options{})
		}},
		{"JSON rows", "num_prefill_gpu", func(v string) *Dataset {
			return LoadBytes("r.json", swap(flat, `"num_prefill_gpu": 6,`, `"num_prefill_gpu": `+v+`,`), Options{})
		}},
		{"recipe", "roles.prefill.gpus", func(v string) *Dataset {
			return LoadBytes("r.yaml", swap(recipe, "gpus_per_prefill: 4", "gpus_per_prefill: "+v), Options{})
		}},
	}
	for _, c := range cases {
		for _, v := range []string{"0", "-0"} {
			ds := c.load(v)
			found := false
			for _, w := range ds.Warnings {
				found = found || strings.Contains(w.Field+": "+w.Msg, c.field) && strings.Contains(w.Msg, "at least 1 GPU")
			}
			if !found {
				t.Errorf("%s, %s GPUs: warnings %+v, want one naming %s", c.name, v, ds.Warnings, c.field)
			}
		}
	}
}
