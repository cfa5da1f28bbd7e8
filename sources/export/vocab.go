package export

import (
	"strconv"
	"strings"

	"github.com/sweeptune/sweeptune/sources/srt"
)

// vocab is where a recipe keeps each knob, in the words of sources'
// srt-slurm vocabulary (sources/srt/vocab.go, the reader's too): schema 2
// writes roles.<role>.{nodes,workers,gpus,args}; schema 1 writes
// resources.<role>_nodes, gpus_per_<role> and backend.<engine>_config.<mode>;
// argument names are the engine's (SGLang cuda-graph-max-bs, TRT-LLM
// max_batch_size, vLLM max-num-seqs), spelled as the base spells them.
type vocab struct {
	schema int
	engine string
	base   map[string]any   // as written
	overs  []map[string]any // the existing override blocks
}

func newVocab(r *srt.Recipe, engine string) vocab {
	v := vocab{schema: r.Schema, engine: engine, base: r.Base}
	if _, ok := r.Base[srt.RolesKey]; ok {
		v.schema = 2 // roles beside legacy blocks are written as roles
	}
	for _, o := range r.Overrides {
		v.overs = append(v.overs, o.Block)
	}
	return v
}

// topo is the path of a role's nodes, workers or gpus.
func (v vocab) topo(role, field string) []string { return srt.TopologyPath(v.schema, role, field) }

// args is the path of a role's engine arguments.
func (v vocab) args(role string) []string { return srt.ArgsPath(v.schema, v.engine, role) }

// arg is the path of one argument (dotted for nested ones): each key as
// the base spells it when it has it, else the engine's spelling
// (snake_case for TRT-LLM).
func (v vocab) arg(role, name string) []string {
	path := append([]string{}, v.args(role)...)
	cur, _ := lookupMap(v.base, path...)
	for _, p := range srt.ArgPath(name) {
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

func lookupMap(m map[string]any, keys ...string) (map[string]any, bool) {
	v, ok := srt.Lookup(m, keys...)
	mm, isMap := v.(map[string]any)
	return mm, ok && isMap
}

// batchCaps are the paths the decode batch cap is written to: the
// engine's first cap argument and every other one the base has, or (SGLang)
// the first the base has, else the last.
func (v vocab) batchCaps(role string) [][]string {
	caps := srt.Args(v.engine)
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
func (v vocab) has(path []string) bool {
	_, ok := srt.Lookup(v.base, path...)
	return ok
}

// sglangArgs: the engine takes max-running-requests, extra slots and a DP
// balancing method (SGLang and its forks).
func (v vocab) sglangArgs() bool { return srt.Args(v.engine).SGLangArgs }

// concurrency is where and how the recipe states the client concurrency:
// benchmark.env.CONC (agentic runs, a string) when the base or an override
// uses it, else benchmark.concurrencies in the base's form.
func (v vocab) concurrency(c int) ([]string, any) {
	env := srt.ConcEnvPath
	if v.has(env) {
		return env, quoted(itoa(c))
	}
	for _, o := range v.overs {
		if _, ok := srt.Lookup(o, env...); ok {
			return env, quoted(itoa(c))
		}
	}
	list := srt.ConcListPath
	cur, ok := srt.Lookup(v.base, list...)
	if !ok {
		for _, o := range v.overs {
			if cur, ok = srt.Lookup(o, list...); ok {
				break
			}
		}
	}
	switch cur.(type) {
	case string:
		return list, quoted(itoa(c))
	case int:
		return list, c
	case []any:
		return list, []int{c}
	}
	if t, _ := srt.Lookup(v.base, "benchmark", "type"); t == "custom" {
		return env, quoted(itoa(c))
	}
	return list, []int{c}
}
