package srt

import (
	"fmt"
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
