package srt

import "strings"

// The srt-slurm recipe vocabulary: where a recipe keeps each knob, spelled
// once for the reader (recipe_knobs.go) and the writer (vocab_write.go).
// Schema 2 keeps a worker role under roles.<role>.{nodes,workers,gpus,args};
// schema 1 under resources.<role>_nodes, <role>_workers, gpus_per_<role>
// and backend.<engine>_config.<mode>. Argument names are the engine's, in
// the reader's one spelling (lower case, '-' for '_'); see
// docs/formats/srt-slurm-recipe.md for the keys read and written side by side.

// The worker roles.
const (
	RolePrefill = "prefill"
	RoleDecode  = "decode"
	RoleAgg     = "agg"
)

// SrtRoles are the worker roles in the order they are read.
var SrtRoles = []string{RolePrefill, RoleDecode, RoleAgg}

// RolesKey is schema 2's mapping of roles.
const RolesKey = "roles"

// The fields of a role: its topology and its engine arguments.
const (
	FieldNodes   = "nodes"
	FieldWorkers = "workers"
	FieldGPUs    = "gpus"
	FieldArgs    = "args"
)

// TopologyFields are a role's counts: nodes, workers, GPUs per worker.
var TopologyFields = []string{FieldNodes, FieldWorkers, FieldGPUs}

// SrtEngines are the engine types srt-slurm runs; in schema 1 each keeps
// its role arguments under backend.<engine>_config.
var SrtEngines = []string{"sglang", "vllm", "trtllm", "tokenspeed", "mocker", "atom", "tilert"}

// SrtMode is the engines' name of a role in schema 1: agg is "aggregated".
func SrtMode(role string) string {
	if role == RoleAgg {
		return "aggregated"
	}
	return role
}

// TopologyPath is where a role's nodes, workers or GPUs per worker are.
func TopologyPath(schema int, role, field string) []string {
	if schema >= 2 {
		return []string{RolesKey, role, field}
	}
	switch field {
	case FieldNodes:
		return []string{"resources", role + "_nodes"}
	case FieldWorkers:
		return []string{"resources", role + "_workers"}
	}
	return []string{"resources", "gpus_per_" + role}
}

// ArgsPath is where a role's engine arguments are.
func ArgsPath(schema int, engine, role string) []string {
	if schema >= 2 {
		return []string{RolesKey, role, FieldArgs}
	}
	return []string{"backend", EngineConfigKey(engine), SrtMode(role)}
}

// EngineConfigKey is the key under backend that holds an engine's role
// arguments in schema 1: <engine>_config.
func EngineConfigKey(engine string) string { return engine + "_config" }

// Paths outside the roles.
var (
	ImagePath       = []string{"model", "container"}
	GPUsPerNodePath = []string{"resources", "gpus_per_node"}
	// ConcEnvPath is the concurrency of agentic runs, a string.
	ConcEnvPath = []string{"benchmark", "env", "CONC"}
	// ConcEnvAltPath is the same under the name some recipes' benchmark
	// command passes as --concurrency "${CONCURRENCY}".
	ConcEnvAltPath = []string{"benchmark", "env", "CONCURRENCY"}
	// ConcListPath is the list (or one number, or "4x8x16") of the
	// concurrencies a variant runs.
	ConcListPath = []string{"benchmark", "concurrencies"}
	// ConcOnePath is the older single concurrency, read only.
	ConcOnePath = []string{"benchmark", "concurrency"}
)

// The SGLang arguments beside the batch cap.
const (
	ArgMaxRunningRequests = "max-running-requests"
	ArgDecodeExtraSlots   = "disaggregation-decode-extra-slots"
	ArgLoadBalance        = "load-balance-method"
)

// EngineArgs are one engine's names for the decode batch knobs.
type EngineArgs struct {
	// BatchCaps hold the decode batch cap (dotted for nested arguments),
	// read in this order, the first present wins. Written: with
	// CapsExclusive, the first the base has, else the last (SGLang's
	// cuda-graph-max-bs-decode stands for cuda-graph-max-bs); otherwise
	// the first always and every other one the base has.
	BatchCaps     []string
	CapsExclusive bool
	// CapturedSizes is the list of captured CUDA-graph batch sizes whose
	// largest is the cap when no cap is given (read only).
	CapturedSizes string
	// SGLangArgs: the engine takes max-running-requests, the decode extra
	// slots and a DP balancing method (SGLang and its forks); they are
	// written only for these engines.
	SGLangArgs bool
	// ReadsMaxRunningRequests: max-running-requests is read from the
	// recipe (every engine but TRT-LLM and vLLM, which have no such
	// argument).
	ReadsMaxRunningRequests bool
}

// Args are engine's argument names; an engine not listed is taken for
// SGLang or one of its forks.
func Args(engine string) EngineArgs {
	switch engine {
	case "trtllm":
		return EngineArgs{BatchCaps: []string{"max-batch-size", "cuda-graph-config.max-batch-size"}, CapturedSizes: "cuda-graph-config.batch-sizes"}
	case "vllm":
		return EngineArgs{BatchCaps: []string{"max-num-seqs"}, CapturedSizes: "cuda-graph-bs"}
	case "mocker", "atom":
		return EngineArgs{BatchCaps: []string{"max-num-seqs"}, CapturedSizes: "cuda-graph-bs", ReadsMaxRunningRequests: true}
	case "tokenspeed":
		return EngineArgs{BatchCaps: []string{"max-num-seqs", "cuda-graph-max-bs"}, CapturedSizes: "cuda-graph-bs", ReadsMaxRunningRequests: true}
	}
	return EngineArgs{BatchCaps: []string{"cuda-graph-max-bs-decode", "cuda-graph-max-bs"}, CapsExclusive: true,
		CapturedSizes: "cuda-graph-bs", SGLangArgs: true, ReadsMaxRunningRequests: true}
}

// ArgPath splits a dotted argument name into its keys.
func ArgPath(name string) []string { return strings.Split(name, ".") }
