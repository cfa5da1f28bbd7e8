package sources

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/sweeptune/sweeptune/model"
	"go.yaml.in/yaml/v3"
)

// srt-slurm recipes: schema 2 bundles (base + override_* + zip_override_*)
// and schema 1 single recipes, converted to schema 2 (formats/README.md).

var (
	schema2Re = regexp.MustCompile(`(?m)^schema:\s*2\s*(#.*)?$`)
	baseRe    = regexp.MustCompile(`(?m)^base:\s*(#.*)?$`)
	resRe     = regexp.MustCompile(`(?m)^resources:\s*(#.*)?$`)
	backendRe = regexp.MustCompile(`(?m)^backend:\s*(#.*)?$`)
)

func init() {
	register(format{name: "srt-slurm recipe", priority: 35, sniff: sniffRecipe, parse: parseRecipeInto})
}

func sniffRecipe(data []byte) bool {
	if h := head(data, 1); len(h) > 0 && (h[0] == '{' || h[0] == '[') {
		return false
	}
	return (schema2Re.Match(data) && baseRe.Match(data)) || (resRe.Match(data) && backendRe.Match(data))
}

func parseRecipeInto(path string, data []byte, ds *Dataset) {
	vs, warns := ParseRecipe(path, data)
	ds.Variants = append(ds.Variants, vs...)
	ds.Warnings = append(ds.Warnings, warns...)
}

// Recipe is a parsed bundle: its base and its override blocks in file order.
type Recipe struct {
	Schema    int
	Base      map[string]any
	Overrides []RecipeOverride
}

// RecipeOverride is one override_* (or one expanded zip_override_* element).
type RecipeOverride struct {
	Key   string         // override_x, or zip_override_x[i]
	Block map[string]any // the delta as written
}

// Resolve deep-merges an override into the base.
func (r *Recipe) Resolve(o RecipeOverride) map[string]any { return deepMerge(r.Base, o.Block) }

// ParseRecipeDoc reads a bundle (or a schema-1 recipe converted to one).
// Problems in single override blocks are returned as warnings; a file that
// cannot be read as a recipe at all is an error.
func ParseRecipeDoc(path string, data []byte) (*Recipe, []Warning, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, nil, fmt.Errorf("not valid YAML: %s", yamlErr(err))
	}
	if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, nil, fmt.Errorf("not a mapping at the top level")
	}
	top := doc.Content[0]
	var warns []Warning
	r := &Recipe{Schema: 1}
	var raw = map[string]any{}
	type pending struct {
		key   string
		value *yaml.Node
	}
	var overs []pending
	for i := 0; i+1 < len(top.Content); i += 2 {
		k, v := top.Content[i].Value, top.Content[i+1]
		switch {
		case strings.HasPrefix(k, "override_") || strings.HasPrefix(k, "zip_override_"):
			overs = append(overs, pending{k, v})
		default:
			var x any
			if err := v.Decode(&x); err != nil {
				return nil, nil, fmt.Errorf("%s (line %d): %s", k, v.Line, yamlErr(err))
			}
			raw[k] = normalize(x)
		}
	}
	if s, ok := raw["schema"]; ok {
		n, ok := asInt(s)
		if !ok || (n != 1 && n != 2) {
			return nil, nil, fmt.Errorf("schema: %v is not 1 or 2", s)
		}
		r.Schema = n
	}
	if r.Schema == 2 {
		b, ok := raw["base"].(map[string]any)
		if !ok {
			return nil, nil, fmt.Errorf("base: missing or not a mapping")
		}
		r.Base = b
	} else {
		r.Base = schema1ToRoles(raw)
	}
	for _, o := range overs {
		var x any
		if err := o.value.Decode(&x); err != nil {
			warns = append(warns, Warning{File: path, Field: o.key, Msg: yamlErr(err)})
			continue
		}
		block, ok := normalize(x).(map[string]any)
		if !ok {
			if x == nil {
				block = map[string]any{}
			} else {
				warns = append(warns, Warning{File: path, Field: o.key, Msg: "not a mapping"})
				continue
			}
		}
		if !strings.HasPrefix(o.key, "zip_") {
			r.Overrides = append(r.Overrides, RecipeOverride{Key: o.key, Block: block})
			continue
		}
		items, err := zipExpand(block)
		if err != nil {
			warns = append(warns, Warning{File: path, Field: o.key, Msg: err.Error()})
			continue
		}
		group := strings.TrimPrefix(o.key, "zip_override_")
		baseName, _ := r.Base["name"].(string)
		for i, it := range items {
			// A name list names each element; otherwise <base>_<group>_<i>.
			if !isList(block["name"]) || len(block["name"].([]any)) == 1 {
				it["name"] = fmt.Sprintf("%s_%s_%d", baseName, group, i)
			}
			r.Overrides = append(r.Overrides, RecipeOverride{Key: fmt.Sprintf("%s[%d]", o.key, i), Block: it})
		}
	}
	return r, warns, nil
}

func isList(v any) bool { _, ok := v.([]any); return ok }

// schema1ToRoles converts a schema-1 recipe to a schema-2 base.
func schema1ToRoles(raw map[string]any) map[string]any {
	base := make(map[string]any, len(raw))
	for k, v := range raw {
		if k != "resources" && k != "backend" {
			base[k] = v
		}
	}
	res := lookupMap(raw, "resources")
	backend := lookupMap(raw, "backend")
	roles := map[string]any{}
	keep := map[string]any{}
	for k, v := range res {
		keep[k] = v
	}
	for _, role := range []string{"prefill", "decode", "agg"} {
		r := map[string]any{}
		for from, to := range map[string]string{role + "_nodes": "nodes", role + "_workers": "workers", "gpus_per_" + role: "gpus"} {
			if v, ok := res[from]; ok {
				r[to] = v
				delete(keep, from)
			}
		}
		if args := lookupMap(backend, "sglang_config", role); args != nil {
			r["args"] = args
		}
		if env := lookupMap(backend, role+"_environment"); env != nil {
			r["env"] = env
		}
		if len(r) > 0 {
			roles[role] = r
		}
	}
	if len(keep) > 0 {
		base["resources"] = keep
	}
	if len(roles) > 0 {
		base["roles"] = roles
	}
	if t, ok := backend["type"]; ok {
		base["engine"] = t
	}
	return base
}

// ParseRecipe reads a recipe file into its variants: the base alone when
// there are no overrides, else one variant per override.
func ParseRecipe(path string, data []byte) ([]Variant, []Warning) {
	r, warns, err := ParseRecipeDoc(path, data)
	if err != nil {
		return nil, append(warns, Warning{File: path, Msg: err.Error()})
	}
	var out []Variant
	if len(r.Overrides) == 0 {
		v, err := variantOf(path, "", r.Base)
		if err != nil {
			return nil, append(warns, Warning{File: path, Field: "base." + err.field, Msg: err.msg})
		}
		return []Variant{v}, warns
	}
	for _, o := range r.Overrides {
		v, err := variantOf(path, o.Key, r.Resolve(o))
		if err != nil {
			warns = append(warns, Warning{File: path, Field: o.Key + " (resolved) " + err.field, Msg: err.msg})
			continue
		}
		out = append(out, v)
	}
	return out, warns
}

type fieldErr struct{ field, msg string }

// variantOf reads the knobs of one resolved recipe.
func variantOf(path, key string, m map[string]any) (Variant, *fieldErr) {
	v := Variant{File: path, Override: key}
	v.Name, _ = m["name"].(string)
	v.Image, _ = lookupString(m, "model", "container")
	gpn, err := optInt(m, "resources", "gpus_per_node")
	if err != nil {
		return v, err
	}
	k := &v.Knobs
	roles := lookupMap(m, "roles")
	if lookupMap(roles, "agg") != nil {
		k.Mode = model.ModeAgg
		if k.Prefill, err = roleOf(roles, "agg", gpn); err != nil {
			return v, err
		}
	} else {
		k.Mode = model.ModeDisagg
		if k.Prefill, err = roleOf(roles, "prefill", gpn); err != nil {
			return v, err
		}
		if k.Decode, err = roleOf(roles, "decode", gpn); err != nil {
			return v, err
		}
	}
	dRole := "decode"
	if k.Mode == model.ModeAgg {
		dRole = "agg"
	}
	args := lookupMap(roles, dRole, "args")
	at := "roles." + dRole + ".args."
	bsKey := "cuda-graph-max-bs-decode"
	if _, ok := args[bsKey]; !ok {
		bsKey = "cuda-graph-max-bs"
	}
	for _, f := range []struct {
		key string
		dst *int
	}{{bsKey, &k.DecodeBS}, {"max-running-requests", &k.MaxRunningRequests}, {"disaggregation-decode-extra-slots", &k.DecodeExtraSlots}} {
		if *f.dst, err = optInt(args, f.key); err != nil {
			err.field = at + err.field
			return v, err
		}
	}
	if lb, ok := args["load-balance-method"]; ok {
		k.Balance = fmt.Sprint(lb)
	}
	if alg, ok := args["speculative-algorithm"].(string); ok {
		k.SpecDecoding = specName(alg)
	}
	if c, ok := lookup(m, "benchmark", "env", "CONC"); ok {
		n, ok := asInt(c)
		if !ok || n <= 0 {
			return v, &fieldErr{"benchmark.env.CONC", fmt.Sprintf("%v is not a positive concurrency", c)}
		}
		k.Concurrency = n
	}
	return v, nil
}

// roleOf reads one role: workers, nodes, GPUs per worker (nodes × GPUs per
// node / workers when not given) and the parallelism from its args.
func roleOf(roles map[string]any, name string, gpn int) (model.Role, *fieldErr) {
	var r model.Role
	rm := lookupMap(roles, name)
	if rm == nil {
		return r, &fieldErr{"roles." + name, "missing"}
	}
	var err *fieldErr
	for _, f := range []struct {
		key string
		dst *int
	}{{"workers", &r.Workers}, {"nodes", &r.Nodes}, {"gpus", &r.GPUs}} {
		if *f.dst, err = optInt(rm, f.key); err != nil {
			err.field = "roles." + name + "." + err.field
			return r, err
		}
	}
	if r.Workers == 0 {
		r.Workers = 1
	}
	args := lookupMap(rm, "args")
	for _, f := range []struct {
		keys []string
		dst  *int
	}{{[]string{"tensor-parallel-size", "tp-size", "tp"}, &r.TP}, {[]string{"expert-parallel-size", "ep-size", "ep"}, &r.EP}} {
		for _, key := range f.keys {
			if _, ok := args[key]; !ok {
				continue
			}
			if *f.dst, err = optInt(args, key); err != nil {
				err.field = "roles." + name + ".args." + err.field
				return r, err
			}
			break
		}
	}
	r.DPAttn = asBool(args["enable-dp-attention"])
	if r.GPUs == 0 && r.Nodes > 0 && gpn > 0 && r.Nodes*gpn%r.Workers == 0 {
		r.GPUs = r.Nodes * gpn / r.Workers
	}
	if r.GPUs == 0 {
		r.GPUs = r.TP
	}
	if r.TP == 0 {
		r.TP = r.GPUs
	}
	return r, nil
}

func specName(alg string) string {
	switch a := strings.ToLower(alg); a {
	case "eagle", "eagle3", "nextn":
		return "mtp"
	default:
		return a
	}
}

func lookupString(m map[string]any, keys ...string) (string, bool) {
	v, ok := lookup(m, keys...)
	s, ok2 := v.(string)
	return s, ok && ok2
}

// optInt reads an optional non-negative integer (numbers or numeric strings).
func optInt(m map[string]any, keys ...string) (int, *fieldErr) {
	v, ok := lookup(m, keys...)
	if !ok || v == nil {
		return 0, nil
	}
	n, ok := asInt(v)
	if !ok || n < 0 {
		return 0, &fieldErr{strings.Join(keys, "."), fmt.Sprintf("%v is not a non-negative integer", v)}
	}
	return n, nil
}

func asInt(v any) (int, bool) {
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

func asBool(v any) bool {
	switch t := v.(type) {
	case bool:
		return t
	case string:
		return strings.EqualFold(t, "true")
	}
	return false
}
