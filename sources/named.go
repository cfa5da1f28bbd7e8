package sources

import (
	"bytes"
	"fmt"
)

// Files that sit beside results and recipes but hold no sweep point:
// per-request records and time series, engine and cluster configuration,
// dashboard UI data. Each is named for what it is, in one notice, rather
// than "unknown format"; they skip nothing, so they do not make the exit
// code 2 (docs/formats/named.md).

// named is one such file kind: how to tell it and what to say.
type named struct {
	name  string
	sniff func(data []byte) bool
	say   string
	prio  int // 0: after every points format
}

var namedKinds = []named{
	{"AIPerf per-record export", sniffJSONLKeys(`"metadata"`, `"metrics"`),
		"AIPerf per-record export (profile_export.jsonl): one line per request, not a run's aggregate; the run's point is read from profile_export_aiperf.json beside it", 0},
	{"multi-turn per-request trace", sniffCSVHeader("user_id,request_idx,trace_id,"),
		"multi-turn per-request trace (detailed_results.csv): one row per request, not an aggregate; the run's point is its agg_*.json row", 0},
	{"multi-turn client metrics", sniffCSVHeader("start_time_ms,relative_time_sec,ttft_ms,tpot_ms,"),
		"multi-turn per-request client metrics (metrics_client_metrics.csv): one row per request, not an aggregate; the run's point is its agg_*.json row", 0},
	{"multi-turn server metrics", sniffCSVHeader("timestamp_sec,relative_time_sec,kv_cache_usage_pct,"),
		"multi-turn server metrics time series (metrics_server_metrics.csv): engine gauges over time, not a point", 0},
	{"multi-turn GPU transfer metrics", sniffCSVHeader("timestamp_sec,relative_time_sec,gpu_id,"),
		"multi-turn GPU transfer time series (metrics_gpu_transfer.csv): PCIe traffic over time, not a point", 0},
	{"EPLB config", sniffYAMLTop("initial_global_assignments"),
		"TRT-LLM expert-parallel load balancer (EPLB) config: expert placement, no sweep point", 0},
	{"srt-slurm cluster config", func(d []byte) bool {
		k := topLevelKeys(d, "cluster", "gpus_per_node", "default_partition")
		return k["cluster"] && (k["gpus_per_node"] || k["default_partition"])
	}, "srt-slurm cluster config: a cluster's Slurm settings, no sweep point", 0},
	{"engine-args snippet", sniffEngineArgs,
		"engine-args snippet: serving flags for one engine (kv-cache-dtype, max-num-batched-tokens, …) with no topology or results; no sweep point", 0},
	{"Envoy config", sniffYAMLTop("static_resources"),
		"Envoy proxy config (llm-d front door): not an srt-slurm recipe or results; no sweep point", 0},
	{"dashboard chart config", sniffJSONArrayKeys(`"chartType"`, `"x_label"`),
		"InferenceX dashboard chart config (inference-chart-config.json): UI axes and labels, no data", 0},
	{"dashboard reliability stats", func(d []byte) bool {
		h := head(d, 2048)
		return len(h) > 0 && h[0] == '{' && bytes.Contains(h, []byte(`"n_success"`)) && bytes.Contains(h, []byte(`"total"`))
	}, "InferenceX dashboard reliability stats (run successes per GPU): no serving points", 0},
	{"InferenceX evaluation rows", func(d []byte) bool {
		h := head(d, 8192)
		return len(h) > 0 && h[0] == '[' && bytes.Contains(h, []byte(`"task"`)) && bytes.Contains(h, []byte(`"em_strict"`)) &&
			!bytes.Contains(d, []byte(`"tput_per_gpu"`)) && !bytes.Contains(d, []byte(`"median_ttft"`))
	}, "InferenceX evaluation (accuracy) rows (task, em_strict): not serving points; not read", 15},
	{"empty JSON array", func(d []byte) bool {
		return bytes.Equal(bytes.TrimSpace(d), []byte("[]"))
	}, "an empty JSON array: no rows", 0},
}

func init() {
	for i := range namedKinds {
		k := namedKinds[i]
		prio := k.prio
		if prio == 0 {
			prio = 90
		}
		register(format{name: k.name, priority: prio, sniff: k.sniff, parse: func(path string, _ []byte, ds *Dataset) {
			ds.Notices = append(ds.Notices, fmt.Sprintf("%s: %s", path, k.say))
		}})
	}
}

// sniffJSONLKeys tells JSON Lines whose first record holds every key.
func sniffJSONLKeys(keys ...string) func([]byte) bool {
	return func(data []byte) bool {
		h := head(data, 64<<10)
		if len(h) == 0 || h[0] != '{' {
			return false
		}
		nl := bytes.IndexByte(h, '\n')
		if nl < 0 {
			return false
		}
		first := h[:nl]
		if rest := bytes.TrimLeft(h[nl:], " \t\r\n"); len(rest) > 0 && rest[0] != '{' {
			return false
		}
		for _, k := range keys {
			if !bytes.Contains(first, []byte(k)) {
				return false
			}
		}
		return true
	}
}

func sniffCSVHeader(prefix string) func([]byte) bool {
	p := []byte(prefix)
	return func(data []byte) bool { return bytes.HasPrefix(head(data, 512), p) }
}

func sniffYAMLTop(key string) func([]byte) bool {
	return func(data []byte) bool { return topLevelKeys(data, key)[key] }
}

func sniffJSONArrayKeys(keys ...string) func([]byte) bool {
	return func(data []byte) bool {
		h := head(data, 4096)
		if len(h) == 0 || h[0] != '[' {
			return false
		}
		for _, k := range keys {
			if !bytes.Contains(h, []byte(k)) {
				return false
			}
		}
		return true
	}
}

// engineArgKeys are flags that, at the top of a YAML file with no recipe
// block, make it an engine's argument file (vLLM --config, SGLang).
var engineArgKeys = []string{"kv-cache-dtype", "max-num-batched-tokens", "max-num-seqs", "tensor-parallel-size",
	"gpu-memory-utilization", "compilation-config", "max-model-len", "mem-fraction-static", "async-scheduling"}

func sniffEngineArgs(data []byte) bool {
	h := head(data, 1)
	if len(h) == 0 || h[0] == '{' || h[0] == '[' {
		return false
	}
	k := topLevelKeys(data, engineArgKeys...)
	n := 0
	for range k {
		n++
	}
	return n >= 2
}
