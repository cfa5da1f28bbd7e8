package cli

import (
	"path/filepath"
	"testing"
)

// max-running-requests is an argument of each decode worker: ranks PER
// WORKER × BS (1 × BS for a TEP/TP worker, 16 × BS for one DEP16 worker),
// not the ranks of every decode worker together. Two TEP2 decode workers
// with BS 128 run MRR 128, as the recipe's own 1p2d variants do.
func TestExportMRRIsPerDecodeWorker(t *testing.T) {
	dir := writeFixture(t, map[string]string{"tep2-variants.yaml": `schema: 2
base:
  name: disagg-tep2
  model: {path: deepseek-ai/DeepSeek-V4.1-Flash, container: img:1}
  resources: {gpu_type: gb300, gpus_per_node: 4}
  engine: sglang
  roles:
    prefill:
      nodes: 1
      workers: 1
      gpus: 2
      args: {tp-size: 2, ep-size: 2}
    decode:
      nodes: 1
      workers: 1
      gpus: 2
      args: {tp-size: 2, ep-size: 2, cuda-graph-max-bs: 64, max-running-requests: 64}
  benchmark:
    env: {CONC: "32"}
override_1p1d_c32:
  name: disagg-tep2-1p1d-c32
`, "points.yaml": `curve: {model: deepseek-ai/DeepSeek-V4.1-Flash, hardware: gb300, framework: dynamo-sglang, precision: fp4, scenario: agentic-coding}
source: planned
points:
  - mode: disagg
    prefill: {workers: 1, gpus: 2, tp: 2, ep: 2}
    decode: {workers: 2, gpus: 2, tp: 2, ep: 2, cuda-graph-max-bs: 128, max-running-requests: 128}
    concurrency: 192
  - mode: disagg
    prefill: {workers: 1, gpus: 2, tp: 2, ep: 2}
    decode: {workers: 2, gpus: 2, tp: 2, ep: 2, cuda-graph-max-bs: 96}
    concurrency: 160
`})
	out, stderr, code := runCmd(t, "export", filepath.Join(dir, "points.yaml"), "--add", "1p2d-tep2-tep2-b128-c192,1p2d-tep2-tep2-b96-c160",
		"--recipe", filepath.Join(dir, "tep2-variants.yaml"), "--dry-run")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	wantAll(t, out,
		"+override_1p2d_tep2_tep2_b128_c192:", "+        cuda-graph-max-bs: 128\n+        max-running-requests: 128\n",
		"+override_1p2d_tep2_tep2_b96_c160:", "+        cuda-graph-max-bs: 96\n+        max-running-requests: 96\n",
	)
}
