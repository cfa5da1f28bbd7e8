package parity

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// What srtctl's schema (srtctl.core.schema.SrtConfig, a marshmallow
// dataclass that raises on unknown fields) and its topology preflight
// (srtctl.core.validation.validate_topology) refuse in a schema-1 recipe,
// read from srt-slurm's src/srtctl (docs/parity.md). Only what a loaded
// recipe's own keys decide is checked: cluster defaults and paths on disk
// are srtctl's business. Schema-2 recipes (roles:) are read by srt-slurm
// 2.x, whose schema is not this one, and are not judged here.

// srtTop are SrtConfig's fields (lock: is stripped before the load).
var srtTop = keySet("name", "model", "resources", "slurm", "backend", "frontend", "dynamo", "benchmark",
	"profiling", "output", "health_check", "infra", "observability", "telemetry", "environment",
	"container_mounts", "extra_mount", "srun_options", "sbatch_directives", "enable_config_dump",
	"setup_script", "identity", "reporting", "lock")

var srtModel = keySet("path", "container", "precision", "stage_dir")

// srtResourceInts are ResourceConfig's integer fields; spread_workers and
// het_jobs are its booleans.
var srtResourceInts = keySet("gpus_per_node", "prefill_nodes", "decode_nodes", "prefill_workers", "decode_workers",
	"agg_nodes", "agg_workers", "gpus_per_prefill", "gpus_per_decode", "gpus_per_agg")

var srtResources = union(srtResourceInts, keySet("gpu_type", "spread_workers", "het_jobs"))

var srtBenchmark = keySet("type", "isl", "osl", "concurrencies", "req_rate", "client_placement",
	"client_dedicated_node", "colocate_with_frontend", "sweep", "num_examples", "max_tokens", "repeat",
	"num_threads", "max_context_length", "categories", "num_shots", "temperature", "top_p", "top_k",
	"num_requests", "concurrency", "prefix_ratios", "mooncake_workload", "ttft_threshold_ms",
	"itl_threshold_ms", "random_range_ratio", "num_prompts_mult", "num_warmup_mult", "dataset_name",
	"dataset_path", "trace_file", "custom_tokenizer", "use_chat_template", "reuse_http_connections",
	"command", "container_image", "env", "aiperf_package", "aiperf_args", "export_node_metrics",
	"slow_down_sleep_time", "slow_down_wait_time")

// srtBackends are the backend types BackendConfigField loads.
var srtBackends = keySet("sglang", "trtllm", "vllm", "mocker")

func keySet(ks ...string) map[string]bool {
	m := make(map[string]bool, len(ks))
	for _, k := range ks {
		m[k] = true
	}
	return m
}

func union(a, b map[string]bool) map[string]bool {
	m := make(map[string]bool, len(a)+len(b))
	for k := range a {
		m[k] = true
	}
	for k := range b {
		m[k] = true
	}
	return m
}

// schemaProblem is one key srtctl would refuse and why.
type schemaProblem struct{ key, msg string }

// srtctlRejects lists what srtctl's load and preflight refuse in one
// resolved schema-1 recipe (a bundle's base merged with an override).
func srtctlRejects(m map[string]any) []schemaProblem {
	var out []schemaProblem
	add := func(key, format string, a ...any) { out = append(out, schemaProblem{key, fmt.Sprintf(format, a...)}) }
	for _, k := range sortedKeys(m) {
		if !srtTop[k] {
			add(k, "unknown field: srtctl's SrtConfig has no %q and refuses the recipe", k)
		}
	}
	if s, ok := m["name"].(string); !ok || s == "" {
		add("name", "missing: srtctl requires the job's name")
	}
	mdl, ok := m["model"].(map[string]any)
	if !ok {
		add("model", "missing: srtctl requires model.path, model.container and model.precision")
	} else {
		for _, k := range []string{"path", "container", "precision"} {
			if _, ok := mdl[k].(string); !ok {
				add("model."+k, "missing or not a string: srtctl requires it")
			}
		}
		for _, k := range sortedKeys(mdl) {
			if !srtModel[k] {
				add("model."+k, "unknown field: srtctl's ModelConfig refuses it")
			}
		}
	}
	res, ok := m["resources"].(map[string]any)
	if !ok {
		add("resources", "missing: srtctl requires resources.gpu_type")
	} else {
		if _, ok := res["gpu_type"].(string); !ok {
			add("resources.gpu_type", "missing or not a string: srtctl requires it")
		}
		for _, k := range sortedKeys(res) {
			switch {
			case !srtResources[k]:
				add("resources."+k, "unknown field: srtctl's ResourceConfig refuses it")
			case srtResourceInts[k] && res[k] != nil:
				if _, ok := schemaInt(res[k]); !ok {
					add("resources."+k, "%v is not an integer", res[k])
				}
			}
		}
		out = append(out, topologyRejects(res)...)
	}
	if b, ok := m["benchmark"].(map[string]any); ok {
		for _, k := range sortedKeys(b) {
			if !srtBenchmark[k] {
				add("benchmark."+k, "unknown field: srtctl's BenchmarkConfig refuses it")
			}
		}
		if c, ok := b["concurrencies"]; ok && c != nil {
			if msg := concurrenciesProblem(c); msg != "" {
				add("benchmark.concurrencies", "%s", msg)
			}
		}
	} else if b, ok := m["benchmark"]; ok && b != nil {
		add("benchmark", "not a mapping")
	}
	if be, ok := m["backend"].(map[string]any); ok {
		if t, ok := be["type"]; ok {
			if s, _ := t.(string); !srtBackends[s] {
				add("backend.type", "unknown backend type %v: srtctl loads sglang, trtllm, vllm and mocker", t)
			}
		}
	}
	return out
}

// concurrenciesProblem: srtctl takes a list of integers, or a string it
// splits at "x" into integers (get_concurrency_list).
func concurrenciesProblem(c any) string {
	switch t := c.(type) {
	case []any:
		for _, x := range t {
			if _, ok := schemaInt(x); !ok {
				return fmt.Sprintf("%v is not an integer (a list of concurrencies)", x)
			}
		}
	case string:
		for _, part := range strings.Split(t, "x") {
			if _, err := strconv.Atoi(part); err != nil {
				return fmt.Sprintf("%q: srtctl splits it at x into integers and %q is not one", t, part)
			}
		}
	case int, int64, uint64:
		return fmt.Sprintf("%v: srtctl wants a list of integers or a string \"AxBxC\", not a number", t)
	case float64:
		return fmt.Sprintf("%v: srtctl wants a list of integers or a string \"AxBxC\", not a number", t)
	default:
		return fmt.Sprintf("%v: srtctl wants a list of integers or a string \"AxBxC\"", t)
	}
	return ""
}

// topologyRejects is validate_topology: disaggregated and aggregated
// fields mixed, or a side without workers.
func topologyRejects(res map[string]any) []schemaProblem {
	set := func(ks ...string) []string {
		var out []string
		for _, k := range ks {
			if v, ok := res[k]; ok && v != nil {
				out = append(out, k)
			}
		}
		return out
	}
	num := func(k string) int { n, _ := schemaInt(res[k]); return n }
	dis := set("prefill_nodes", "decode_nodes", "prefill_workers", "decode_workers")
	agg := set("agg_nodes", "agg_workers")
	switch {
	case len(dis) > 0 && len(agg) > 0:
		return []schemaProblem{{"resources", fmt.Sprintf("mixes disaggregated fields (%s) with aggregated ones (%s): srtctl's preflight refuses it",
			strings.Join(dis, ", "), strings.Join(agg, ", "))}}
	case len(dis) > 0:
		pw, dw := num("prefill_workers"), num("decode_workers")
		switch {
		case pw == 0 && dw == 0:
			return []schemaProblem{{"resources", "prefill_workers and decode_workers are both 0 or unset: srtctl's preflight refuses a disaggregated block without workers"}}
		case pw == 0:
			return []schemaProblem{{"resources.prefill_workers", "0 in a disaggregated block: srtctl's preflight refuses it (use agg_nodes/agg_workers)"}}
		case dw == 0:
			return []schemaProblem{{"resources.decode_workers", "0 in a disaggregated block: srtctl's preflight refuses it (use agg_nodes/agg_workers)"}}
		}
	case len(agg) > 0:
		var out []schemaProblem
		if num("agg_workers") == 0 {
			out = append(out, schemaProblem{"resources.agg_workers", "must be > 0 in aggregated mode (srtctl's preflight)"})
		}
		if num("agg_nodes") == 0 {
			out = append(out, schemaProblem{"resources.agg_nodes", "must be > 0 in aggregated mode (srtctl's preflight)"})
		}
		return out
	default:
		return []schemaProblem{{"resources", "no topology: srtctl's preflight wants prefill_*/decode_* or agg_nodes + agg_workers"}}
	}
	return nil
}

// schemaInt reads an integer as marshmallow's Integer field does: a
// whole number or a numeric string; never a boolean.
func schemaInt(v any) (int, bool) {
	switch t := v.(type) {
	case int:
		return t, true
	case int64:
		return int(t), true
	case uint64:
		return int(t), true
	case float64:
		if t == float64(int(t)) {
			return int(t), true
		}
	case string:
		n, err := strconv.Atoi(strings.TrimSpace(t))
		return n, err == nil
	}
	return 0, false
}

func sortedKeys(m map[string]any) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
