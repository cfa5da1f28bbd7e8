package srt

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/sweeptune/sweeptune/model"
)

// The knobs of one resolved recipe, in either schema: the roles (schema 2
// roles.<role>, or schema 1 resources.<role>_* with
// backend.<engine>_config.<mode>), each engine's own argument names for
// parallelism and batch caps, and the benchmark's concurrencies.

type fieldErr struct{ field, msg string }

// variantOf reads the knobs of one resolved recipe.
func variantOf(path, key string, m map[string]any) (Variant, *fieldErr) {
	v := Variant{File: path, Override: key, Engine: engineOf(m)}
	v.Name, _ = m["name"].(string)
	v.Image, _ = LookupString(m, ImagePath...)
	gpn, err := optInt(m, GPUsPerNodePath...)
	if err != nil {
		return v, err
	}
	roles, err := rolesOf(m, v.Engine)
	if err != nil {
		return v, err
	}
	v.Models = recipeModels(m, roles)
	k := &v.Knobs
	if roles[RoleAgg] != nil && roles[RolePrefill] == nil && roles[RoleDecode] == nil {
		k.Mode = model.ModeAgg
		if k.Prefill, err = roleOf(roles, RoleAgg, v.Engine, gpn, nil); err != nil {
			return v, err
		}
	} else {
		if roles[RolePrefill] == nil && roles[RoleDecode] == nil {
			return v, &fieldErr{"roles", "no worker roles (roles.prefill/decode/agg, or resources.prefill_nodes/decode_nodes/agg_nodes)"}
		}
		k.Mode = model.ModeDisagg
		if k.Prefill, err = roleOf(roles, RolePrefill, v.Engine, gpn, nil); err != nil {
			return v, err
		}
		if k.Decode, err = roleOf(roles, RoleDecode, v.Engine, gpn, &k.Prefill); err != nil {
			return v, err
		}
	}
	dRole := RoleDecode
	if k.Mode == model.ModeAgg {
		dRole = RoleAgg
	}
	args := ArgsOf(roles[dRole])
	at := "roles." + dRole + ".args."
	if err := decodeCaps(args, v.Engine, k); err != nil {
		err.field = at + err.field
		return v, err
	}
	k.SpecDecoding = specOf(args, v.Engine)
	if k.SpecDecoding == "" && k.Mode == model.ModeDisagg {
		k.SpecDecoding = specOf(ArgsOf(roles[RolePrefill]), v.Engine)
	}
	if v.Concurrencies, err = concurrenciesOf(m); err != nil {
		return v, err
	}
	if len(v.Concurrencies) == 1 {
		k.Concurrency = v.Concurrencies[0]
	}
	v.Curve = recipeCurve(m, &v)
	return v, nil
}

// recipeCurve is the curve key a recipe states: the fields it cannot
// state stay empty.
func recipeCurve(m map[string]any, v *Variant) model.CurveKey {
	var c model.CurveKey
	if len(v.Models) > 0 {
		c.Model = ModelName(v.Models[len(v.Models)-1]) // model.path / identity repo over a served alias
		if strings.HasPrefix(c.Model, "hf:") {
			c.Model = strings.TrimPrefix(c.Model, "hf:")
		}
	}
	if hw, ok := LookupString(m, "resources", "gpu_type"); ok {
		c.Hardware = GPUKey(hw)
	}
	if pr, ok := LookupString(m, "model", "precision"); ok {
		c.Precision = NormPrecision(pr)
	}
	front, _ := LookupString(m, "frontend", "type")
	c.Framework = FrameworkOf(v.Engine, front)
	isl, _ := optInt(m, "benchmark", "isl")
	osl, _ := optInt(m, "benchmark", "osl")
	c.Scenario = SeqScenario(isl, osl)
	c.Spec = v.Knobs.SpecDecoding
	return c
}

// GPUKeys are the dashboard's GPU keys (InferenceX-app
// packages/constants/src/gpu-keys.ts), longest first so gb200 is not b200.
var GPUKeys = []string{"mi300x", "mi325x", "mi355x", "gb200", "gb300", "h100", "h200", "b200", "b300"}

// GPUKey is the dashboard's key of a GPU type as srtctl or nvidia-smi
// names it ("NVIDIA H100 80GB HBM3" → h100, "GB300" → gb300); a type it
// does not know comes back lower case.
func GPUKey(t string) string {
	l := strings.ToLower(strings.TrimSpace(t))
	for _, k := range GPUKeys {
		if strings.Contains(l, k) {
			return k
		}
	}
	return l
}

// NormPrecision is the dashboard's precision key (nvfp4, mxfp4 → fp4).
func NormPrecision(p string) string {
	l := strings.ToLower(strings.TrimSpace(p))
	switch l {
	case "nvfp4", "mxfp4":
		return "fp4"
	}
	return l
}

// FrameworkOf names a run's framework as InferenceX publishes srt-slurm
// runs: behind the default Dynamo frontend dynamo-<engine> (TRT-LLM is
// "trt"), else the engine itself.
func FrameworkOf(engine, frontend string) string {
	e := strings.ToLower(engine)
	if e == "trtllm" {
		e = "trt"
	}
	if e == "" {
		return ""
	}
	switch strings.ToLower(frontend) {
	case "", "dynamo":
		if e == "mocker" {
			return e
		}
		return "dynamo-" + e
	}
	return e
}

// engineOf names the engine: schema 2 engine: (a name or {type: …}),
// schema 1 backend.type, else the one <engine>_config present, else
// srtctl's default, sglang.
func engineOf(m map[string]any) string {
	switch e := m["engine"].(type) {
	case string:
		return strings.ToLower(e)
	case map[string]any:
		if t, ok := e["type"].(string); ok {
			return strings.ToLower(t)
		}
	}
	backend := LookupMap(m, "backend")
	if t, ok := backend["type"].(string); ok {
		return strings.ToLower(t)
	}
	for _, e := range SrtEngines {
		if _, ok := backend[EngineConfigKey(e)]; ok {
			return e
		}
	}
	return "sglang"
}

// rolesOf gives roles.<role> maps ({nodes, workers, gpus, args, env}),
// folding the schema-1 spellings in as srtctl migrate does: a value under
// roles wins over its legacy spelling.
func rolesOf(m map[string]any, engine string) (map[string]map[string]any, *fieldErr) {
	out := map[string]map[string]any{}
	rm, hasRoles := m[RolesKey]
	given, ok := rm.(map[string]any)
	if hasRoles && rm != nil && !ok {
		return nil, &fieldErr{"roles", "not a mapping"}
	}
	for _, role := range SrtRoles {
		spec := map[string]any{}
		if g, present := given[role]; present {
			gm, ok := g.(map[string]any)
			if !ok && g != nil {
				return nil, &fieldErr{"roles." + role, "not a mapping"}
			}
			for k, v := range gm {
				spec[k] = v
			}
		}
		legacy := false
		for _, f := range TopologyFields {
			if v, ok := Lookup(m, TopologyPath(1, role, f)...); ok && v != nil {
				// gpus_per_<role> alone makes no role: srtctl's ResourceConfig
				// is disaggregated only with prefill/decode nodes (workers),
				// so a stray gpus_per_prefill beside agg_nodes is aggregated.
				legacy = legacy || f != FieldGPUs
				if _, set := spec[f]; !set {
					spec[f] = v
				}
			}
		}
		if args := LookupMap(m, ArgsPath(1, engine, role)...); args != nil {
			legacy = true
			if _, set := spec[FieldArgs]; !set {
				spec[FieldArgs] = args
			}
		}
		if _, present := given[role]; present || legacy {
			out[role] = spec
		}
	}
	return out, nil
}

// roleOf reads one role: workers, nodes, GPUs per worker and parallelism.
// GPUs per worker follow srtctl: explicit, else nodes × GPUs per node /
// workers, else (decode colocated) the prefill's; else the parallel width
// the engine arguments give.
func roleOf(roles map[string]map[string]any, name, engine string, gpn int, prefill *model.Role) (model.Role, *fieldErr) {
	var r model.Role
	rm := roles[name]
	if rm == nil {
		return r, &fieldErr{"roles." + name, "missing"}
	}
	colocated := false
	if s, ok := rm[FieldNodes].(string); ok && strings.EqualFold(strings.TrimSpace(s), "colocate") {
		colocated = true
	}
	var err *fieldErr
	for _, f := range []struct {
		key string
		dst *int
	}{{FieldWorkers, &r.Workers}, {FieldNodes, &r.Nodes}, {FieldGPUs, &r.GPUs}} {
		if f.key == FieldNodes && colocated {
			continue
		}
		if *f.dst, err = optInt(rm, f.key); err != nil {
			err.field = "roles." + name + "." + err.field
			return r, err
		}
		if v, given := rm[f.key]; f.key == "gpus" && given && v != nil && *f.dst == 0 {
			return r, &fieldErr{"roles." + name + ".gpus", fmt.Sprintf("want at least 1 GPU, got %v", v)}
		}
	}
	if r.Workers == 0 {
		r.Workers = 1
	}
	args := ArgsOf(rm)
	engine = roleEngine(rm, engine)
	par, err := parallelOf(args, engine)
	if err != nil {
		err.field = "roles." + name + ".args." + err.field
		return r, err
	}
	switch {
	case r.GPUs > 0:
	case r.Nodes > 0 && gpn > 0:
		r.GPUs = r.Nodes * gpn / r.Workers
	case (colocated || (r.Nodes == 0 && rm[FieldNodes] != nil)) && prefill != nil:
		r.GPUs = prefill.GPUs
	default:
		r.GPUs = par.width
	}
	r.TP, r.EP, r.DPAttn = par.tp, par.ep, par.dpAttn
	if r.TP == 0 {
		r.TP = r.GPUs
	}
	return r, nil
}

// roleEngine is the engine a role runs: its own engine: (a name or
// {type: …}) in srt-slurm 2.x recipes that mix engines (vLLM prefill,
// TileRT decode), else the recipe's.
func roleEngine(rm map[string]any, engine string) string {
	switch e := rm["engine"].(type) {
	case string:
		if e != "" {
			return strings.ToLower(e)
		}
	case map[string]any:
		if t, ok := e["type"].(string); ok && t != "" {
			return strings.ToLower(t)
		}
	}
	return engine
}

// ArgsOf is a role's engine arguments with keys in one spelling: lower
// case, '-' for '_' (srtctl passes sglang/vllm keys either way; TRT-LLM's
// are snake_case), nested maps too.
func ArgsOf(role map[string]any) map[string]any {
	a, _ := role[FieldArgs].(map[string]any)
	return normKeys(a)
}

func normKeys(m map[string]any) map[string]any {
	if m == nil {
		return nil
	}
	out := make(map[string]any, len(m))
	for k, v := range m {
		if sub, ok := v.(map[string]any); ok {
			v = normKeys(sub)
		}
		out[strings.ReplaceAll(strings.ToLower(k), "_", "-")] = v
	}
	return out
}

// parallel is a worker's parallelism as sweeptune counts it: tp is the
// worker's width (with DP attention, the attention ranks × their TP), ep
// the expert-parallel size, width the GPUs the arguments need.
type parallel struct {
	tp, ep, width int
	dpAttn        bool
}

func parallelOf(args map[string]any, engine string) (parallel, *fieldErr) {
	var p parallel
	num := func(keys ...string) (int, bool, *fieldErr) {
		for _, k := range keys {
			if v, ok := args[k]; ok && v != nil {
				n, ok := AsInt(v)
				if !ok || n < 0 {
					return 0, true, &fieldErr{k, fmt.Sprintf("%v is not a non-negative integer", v)}
				}
				return n, true, nil
			}
		}
		return 0, false, nil
	}
	switch engine {
	case "trtllm":
		tp, _, err := num("tensor-parallel-size", "tp-size")
		if err != nil {
			return p, err
		}
		ep, _, err := num("moe-expert-parallel-size", "expert-parallel-size")
		if err != nil {
			return p, err
		}
		pp, _, err := num("pipeline-parallel-size")
		if err != nil {
			return p, err
		}
		p.tp, p.ep, p.dpAttn = tp, ep, AsBool(args["enable-attention-dp"])
		p.width = tp * max(pp, 1)
	case "vllm", "tokenspeed", "mocker", "atom":
		tp, tpSet, err := num("tensor-parallel-size", "tp")
		if err != nil {
			return p, err
		}
		dp, dpSet, err := num("data-parallel-size", "dp")
		if err != nil {
			return p, err
		}
		pp, _, err := num("pipeline-parallel-size", "pp")
		if err != nil {
			return p, err
		}
		if !tpSet && !dpSet {
			return p, nil
		}
		w := max(tp, 1) * max(dp, 1)
		p.tp, p.dpAttn, p.width = w, dp > 1, w*max(pp, 1)
		p.ep = 1
		if AsBool(args["enable-expert-parallel"]) {
			p.ep = w
		}
	default: // sglang and its forks
		tp, _, err := num("tensor-parallel-size", "tp-size", "tp")
		if err != nil {
			return p, err
		}
		ep, epSet, err := num("expert-parallel-size", "ep-size", "ep")
		if err != nil {
			return p, err
		}
		if !epSet && tp > 0 && sglangMoEParallel(args) {
			ep = tp // SGLang sizes the expert-parallel group to TP for these
		}
		p.tp, p.ep, p.dpAttn, p.width = tp, ep, AsBool(args["enable-dp-attention"]), tp
	}
	return p, nil
}

// sglangMoEParallel: flags with which SGLang sets ep-size to tp-size.
func sglangMoEParallel(args map[string]any) bool {
	if AsBool(args["enable-ep-moe"]) || AsBool(args["enable-deepep-moe"]) {
		return true
	}
	switch a, _ := args["moe-a2a-backend"].(string); strings.ToLower(a) {
	case "deepep", "mooncake":
		return true
	}
	return false
}

// decodeCaps reads the decode (or agg) worker's batch cap, max running
// requests, extra slots and DP balancing.
func decodeCaps(args map[string]any, engine string, k *model.Knobs) *fieldErr {
	words := Args(engine)
	for _, name := range words.BatchCaps {
		keys := ArgPath(name)
		if _, ok := Lookup(args, keys...); !ok {
			continue
		}
		bs, err := optInt(args, keys...)
		if err != nil {
			return err
		}
		k.DecodeBS = bs
		break
	}
	if k.DecodeBS == 0 {
		// The largest captured CUDA-graph batch is the cap.
		if v, ok := Lookup(args, ArgPath(words.CapturedSizes)...); ok {
			k.DecodeBS = Largest(v)
		}
	}
	var err *fieldErr
	if words.ReadsMaxRunningRequests {
		if k.MaxRunningRequests, err = optInt(args, ArgMaxRunningRequests); err != nil {
			return err
		}
	}
	if k.DecodeExtraSlots, err = optInt(args, ArgDecodeExtraSlots); err != nil {
		return err
	}
	if lb, ok := args[ArgLoadBalance]; ok && lb != nil {
		k.Balance = fmt.Sprint(lb)
	}
	return nil
}

// Largest is the largest integer of a list (or of a single value), 0 when none.
func Largest(v any) int {
	list, ok := v.([]any)
	if !ok {
		list = []any{v}
	}
	best := 0
	for _, x := range list {
		if n, ok := AsInt(x); ok && n > best {
			best = n
		}
	}
	return best
}

// specOf names the speculative decoding a worker runs ("" when none).
func specOf(args map[string]any, engine string) string {
	for _, key := range []string{"speculative-algorithm", "speculative-algo"} {
		if alg, ok := args[key].(string); ok && alg != "" {
			return specName(alg)
		}
	}
	sc := args["speculative-config"]
	if s, ok := sc.(string); ok && strings.HasPrefix(strings.TrimSpace(s), "{") {
		var m map[string]any
		if json.Unmarshal([]byte(s), &m) == nil {
			sc = normKeys(m)
		}
	}
	if m, ok := sc.(map[string]any); ok {
		for _, key := range []string{"method", "decoding-type"} {
			if alg, ok := m[key].(string); ok && alg != "" {
				return specName(alg)
			}
		}
	}
	return ""
}

// specName uses InferenceX's names: MTP for DeepSeek's NextN/EAGLE heads.
func specName(alg string) string {
	switch a := strings.ToLower(alg); a {
	case "eagle", "nextn", "mtp", "deepseek-mtp", "deepseek_mtp":
		return "mtp"
	default:
		return a
	}
}

// concurrenciesOf reads the client concurrencies: benchmark.env.CONC
// (agentic runs), else benchmark.concurrencies (a list, a number, or
// "4x8x16"), else benchmark.concurrency. Each is one run of the variant.
func concurrenciesOf(m map[string]any) ([]int, *fieldErr) {
	bad := func(field string, v any) ([]int, *fieldErr) {
		return nil, &fieldErr{field, fmt.Sprintf("%v is not a positive concurrency", v)}
	}
	one := func(field string, v any) ([]int, *fieldErr) {
		n, ok := AsInt(v)
		if !ok || n <= 0 {
			return bad(field, v)
		}
		return []int{n}, nil
	}
	for _, path := range [][]string{ConcEnvPath, ConcEnvAltPath} {
		if c, ok := Lookup(m, path...); ok && c != nil {
			return one(strings.Join(path, "."), c)
		}
	}
	if c, ok := Lookup(m, ConcListPath...); ok && c != nil {
		field := strings.Join(ConcListPath, ".")
		var items []any
		switch t := c.(type) {
		case []any:
			items = t
		case string:
			for _, part := range strings.Split(t, "x") {
				items = append(items, part)
			}
		default:
			items = []any{t}
		}
		out := make([]int, 0, len(items))
		for _, it := range items {
			n, ok := AsInt(it)
			if !ok || n <= 0 {
				return bad(field, c)
			}
			out = append(out, n)
		}
		return out, nil
	}
	if c, ok := Lookup(m, ConcOnePath...); ok && c != nil {
		return one(strings.Join(ConcOnePath, "."), c)
	}
	return nil, nil
}

// LookupString is the string at a key path.
func LookupString(m map[string]any, keys ...string) (string, bool) {
	v, ok := Lookup(m, keys...)
	s, ok2 := v.(string)
	return s, ok && ok2
}

// optInt reads an optional non-negative integer (numbers or numeric strings).
func optInt(m map[string]any, keys ...string) (int, *fieldErr) {
	v, ok := Lookup(m, keys...)
	if !ok || v == nil {
		return 0, nil
	}
	n, ok := AsInt(v)
	if !ok || n < 0 {
		return 0, &fieldErr{strings.Join(keys, "."), fmt.Sprintf("%v is not a non-negative integer", v)}
	}
	return n, nil
}

// AsInt reads a whole number within int32 from a YAML value (an int, a
// whole float or a numeric string).
func AsInt(v any) (int, bool) {
	switch t := v.(type) {
	case int:
		if t > math.MaxInt32 || t < math.MinInt32 {
			return 0, false
		}
		return t, true
	case int64:
		if t > math.MaxInt32 || t < math.MinInt32 {
			return 0, false
		}
		return int(t), true
	case uint64:
		if t > math.MaxInt32 {
			return 0, false
		}
		return int(t), true
	case float64:
		if t != math.Trunc(t) || math.IsNaN(t) || math.Abs(t) > math.MaxInt32 {
			return 0, false
		}
		return int(t), true
	case string:
		n, err := strconv.Atoi(strings.TrimSpace(t))
		if err != nil || n > math.MaxInt32 || n < math.MinInt32 {
			return 0, false
		}
		return n, true
	}
	return 0, false
}

// AsBool reads a YAML truth value (true, "yes", "on", "1", a non-zero int).
func AsBool(v any) bool {
	switch t := v.(type) {
	case bool:
		return t
	case string:
		switch strings.ToLower(strings.TrimSpace(t)) {
		case "true", "yes", "on", "1":
			return true
		}
	case int:
		return t != 0
	}
	return false
}
