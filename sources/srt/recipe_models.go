package srt

import "strings"

// recipeModels are the names a recipe gives its model: the served model name
// the benchmark client sends (and result files record), model.path (an
// alias, a path or hf:org/name) and schema 2's identity.model.repo.
func recipeModels(m map[string]any, roles map[string]map[string]any) []string {
	var out []string
	add := func(v any) {
		if s, ok := v.(string); ok && strings.TrimSpace(s) != "" {
			out = append(out, s)
		}
	}
	for _, role := range SrtRoles {
		add(ArgsOf(roles[role])["served-model-name"])
	}
	if e, ok := m["engine"].(map[string]any); ok {
		add(e["served_model_name"])
		add(e["served-model-name"])
	}
	v, _ := Lookup(m, "model", "path")
	add(v)
	v, _ = Lookup(m, "identity", "model", "repo")
	add(v)
	return out
}
