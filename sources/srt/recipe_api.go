package srt

import (
	"fmt"

	"go.yaml.in/yaml/v3"
)

// What sources/export needs of the recipe reader: resolving a variant the
// way the loader does, so an exported override reads back as its point.

// VariantOf reads the knobs of one resolved recipe map (base deep-merged
// with an override); the error names the field at fault.
func VariantOf(path, selector string, m map[string]any) (Variant, error) {
	v, ferr := variantOf(path, selector, m)
	if ferr != nil {
		return v, fmt.Errorf("%s: %s", ferr.field, ferr.msg)
	}
	return v, nil
}

// DeepMerge applies srt-slurm's override rules: maps merge, lists and
// scalars replace, null deletes. Neither argument is modified.
func DeepMerge(base, over map[string]any) map[string]any { return deepMerge(base, over) }

// Lookup follows keys through nested maps.
func Lookup(m map[string]any, keys ...string) (any, bool) { return lookup(m, keys...) }

// GPUsPerNode is resources.gpus_per_node of the base, 0 when unknown.
func (r *Recipe) GPUsPerNode() int {
	n, _ := optInt(r.Base, "resources", "gpus_per_node")
	return n
}

// HasOverride reports whether the bundle already defines the key.
func (r *Recipe) HasOverride(key string) bool {
	for _, o := range r.Overrides {
		if o.Key == key {
			return true
		}
	}
	return false
}

// MapValue returns the value node of key in a mapping node, or nil.
func MapValue(n *yaml.Node, key string) *yaml.Node { return mapValue(n, key) }

// MapKey returns the key node of key in a mapping node, or nil.
func MapKey(n *yaml.Node, key string) *yaml.Node { return mapKey(n, key) }
