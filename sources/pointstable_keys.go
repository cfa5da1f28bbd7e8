package sources

import (
	"fmt"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/sweeptune/sweeptune/sources/srt"
)

// A points table's keys are checked against the format's
// (docs/formats/points-table.md): an unknown key is named with its line and
// ignored, so a knob spelled another way (the engine's
// cuda-graph-max-bs-decode, `spec-decoding` inside `curve:`) is not dropped
// in silence.

// The keys yaml.v3 decodes into tableFile, tablePoint, tableRole and
// model.CurveKey (each field's yaml tag, or its lowercased name), written
// out: reading them off the types by reflection cost every run a tenth of
// the package's start-up. TestTableKeysAreTheTypes keeps them the types'.
var (
	tableFileKeys  = []string{"curve", "source", "image", "date", "run-url", "spec-decoding", "acceptance-length", "points"}
	tablePointKeys = []string{"label", "mode", "prefill", "decode", "agg", "concurrency", "gpus", "duration-s", "date", "run-url", "image", "spec-decoding", "acceptance-length", "metrics"}
	tableRoleKeys  = []string{"workers", "gpus", "nodes", "tp", "ep", "dp-attn", "cuda-graph-max-bs", "max-running-requests", "extra-slots", "load-balance", "ranks"}
	tableCurveKeys = []string{"model", "scenario", "hardware", "framework", "precision", "spec"}
)

// warnUnknownTableKeys names every key of the table root that the format
// does not know (the top level, curve, each point and its roles), in line
// order.
func warnUnknownTableKeys(path string, root *yaml.Node, ds *Dataset) {
	if root == nil || root.Kind != yaml.MappingNode {
		return
	}
	var found []unknownKey
	found = unknownKeys(found, "", root, tableFileKeys, "")
	if c := srt.MapValue(root, "curve"); c != nil {
		found = unknownKeys(found, "curve.", c, tableCurveKeys, " (a curve has "+strings.Join(tableCurveKeys, ", ")+")")
	}
	if pts := srt.MapValue(root, "points"); pts != nil && pts.Kind == yaml.SequenceNode {
		for i, p := range pts.Content {
			prefix := fmt.Sprintf("points[%d].", i)
			found = unknownKeys(found, prefix, p, tablePointKeys, "")
			for _, role := range []string{"prefill", "decode", "agg"} {
				if r := srt.MapValue(p, role); r != nil {
					found = unknownKeys(found, prefix+role+".", r, tableRoleKeys, "")
				}
			}
		}
	}
	sort.SliceStable(found, func(i, j int) bool { return found[i].line < found[j].line })
	for _, u := range found {
		ds.Warnf(path, u.field, "%s", u.msg)
	}
}

type unknownKey struct {
	line       int
	field, msg string
}

// unknownKeys adds each key of the mapping n not in known; hint follows the
// message when no near key is found.
func unknownKeys(found []unknownKey, prefix string, n *yaml.Node, known []string, hint string) []unknownKey {
	if n.Kind != yaml.MappingNode {
		return found
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i]
		if k.Kind != yaml.ScalarNode || contains(known, k.Value) {
			continue
		}
		h := hint
		if near := nearKey(k.Value, known); near != "" {
			h = " (did you mean " + near + "?)"
		}
		found = append(found, unknownKey{k.Line, fmt.Sprintf("%s%s (line %d)", prefix, k.Value, k.Line), "unknown key" + h + "; ignored"})
	}
	return found
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// nearKey is the known key a misspelt one most likely means: the same with
// '-' for '_' and case folded, or one a prefix of the other (duration for
// duration-s, cuda-graph-max-bs-decode for cuda-graph-max-bs).
func nearKey(key string, known []string) string {
	norm := strings.ToLower(strings.ReplaceAll(key, "_", "-"))
	for _, k := range known {
		if k == norm {
			return k
		}
	}
	for _, k := range known {
		if len(norm) >= 4 && len(k) >= 4 && (strings.HasPrefix(norm, k) || strings.HasPrefix(k, norm)) {
			return k
		}
	}
	return ""
}
