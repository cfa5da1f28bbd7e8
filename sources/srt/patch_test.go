package srt

import (
	"strings"
	"testing"
)

func TestTextPatchKeepsEveryOtherByte(t *testing.T) {
	in := `# head comment
name: "old"   # the job
resources: { gpu_type: gb200, agg_nodes: 1, agg_workers: 1 }
backend:
  vllm_config:
    aggregated:
      max-num-seqs: 64 # cap
benchmark:
  concurrencies:
  - 4
  - 8
  env: {CONC: '4'}
`
	tp, err := NewTextPatch(in)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range []DeltaEntry{
		{[]string{"name"}, "new-name"},
		{[]string{"resources", "agg_workers"}, 2},
		{[]string{"backend", "vllm_config", "aggregated", "max-num-seqs"}, 256},
		{[]string{"backend", "vllm_config", "aggregated", "data-parallel-size"}, 4},
		{[]string{"backend", "vllm_config", "prefill", "x"}, 1},
		{[]string{"benchmark", "concurrencies"}, []int{16}},
		{[]string{"benchmark", "env", "CONC"}, Quoted("16")},
	} {
		if err := tp.Set(e.Path, e.Value); err != nil {
			t.Fatalf("%v: %v", e.Path, err)
		}
	}
	want := `# head comment
name: "new-name"   # the job
resources: { gpu_type: gb200, agg_nodes: 1, agg_workers: 2 }
backend:
  vllm_config:
    aggregated:
      max-num-seqs: 256 # cap
      data-parallel-size: 4
    prefill:
      x: 1
benchmark:
  concurrencies: [16]
  env: {CONC: '16'}
`
	if got := tp.Result(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	if err := tp.Set([]string{"resources", "gpus_per_agg"}, 4); err == nil || !strings.Contains(err.Error(), "one-line mapping at line 3") {
		t.Errorf("adding to a flow mapping: %v", err)
	}
}
