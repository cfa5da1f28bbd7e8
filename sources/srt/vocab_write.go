package srt

import (
	"strconv"
	"strings"
)

// Vocab is where a recipe keeps each knob, in the words of the
// srt-slurm vocabulary (vocab.go, the reader's too): schema 2
// writes roles.<role>.{nodes,workers,gpus,args}; schema 1 writes
// resources.<role>_nodes, gpus_per_<role> and backend.<engine>_config.<mode>;
// argument names are the engine's (SGLang cuda-graph-max-bs, TRT-LLM
// max_batch_size, vLLM max-num-seqs), spelled as the base spells them.
type Vocab struct {
	schema int
	engine string
	base   map[string]any   // as written
	overs  []map[string]any // the existing override blocks
}

// NewVocab is the vocabulary a recipe writes its knobs in: its schema and
// engine, and which spellings its base already uses.
func NewVocab(r *Recipe, engine string) Vocab {
	v := Vocab{schema: r.Schema, engine: engine, base: r.Base}
	if _, ok := r.Base[RolesKey]; ok {
		v.schema = 2 // roles beside legacy blocks are written as roles
	}
	for _, o := range r.Overrides {
		v.overs = append(v.overs, o.Block)
	}
	return v
}

// topo is the path of a role's nodes, workers or gpus.
func (v Vocab) topo(role, field string) []string { return TopologyPath(v.schema, role, field) }

// args is the path of a role's engine arguments.
func (v Vocab) args(role string) []string { return ArgsPath(v.schema, v.engine, role) }

// arg is the path of one argument (dotted for nested ones): each key as
// the base spells it when it has it, else the engine's spelling
// (snake_case for TRT-LLM).
func (v Vocab) arg(role, name string) []string {
	path := append([]string{}, v.args(role)...)
	cur := LookupMap(v.base, path...)
	for _, p := range ArgPath(name) {
		key, ok := spelledAs(cur, p)
		if !ok {
			key = p
			if v.engine == "trtllm" {
				key = strings.ReplaceAll(p, "-", "_")
			}
		}
		path = append(path, key)
		cur, _ = cur[key].(map[string]any)
	}
	return path
}

// spelledAs finds key in m under either spelling (- or _, any case).
func spelledAs(m map[string]any, key string) (string, bool) {
	norm := func(s string) string { return strings.ReplaceAll(strings.ToLower(s), "_", "-") }
	for k := range m {
		if norm(k) == norm(key) {
			return k, true
		}
	}
	return "", false
}

func itoa(n int) string { return strconv.Itoa(n) }

// batchCaps are the paths the decode batch cap is written to: the
// engine's first cap argument and every other one the base has, or (SGLang)
// the first the base has, else the last.
func (v Vocab) batchCaps(role string) [][]string {
	caps := Args(v.engine)
	var out [][]string
	for i, name := range caps.BatchCaps {
		p := v.arg(role, name)
		switch {
		case caps.CapsExclusive && v.has(p):
			return [][]string{p}
		case caps.CapsExclusive:
		case i == 0 || v.has(p):
			out = append(out, p)
		}
	}
	if caps.CapsExclusive {
		return [][]string{v.arg(role, caps.BatchCaps[len(caps.BatchCaps)-1])}
	}
	return out
}

// has reports whether the base holds path.
func (v Vocab) has(path []string) bool {
	_, ok := Lookup(v.base, path...)
	return ok
}

// sglangArgs: the engine takes max-running-requests, extra slots and a DP
// balancing method (SGLang and its forks).
func (v Vocab) SGLangArgs() bool { return Args(v.engine).SGLangArgs }

// concurrency is where and how the recipe states the client concurrency:
// benchmark.env.CONC (agentic runs, a string) when the base or an override
// uses it, else benchmark.concurrencies in the base's form.
func (v Vocab) concurrency(c int) ([]string, any) {
	env := ConcEnvPath
	if v.has(env) {
		return env, Quoted(itoa(c))
	}
	for _, o := range v.overs {
		if _, ok := Lookup(o, env...); ok {
			return env, Quoted(itoa(c))
		}
	}
	list := ConcListPath
	cur, ok := Lookup(v.base, list...)
	if !ok {
		for _, o := range v.overs {
			if cur, ok = Lookup(o, list...); ok {
				break
			}
		}
	}
	switch cur.(type) {
	case string:
		return list, Quoted(itoa(c))
	case int:
		return list, c
	case []any:
		return list, []int{c}
	}
	if t, _ := Lookup(v.base, "benchmark", "type"); t == "custom" {
		return env, Quoted(itoa(c))
	}
	return list, []int{c}
}
