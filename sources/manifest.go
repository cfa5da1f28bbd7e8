package sources

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sweeptune/sweeptune/internal/lazyre"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/resultrow"
	"github.com/sweeptune/sweeptune/sources/srt"
	"go.yaml.in/yaml/v3"
)

// The srt-slurm benchmark manifest (manifest_version "0.1",
// examples/benchmark-manifest/*/manifest.yaml; docs/formats/srtctl-run.md):
// a run's provenance (images, wheels, source commit), model, topology
// (topology.{prefill,decode}.{num_workers,tp,ep,dp_attn,nodes}) and results
// (results.<group>[].metrics.{concurrency, ttft_ms, tpot_ms,
// output_tput_tok_s}). Each result is a local point; a worker's GPUs are its
// parallel width (max of tp, ep); hardware and ISL/OSL come from
// metadata.name (dsv4-pro-8k1k-b300) when it says them.

func init() {
	register(format{name: "srt-slurm benchmark manifest", priority: 30, sniff: sniffManifest, parse: parseManifest})
}

func sniffManifest(data []byte) bool {
	h := head(data, 1)
	return len(h) > 0 && h[0] != '{' && h[0] != '[' && topLevelKeys(data, "manifest_version")["manifest_version"]
}

var nameSeqRe = lazyre.New(`(?i)(?:^|[-_])(\d+)k(\d+)k(?:[-_]|$)`)

func parseManifest(path string, data []byte, ds *Dataset) {
	root, _, err := loadYAML(data, yamlPlain)
	if err == nil && (root == nil || root.Kind != yaml.MappingNode) {
		err = fmt.Errorf("not a mapping at the top level")
	}
	var m map[string]any
	if err == nil {
		m, err = yamlMapping(root)
	}
	if err != nil {
		ds.Warnf(path, "", "srt-slurm benchmark manifest: %v; file skipped", err)
		return
	}
	if v, _ := srt.LookupString(m, "manifest_version"); v != "0.1" {
		ds.Warnf(path, "manifest_version", "%q: only version 0.1 is known; read as 0.1", v)
	}
	name, _ := srt.LookupString(m, "metadata", "name")
	curve := model.CurveKey{Hardware: srt.GPUKey(hwWord(name))}
	curve.Model, _ = srt.LookupString(m, "model", "served")
	if sm := nameSeqRe.FindStringSubmatch(name); sm != nil {
		isl, _ := strconv.Atoi(sm[1])
		osl, _ := strconv.Atoi(sm[2])
		curve.Scenario = srt.SeqScenario(isl*1024, osl*1024)
	}
	// The framework from the image and wheels it pins: an engine's image
	// behind the ai-dynamo wheel is dynamo-<engine>.
	if img, ok := srt.LookupString(m, "artifacts", "base_image", "ref"); ok {
		engine := ""
		for _, e := range []struct{ word, engine string }{{"tensorrt-llm", "trtllm"}, {"tensorrtllm", "trtllm"}, {"sglang", "sglang"}, {"vllm", "vllm"}} {
			if strings.Contains(strings.ToLower(img), e.word) {
				engine = e.engine
				break
			}
		}
		front := "none"
		wheels, _ := srt.Lookup(m, "artifacts", "wheels")
		ws, _ := wheels.([]any)
		for _, w := range ws {
			if wm, ok := w.(map[string]any); ok && wm["name"] == "ai-dynamo" {
				front = "dynamo"
			}
		}
		curve.Framework = srt.FrameworkOf(engine, front)
	}
	role := func(r string) (model.Role, bool) {
		t := srt.LookupMap(m, "topology", r)
		if t == nil {
			return model.Role{}, false
		}
		ro := model.Role{}
		ro.Workers, _ = srt.AsInt(t["num_workers"])
		ro.TP, _ = srt.AsInt(t["tp"])
		ro.EP, _ = srt.AsInt(t["ep"])
		ro.Nodes, _ = srt.AsInt(t["nodes"])
		dp, _ := srt.AsInt(t["dp_attn"])
		ro.DPAttn = dp > 1 || srt.AsBool(t["dp_attn"])
		ro.GPUs = max(ro.TP, ro.EP)
		if ro.Workers <= 0 {
			ro.Workers = 1
		}
		return ro, ro.GPUs > 0
	}
	var knobs model.Knobs
	pre, okP := role("prefill")
	dec, okD := role("decode")
	switch {
	case okP && okD:
		knobs = model.Knobs{Mode: model.ModeDisagg, Prefill: pre, Decode: dec}
	case okP || okD:
		agg, _ := role("agg")
		if agg.GPUs == 0 {
			agg = pre
			if okD {
				agg = dec
			}
		}
		knobs = model.Knobs{Mode: model.ModeAgg, Prefill: agg}
	}
	results := srt.LookupMap(m, "results")
	n := 0
	for _, group := range srt.SortedKeys(results) {
		list, _ := results[group].([]any)
		for i, it := range list {
			field := fmt.Sprintf("results.%s[%d]", group, i)
			e, _ := it.(map[string]any)
			mt, _ := e["metrics"].(map[string]any)
			conc, ok := srt.AsInt(mt["concurrency"])
			if !ok || conc <= 0 {
				ds.Warnf(path, field+".metrics.concurrency", "missing or not a positive count; result skipped")
				continue
			}
			p := model.Point{Curve: curve, Source: model.SourceLocal, Knobs: knobs, Prov: model.Provenance{File: path}}
			p.Knobs.Concurrency = conc
			if id, ok := e["point_id"].(string); ok && knobs.Mode == "" {
				p.Label = id
			}
			num := func(k string) (float64, bool) {
				switch v := mt[k].(type) {
				case float64:
					return v, true
				case int:
					return float64(v), true
				}
				return 0, false
			}
			if v, ok := num("ttft_ms"); ok && v >= 0 {
				p.Metrics.Set(model.MeanTTFT, v/1000)
			}
			if v, ok := num("tpot_ms"); ok && v > 0 {
				p.Metrics.Set(model.MeanTPOT, v/1000)
				p.Metrics.Set(model.MeanIntvty, 1000/v)
			}
			var t resultrow.Totals
			if v, ok := num("output_tput_tok_s"); ok {
				t.Set("output_throughput", v)
				if v == 0 {
					p.MarkSuspect(model.RuleZeroOutput, "the manifest reports 0 output tok/s: it measured nothing")
				}
			}
			ds.pending = append(ds.pending, gpuPending{point: len(ds.Points), totals: t, byRole: true})
			ds.Points = append(ds.Points, p)
			n++
		}
	}
	if n == 0 {
		ds.Notices = append(ds.Notices, path+": srt-slurm benchmark manifest with no results (results.<group>[].metrics); no points")
	}
}

// hwWord is the GPU word of a name (dsv4-pro-8k1k-b300 → b300), "" when none.
func hwWord(name string) string {
	if k := srt.GPUKey(name); k != "" {
		for _, g := range srt.GPUKeys {
			if k == g {
				return k
			}
		}
	}
	return ""
}
