package sources

import (
	"strings"
	"testing"
)

// A points table's unknown key is a warning naming the field and line, not
// dropped in silence: `spec-decoding` inside `curve:` (its key there is
// `spec`), a key of none, a decode knob spelled as the engine spells it. The point still
// loads with what was understood.
func TestPointsTableUnknownKeysNamed(t *testing.T) {
	data := `curve: {model: m, hardware: gb300, framework: dynamo-sglang, precision: fp4,
        scenario: agentic-coding, spec-decoding: dspark, curve-id: x}
source: local
date: 2026-12-02
run: 7
points:
  - label: 7P BS96 c5540
    mode: disagg
    prefill: {workers: 7, gpus: 2, nodes: 4, tp: 2, ep: 2, dp-attn: true}
    decode: {workers: 1, gpus: 16, nodes: 4, tp: 16, ep: 16, dp-attn: true,
             cuda-graph-max-bs-decode: 96}
    concurrency: 5540
    duration: 3600
    metrics: {tput-per-gpu: 1033494, mean-intvty: 150.7}
`
	ds := runParser(parsePointsTable, []byte(data), Options{})
	var got []string
	for _, w := range ds.Warnings {
		got = append(got, w.Field+": "+w.Msg)
	}
	want := []string{
		"curve.spec-decoding (line 2): unknown key (did you mean spec?); ignored",
		"curve.curve-id (line 2): unknown key (a curve has model, scenario, hardware, framework, precision, spec); ignored",
		"run (line 5): unknown key; ignored",
		"points[0].decode.cuda-graph-max-bs-decode (line 11): unknown key (did you mean cuda-graph-max-bs?); ignored",
		"points[0].duration (line 13): unknown key (did you mean duration-s?); ignored",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if len(ds.Points) != 1 || ds.Points[0].ID != "7p1d-dep2-dep16-c5540" {
		t.Fatalf("points %+v", ds.Points)
	}
	for _, w := range ds.Warnings {
		if w.File != "fuzz.json" {
			t.Errorf("warning names %q, not the file", w.File)
		}
	}
	// The documented keys (docs/formats/points-table.md) warn of nothing.
	ok := `curve: {model: m, scenario: s, hardware: h, framework: f, precision: p, spec: mtp}
source: local
image: i
date: 2026-11-05
run-url: u
spec-decoding: mtp
acceptance-length: 3.51
points:
  - label: a
    mode: disagg
    prefill: {workers: 7, gpus: 2, nodes: 4, tp: 2, ep: 2, dp-attn: true}
    decode: {workers: 1, gpus: 16, nodes: 4, tp: 16, ep: 16, dp-attn: true, ranks: 16,
             cuda-graph-max-bs: 96, max-running-requests: 1536, extra-slots: 256, load-balance: total_tokens}
    concurrency: 5540
    gpus: 30
    duration-s: 3600
    date: 2026-11-05
    run-url: u
    image: i
    spec-decoding: mtp
    acceptance-length: 3.51
    metrics: {tput-per-gpu: 1033494}
`
	if ds := runParser(parsePointsTable, []byte(ok), Options{}); len(ds.Warnings) != 0 {
		t.Errorf("documented keys warned: %v", ds.Warnings)
	}
}
