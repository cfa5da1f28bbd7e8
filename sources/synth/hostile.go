package synth

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Hostile is text a data file may carry to drive a terminal: OSC 0
// (window title), OSC 52 (clipboard), CSI 2J (clear screen), the same as
// C1 controls, BEL, CR, DEL and a bidirectional override.
const Hostile = "<\x1b]0;PWNED\x07\x1b]52;c;ZXZpbA==\x07\x1b[2J\u009b2J\u009d0;t\u009c\r\x7f\u202e>"

// HostileFiles writes, into dir, files whose every string field (and whose
// names) carry Hostile (the points table's curve key and date excepted,
// which would skip its rows): a points table, InferenceX API rows, a recipe
// joined to a point, a golden acceptance-length file with a bad value, a points table with a bad mode
// and a truncated file, so both points and warnings carry it. The points
// table alone loads without a warning. It returns the paths written, the
// points table first.
func HostileFiles(dir string) ([]string, error) {
	h := Hostile
	y := func(tag string) string { return strconv.Quote(tag + h) } // a YAML double-quoted scalar
	j := func(tag string) string { b, _ := json.Marshal(tag + h); return string(b) }
	// The table's curve key and date are plain: a row whose key or date
	// holds a control character is skipped at load (the API rows below
	// carry them, and their warnings do).
	table := `curve: {model: deepseek-ai/DeepSeek-V4.1-Flash, hardware: gb300, framework: dynamo-sglang, precision: fp4, scenario: agentic-coding}
source: local
image: ` + y("image") + `
date: 2026-11-06
run-url: ` + y("run") + `
spec-decoding: mtp
points:
  - label: ` + y("label7") + `
    prefill: {workers: 7, gpus: 2, tp: 2, ep: 2, dp-attn: true}
    decode: {workers: 1, gpus: 16, tp: 16, ep: 16, dp-attn: true, cuda-graph-max-bs: 96, max-running-requests: 1536, load-balance: ` + y("lb") + `}
    concurrency: 5540
    metrics: {tput-per-gpu: 1033494, mean-intvty: 150.7, p90-intvty: 157.5}
  - label: ` + y("label5") + `
    prefill: {workers: 5, gpus: 2, tp: 2, ep: 2, dp-attn: true}
    decode: {workers: 1, gpus: 16, tp: 16, ep: 16, dp-attn: true, cuda-graph-max-bs: 40, max-running-requests: 640}
    concurrency: 2884
    metrics: {tput-per-gpu: 717972, mean-intvty: 221.9, p90-intvty: 233.2}
  - label: ` + y("label9") + `
    prefill: {workers: 9, gpus: 2, tp: 2, ep: 2, dp-attn: true}
    decode: {workers: 1, gpus: 16, tp: 16, ep: 16, dp-attn: true, cuda-graph-max-bs: 192, max-running-requests: 3072}
    concurrency: 7480
    metrics: {tput-per-gpu: 1117063, mean-intvty: 101.6, p90-intvty: 97.4}
  - label: ` + y("competitor") + `
    metrics: {tput-per-gpu: 1011514, p90-intvty: 75.5}
`
	badMode := "curve: {model: m}\npoints:\n  - mode: " + y("mode") + "\n    concurrency: 8\n"
	rows := `[{"hardware":` + j("hw") + `,"framework":` + j("fw") + `,"model":` + j("model") + `,"precision":` + j("prec") +
		`,"spec_method":` + j("spec") + `,"disagg":false,"prefill_tp":4,"num_prefill_gpu":4,"scenario_type":` + j("scen") +
		`,"conc":16,"image":` + j("image") + `,"date":` + j("date") + `,"run_url":` + j("run") +
		`,"metrics":{"tput_per_gpu":29353,"mean_intvty":545.0,"p90_intvty":500.0}}]`
	golden := strconv.Quote("model"+h) + ":\n  thinking_on:\n    1: 0.5\n"
	// A recipe whose variant joins the 7P point: its file and variant
	// names reach the point's provenance.
	recipe := "schema: 2\nbase:\n  name: " + y("job") + `
  roles:
    prefill: {nodes: 4, workers: 7, gpus: 2, args: {tp-size: 2}}
    decode: {nodes: 4, workers: 1, gpus: 16, args: {tp-size: 16}}
  benchmark: {env: {CONC: "5540"}}
` + y("override_x") + ":\n  benchmark: {env: {CONC: \"5540\"}}\n"
	files := map[string]string{
		"table" + h + ".yaml":     table,
		"rows" + h + ".json":      rows,
		"golden" + h + ".yaml":    golden,
		"recipe" + h + ".yaml":    recipe,
		"badmode" + h + ".yaml":   badMode,
		"truncated" + h + ".json": `[{"hardware":` + j("hw"),
	}
	paths := []string{filepath.Join(dir, "table"+h+".yaml")}
	for name, body := range files {
		p := filepath.Join(dir, strings.ReplaceAll(name, "/", "_"))
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			return nil, err
		}
		if name != "table"+h+".yaml" {
			paths = append(paths, p)
		}
	}
	return paths, nil
}
