package srt

import (
	"fmt"
	"sort"

	"github.com/sweeptune/sweeptune/sources/reading"
)

// srt-slurm's override semantics: maps merge, lists replace, null deletes.

// DeepMerge applies srt-slurm's override rules: maps merge, lists and
// scalars replace, null deletes. Neither argument is modified.
func DeepMerge(base, over map[string]any) map[string]any {
	out := make(map[string]any, len(base)+len(over))
	for k, v := range base {
		out[k] = v
	}
	for k, v := range over {
		if v == nil {
			delete(out, k)
			continue
		}
		if om, ok := v.(map[string]any); ok {
			if bm, ok := out[k].(map[string]any); ok {
				out[k] = DeepMerge(bm, om)
				continue
			}
			// A map over a scalar (or nothing) still drops nulls inside it.
			out[k] = DeepMerge(nil, om)
			continue
		}
		out[k] = v
	}
	return out
}

// zipExpand turns a zip_override block into N overrides: every list-valued
// leaf contributes its i-th element, a length-1 list broadcasts, and lists
// of different lengths are an error.
func zipExpand(block map[string]any) ([]map[string]any, error) {
	n := 1
	var lenPath string
	var walk func(m map[string]any, path string) error
	walk = func(m map[string]any, path string) error {
		for _, k := range SortedKeys(m) {
			p := joinPath(path, k)
			switch t := m[k].(type) {
			case map[string]any:
				if err := walk(t, p); err != nil {
					return err
				}
			case []any:
				switch {
				case len(t) == 0:
					return fmt.Errorf("%s: empty list", p)
				case len(t) == 1:
				case n == 1:
					n, lenPath = len(t), p
				case len(t) != n:
					return fmt.Errorf("%s: %d values but %s has %d (zipped lists must have one length)", p, len(t), lenPath, n)
				}
			}
		}
		return nil
	}
	if err := walk(block, ""); err != nil {
		return nil, err
	}
	if lenPath == "" && !hasList(block) {
		return nil, fmt.Errorf("no list values: nothing to zip")
	}
	if n*reading.CountValues(block, reading.ResolveBudget) > reading.ResolveBudget {
		return nil, fmt.Errorf("%d variants of a block this large are too many to expand", n)
	}
	out := make([]map[string]any, n)
	for i := range out {
		out[i] = zipPick(block, i)
	}
	return out, nil
}

func hasList(m map[string]any) bool {
	for _, v := range m {
		switch t := v.(type) {
		case []any:
			return true
		case map[string]any:
			if hasList(t) {
				return true
			}
		}
	}
	return false
}

func zipPick(m map[string]any, i int) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		switch t := v.(type) {
		case map[string]any:
			out[k] = zipPick(t, i)
		case []any:
			if len(t) == 1 {
				out[k] = t[0]
			} else {
				out[k] = t[i]
			}
		default:
			out[k] = v
		}
	}
	return out
}

// SortedKeys are the keys of m in order.
func SortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func joinPath(path, k string) string {
	if path == "" {
		return k
	}
	return path + "." + k
}

// Lookup walks a dotted path of map keys.
func Lookup(m map[string]any, keys ...string) (any, bool) {
	var cur any = m
	for _, k := range keys {
		mm, ok := cur.(map[string]any)
		if !ok {
			return nil, false
		}
		cur, ok = mm[k]
		if !ok {
			return nil, false
		}
	}
	return cur, true
}

// LookupMap is the mapping at a key path, nil when there is none.
func LookupMap(m map[string]any, keys ...string) map[string]any {
	v, _ := Lookup(m, keys...)
	mm, _ := v.(map[string]any)
	return mm
}
