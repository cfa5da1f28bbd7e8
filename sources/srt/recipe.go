package srt

import (
	"fmt"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/sweeptune/sweeptune/sources/reading"
)

// srt-slurm recipes in every dialect srtctl reads: schema 1 (resources +
// backend.<engine>_config) and schema 2 (engine + roles), each as a single
// recipe, a sweep template (sweep: with {placeholders}), or a bundle (base:
// plus override_* / zip_override_* blocks, deep-merged into the base).
// Overrides are merged in the file's own vocabulary; variantOf reads the
// knobs of a resolved recipe in either schema.

// Recipe is a parsed recipe file: its base (the whole recipe when it is not
// a bundle) in the file's own vocabulary, and its variants in file order.
type Recipe struct {
	Schema    int
	Bundle    bool             // base + override_* / zip_override_*
	Base      map[string]any   // as written
	Overrides []RecipeOverride // override_*, zip elements, sweep combinations
}

// RecipeOverride is one override_*, one expanded zip_override_* element or
// one combination of a sweep template.
type RecipeOverride struct {
	Key   string         // override_x, zip_override_x[i], sweep[i]
	Block map[string]any // the delta as written (a whole recipe for a sweep)
	whole bool           // Block replaces the base instead of merging into it
}

// Resolve gives the recipe a variant runs: the override deep-merged into
// the base, named as srtctl names it (the override's name, else
// <base name>_<suffix>).
func (r *Recipe) Resolve(o RecipeOverride) map[string]any {
	if o.whole {
		return o.Block
	}
	m := DeepMerge(r.Base, o.Block)
	if suffix, ok := strings.CutPrefix(o.Key, "override_"); ok {
		if _, named := o.Block["name"]; !named {
			m["name"] = fmt.Sprintf("%s_%s", baseName(r.Base), suffix)
		}
	}
	return m
}

func baseName(base map[string]any) string {
	if s, ok := base["name"].(string); ok {
		return s
	}
	return "unnamed"
}

// ParseRecipeDoc reads a recipe file. Problems confined to one override
// block (and repeated keys) are warnings; a file that cannot be read as a
// recipe at all is an error.
func ParseRecipeDoc(path string, data []byte) (*Recipe, []reading.Warning, error) {
	root, dups, err := reading.LoadYAML(data, reading.YAMLPlain)
	warns := reading.DupWarnings(path, dups)
	if err != nil {
		return nil, warns, err
	}
	if root == nil || root.Kind != yaml.MappingNode {
		return nil, warns, fmt.Errorf("not a mapping at the top level")
	}
	raw := map[string]any{}
	type pending struct {
		key   string
		value *yaml.Node
	}
	var overs []pending
	var sweepNode *yaml.Node
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i].Value, root.Content[i+1]
		if strings.HasPrefix(k, "override_") || strings.HasPrefix(k, "zip_override_") {
			overs = append(overs, pending{k, v})
			continue
		}
		if k == "sweep" {
			sweepNode = v
		}
		x, err := reading.YAMLValue(v)
		if err != nil {
			return nil, warns, fmt.Errorf("%s: %v", k, err)
		}
		raw[k] = x
	}
	r := &Recipe{Schema: 1, Base: raw}
	if b, ok := raw["base"]; ok {
		bm, ok := b.(map[string]any)
		if !ok {
			return nil, warns, fmt.Errorf("base: not a mapping")
		}
		r.Bundle, r.Base = true, bm
	}
	if r.Schema, err = schemaOf(raw, r.Base); err != nil {
		return nil, warns, err
	}
	if !r.Bundle {
		for _, o := range overs {
			warns = append(warns, reading.Warning{File: path, Field: o.key, Msg: "an override without a base: block; srtctl reads overrides only beside base:, so it is ignored"})
		}
		if sweepNode != nil {
			sw, w := expandSweep(path, raw, sweepNode)
			r.Overrides, warns = sw, append(warns, w...)
		}
		return r, warns, nil
	}
	for _, o := range overs {
		x, err := reading.YAMLValue(o.value)
		if err != nil {
			warns = append(warns, reading.Warning{File: path, Field: o.key, Msg: err.Error()})
			continue
		}
		block, ok := x.(map[string]any)
		if !ok {
			if x != nil {
				warns = append(warns, reading.Warning{File: path, Field: o.key, Msg: "not a mapping"})
				continue
			}
			block = map[string]any{}
		}
		if !strings.HasPrefix(o.key, "zip_") {
			r.Overrides = append(r.Overrides, RecipeOverride{Key: o.key, Block: block})
			continue
		}
		items, err := zipExpand(block)
		if err != nil {
			warns = append(warns, reading.Warning{File: path, Field: o.key, Msg: err.Error()})
			continue
		}
		group := strings.TrimPrefix(o.key, "zip_override_")
		_, nameList := block["name"].([]any)
		for i, it := range items {
			if !nameList {
				it["name"] = fmt.Sprintf("%s_%s_%d", baseName(r.Base), group, i)
			}
			r.Overrides = append(r.Overrides, RecipeOverride{Key: fmt.Sprintf("%s[%d]", o.key, i), Block: it})
		}
	}
	return r, warns, nil
}

// schemaOf reads schema: at the top or inside base:; without one, a recipe
// with roles is schema 2 and any other schema 1.
func schemaOf(raw, base map[string]any) (int, error) {
	for _, m := range []map[string]any{raw, base} {
		if s, ok := m["schema"]; ok {
			n, ok := AsInt(s)
			if !ok || (n != 1 && n != 2) {
				return 0, fmt.Errorf("schema: %v is not 1 or 2", s)
			}
			return n, nil
		}
	}
	if _, ok := base["roles"]; ok {
		return 2, nil
	}
	return 1, nil
}

// ParseRecipe reads a recipe file into the variants srtctl would run: the
// recipe itself, or every override and zip element of a bundle (the base
// alone is not submitted), or every combination of a sweep template. The
// order is srtctl's: override_* by key, then zip_override_* by key.
func ParseRecipe(path string, data []byte) ([]Variant, []reading.Warning) {
	r, warns, err := ParseRecipeDoc(path, data)
	if err != nil {
		return nil, append(warns, reading.Warning{File: path, Msg: err.Error()})
	}
	if len(r.Overrides) == 0 {
		// A recipe, or a bundle's base alone (srtctl's :base selector).
		v, err := variantOf(path, "", r.Base)
		if err != nil {
			field := err.field
			if r.Bundle {
				field = "base." + field
			}
			return nil, append(warns, reading.Warning{File: path, Field: field, Msg: err.msg})
		}
		return []Variant{v}, warns
	}
	if n := len(r.Overrides) * reading.CountValues(r.Base, reading.ResolveBudget); n > reading.ResolveBudget {
		return nil, append(warns, reading.Warning{File: path, Msg: fmt.Sprintf("%d variants of a base this large are too many to resolve", len(r.Overrides))})
	}
	var out []Variant
	for _, o := range srtctlOrder(r.Overrides) {
		v, err := variantOf(path, o.Key, r.Resolve(o))
		if err != nil {
			warns = append(warns, reading.Warning{File: path, Field: o.Key + " (resolved) " + err.field, Msg: err.msg})
			continue
		}
		out = append(out, v)
	}
	return out, warns
}

// srtctlOrder sorts override_* keys, then zip_override_* groups by key,
// keeping each group's elements (and sweep combinations) in order.
func srtctlOrder(os []RecipeOverride) []RecipeOverride {
	out := append([]RecipeOverride(nil), os...)
	rank := func(k string) (int, string) {
		switch {
		case strings.HasPrefix(k, "override_"):
			return 0, k
		case strings.HasPrefix(k, "zip_override_"):
			return 1, k[:strings.LastIndexByte(k, '[')]
		}
		return 2, ""
	}
	sort.SliceStable(out, func(i, j int) bool {
		ri, ki := rank(out[i].Key)
		rj, kj := rank(out[j].Key)
		if ri != rj {
			return ri < rj
		}
		return ki < kj
	})
	return out
}
