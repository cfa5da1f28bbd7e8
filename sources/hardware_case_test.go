package sources

import (
	"strconv"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// TestHardwareCaseIsOneCurve: two points tables naming the hardware "B200"
// and "b200" load as one curve, keyed "b200" as the dashboard keys it.
func TestHardwareCaseIsOneCurve(t *testing.T) {
	table := func(hw, label string, conc int, tput string) []byte {
		return []byte(`curve: {model: m, hardware: ` + hw + `, framework: dynamo-sglang, precision: fp4, scenario: agentic-coding}
source: local
date: 2026-12-02
points:
  - label: ` + label + `
    mode: agg
    prefill: {workers: 1, gpus: 4, tp: 4}
    concurrency: ` + strconv.Itoa(conc) + `
    duration-s: 3600
    metrics: {tput-per-gpu: ` + tput + `, mean-intvty: 150.7}
`)
	}
	ds := LoadFiles([]string{"upper.yaml", "lower.yaml"},
		[][]byte{table("B200", "agg TP4 c4", 4, "1000"), table("b200", "agg TP4 c16", 16, "2000")}, Options{})
	if len(ds.Warnings) > 0 {
		t.Fatalf("warnings %v", ds.Warnings)
	}
	if len(ds.Points) != 2 {
		t.Fatalf("%d points", len(ds.Points))
	}
	curves := model.GroupCurves(ds.Points)
	if len(curves) != 1 || curves[0].Key.Hardware != "b200" || len(curves[0].Points) != 2 {
		for _, c := range curves {
			t.Logf("curve %+v: %d points", c.Key, len(c.Points))
		}
		t.Fatalf("%d curves, want one b200 curve of 2 points", len(curves))
	}
}
