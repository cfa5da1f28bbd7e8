package export_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/sources/srt"
)

// What the writer writes, the reader reads back to the same knob: one
// point exported into a bundle of every engine in both schemas, its base
// stating the engine's first batch-cap argument only or all of them, then
// the written bundle resolved by the reader. Both sides take their words
// from sources' srt-slurm vocabulary.
func TestVocabularyRoundTrip(t *testing.T) {
	for _, engine := range srt.SrtEngines {
		words := srt.Args(engine)
		for _, schema := range []int{1, 2} {
			for _, allCaps := range []bool{false, true} {
				name := fmt.Sprintf("%s/schema%d/caps%d", engine, schema, map[bool]int{false: 1, true: len(words.BatchCaps)}[allCaps])
				t.Run(name, func(t *testing.T) {
					roundTrip(t, engine, schema, allCaps, words)
				})
			}
		}
	}
}

func roundTrip(t *testing.T, engine string, schema int, allCaps bool, words srt.EngineArgs) {
	caps := words.BatchCaps[:1]
	if allCaps {
		caps = words.BatchCaps
	}
	sglang := ""
	if words.SGLangArgs {
		sglang = ", max-running-requests: 96, extra-slots: 16, load-balance: total_tokens"
	}
	pts := plannedPoints(t, `
  - mode: disagg
    prefill: {workers: 3, gpus: 4, tp: 4}
    decode: {workers: 2, gpus: 8, tp: 8, cuda-graph-max-bs: 96`+sglang+`}
    concurrency: 384
`)
	recipe := bundleCopy(t, "rt.yaml", bundleText(engine, schema, caps))
	text, v, _ := exportOne(t, recipe, pts, pts[0].ID)
	want := pts[0].Knobs
	sameKnobs(t, v, want)
	g := v.Knobs
	if g.Prefill.Workers != 3 || g.Prefill.GPUs != 4 || g.Decode.Workers != 2 || g.Decode.GPUs != 8 || g.DecodeBS != 96 || g.Concurrency != 384 {
		t.Errorf("read back %+v\nfrom override:\n%s", g, text)
	}
	if words.SGLangArgs && (g.MaxRunningRequests != 96 || g.DecodeExtraSlots != 16 || g.Balance != "total_tokens") {
		t.Errorf("SGLang arguments read back: MRR %d, extra slots %d, balance %q\n%s", g.MaxRunningRequests, g.DecodeExtraSlots, g.Balance, text)
	}
	// Every cap argument the writer keeps in step is written with the new cap.
	for i, c := range caps {
		last := c[strings.LastIndex(c, ".")+1:]
		if engine == "trtllm" {
			last = strings.ReplaceAll(last, "-", "_")
		}
		written := strings.Contains(text, last+": 96")
		if should := !words.CapsExclusive || i == 0; written != should {
			t.Errorf("%s written %v, want %v:\n%s", c, written, should, text)
		}
	}
}

// bundleText is a bundle of engine in schema's words whose base is 2P1D
// TP4/TP8 with cap 128 in each of caps, at c64.
func bundleText(engine string, schema int, caps []string) string {
	spell := func(s string) string {
		if engine == "trtllm" {
			return strings.ReplaceAll(s, "-", "_")
		}
		return s
	}
	var decode []string
	decode = append(decode, spell("tensor-parallel-size")+": 8")
	for _, c := range caps {
		parts := strings.Split(spell(c), ".")
		line := parts[len(parts)-1] + ": 128"
		for i := len(parts) - 2; i >= 0; i-- {
			line = parts[i] + ": {" + line + "}"
		}
		decode = append(decode, line)
	}
	args := "{" + strings.Join(decode, ", ") + "}"
	prefill := "{" + spell("tensor-parallel-size") + ": 4}"
	if schema == 1 {
		return fmt.Sprintf(`base:
  name: rt
  model: {path: "hf:example/model", container: "img:1", precision: fp4}
  resources: {gpu_type: b200, gpus_per_node: 8, prefill_nodes: 1, prefill_workers: 2, decode_nodes: 1, decode_workers: 1}
  backend:
    type: %[1]s
    %[1]s_config:
      prefill: %[2]s
      decode: %[3]s
  benchmark: {concurrencies: [64]}
override_c128:
  benchmark: {concurrencies: [128]}
`, engine, prefill, args)
	}
	return fmt.Sprintf(`schema: 2
base:
  name: rt
  model: {path: "hf:example/model", container: "img:1", precision: fp4}
  resources: {gpu_type: b200, gpus_per_node: 8}
  engine: %[1]s
  roles:
    prefill: {nodes: 1, workers: 2, gpus: 4, args: %[2]s}
    decode: {nodes: 1, workers: 1, gpus: 8, args: %[3]s}
  benchmark: {concurrencies: [64]}
override_c128:
  benchmark: {concurrencies: [128]}
`, engine, prefill, args)
}
