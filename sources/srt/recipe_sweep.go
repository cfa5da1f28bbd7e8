package srt

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/sweeptune/sweeptune/sources/reading"
)

// Sweep templates (srtctl's sweep: section): every combination of the
// sweep's lists (a Cartesian product, in the section's key order) fills
// the {name} placeholders of every string value; a string that is only a
// placeholder for a list takes the list. Each combination is named
// <name>_<key><value>_… as srtctl names it.

// sweepMaxVariants bounds what one template may expand to.
const sweepMaxVariants = 10_000

func expandSweep(path string, raw map[string]any, sweep *yaml.Node) ([]RecipeOverride, []reading.Warning) {
	fail := func(msg string) ([]RecipeOverride, []reading.Warning) {
		return nil, []reading.Warning{{File: path, Field: "sweep", Msg: msg}}
	}
	for sweep.Kind == yaml.AliasNode {
		sweep = sweep.Alias
	}
	if sweep.Kind != yaml.MappingNode {
		return fail("not a mapping of parameter lists")
	}
	params, _ := raw["sweep"].(map[string]any)
	var names []string
	var lists [][]any
	total := 1
	for i := 0; i+1 < len(sweep.Content); i += 2 {
		name := sweep.Content[i].Value
		vals, ok := params[name].([]any)
		if !ok {
			vals = []any{params[name]} // a lone value sweeps over itself
		}
		if len(vals) == 0 {
			return fail(name + ": an empty list gives no variants")
		}
		names, lists = append(names, name), append(lists, vals)
		if total *= len(vals); total > sweepMaxVariants {
			return fail(fmt.Sprintf("more than %d combinations", sweepMaxVariants))
		}
	}
	if len(names) == 0 {
		return fail("no parameters")
	}
	template := make(map[string]any, len(raw))
	for k, v := range raw {
		if k != "sweep" {
			template[k] = v
		}
	}
	if total*reading.CountValues(template, reading.ResolveBudget) > reading.ResolveBudget {
		return fail(fmt.Sprintf("%d combinations of a template this large are too many to expand", total))
	}
	out := make([]RecipeOverride, 0, total)
	idx := make([]int, len(names))
	for n := 0; n < total; n++ {
		values := make(map[string]any, len(names))
		var suffix strings.Builder
		for i, name := range names {
			values[name] = lists[i][idx[i]]
			fmt.Fprintf(&suffix, "_%s%s", name, pyStr(lists[i][idx[i]]))
		}
		m := fillTemplate(template, names, values).(map[string]any)
		m["name"] = baseName(raw) + suffix.String()
		out = append(out, RecipeOverride{Key: fmt.Sprintf("sweep[%d]", n), Block: m, whole: true})
		for i := len(idx) - 1; i >= 0; i-- { // the last parameter turns fastest, as itertools.product
			if idx[i]++; idx[i] < len(lists[i]) {
				break
			}
			idx[i] = 0
		}
	}
	return out, nil
}

// fillTemplate copies v with every "{name}" in its strings replaced.
func fillTemplate(v any, names []string, values map[string]any) any {
	switch t := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(t))
		for k, x := range t {
			out[k] = fillTemplate(x, names, values)
		}
		return out
	case []any:
		out := make([]any, len(t))
		for i, x := range t {
			out[i] = fillTemplate(x, names, values)
		}
		return out
	case string:
		s := t
		for _, name := range names {
			ph := "{" + name + "}"
			if !strings.Contains(s, ph) {
				continue
			}
			if list, ok := values[name].([]any); ok {
				if s == ph {
					return list
				}
				parts := make([]string, len(list))
				for i, x := range list {
					parts[i] = pyStr(x)
				}
				s = strings.ReplaceAll(s, ph, strings.Join(parts, ","))
				continue
			}
			s = strings.ReplaceAll(s, ph, pyStr(values[name]))
		}
		return s
	}
	return v
}

// pyStr formats a value as Python's str() does, which srtctl uses.
func pyStr(v any) string {
	switch t := v.(type) {
	case nil:
		return "None"
	case bool:
		if t {
			return "True"
		}
		return "False"
	case float64:
		if t == math.Trunc(t) && math.Abs(t) < 1e16 {
			return strconv.FormatFloat(t, 'f', 1, 64)
		}
		return strconv.FormatFloat(t, 'g', -1, 64)
	case string:
		return t
	}
	return fmt.Sprint(v)
}
