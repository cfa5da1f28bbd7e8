package srt

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Concurrency lists in the spelling their file already uses: a recipe's
// benchmark.concurrencies ("512x2048x4096", '6', a flow or block list; all
// of them srtctl's BenchmarkConfig.get_concurrency_list reads) and a master
// row's conc-list ([ 4, 8, 32, 64 ] or a block list). Only the value's
// bytes change; the key, its comment and every other line stay.

// MergeConcs is old with add inserted in order (before the first larger
// value, so an ascending list stays ascending) and drop taken out.
func MergeConcs(old, add, drop []int) []int {
	out := make([]int, 0, len(old)+len(add))
	for _, c := range old {
		if !slices.Contains(drop, c) && !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	for _, c := range add {
		if slices.Contains(out, c) || slices.Contains(drop, c) {
			continue
		}
		at := len(out)
		for i, x := range out {
			if x > c {
				at = i
				break
			}
		}
		out = slices.Insert(out, at, c)
	}
	return out
}

// ConcValueLines rewrites the value node val (of a key on line key.Line)
// to values, spelled as val is: it returns the original lines [from, to)
// it replaces and their new text.
func ConcValueLines(lines []string, key, val *yaml.Node, values []int) (from, to int, text string, err error) {
	if len(values) == 0 {
		return 0, 0, "", fmt.Errorf("an empty concurrency list")
	}
	l := val.Line - 1
	if l < 0 || l >= len(lines) {
		return 0, 0, "", fmt.Errorf("line %d out of range", val.Line)
	}
	line := lines[l]
	switch {
	case val.Kind == yaml.ScalarNode:
		start := val.Column - 1
		if strings.Contains(val.Value, "\n") || val.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0 {
			return 0, 0, "", fmt.Errorf("line %d: a multi-line value; edit by hand", val.Line)
		}
		end, err := scalarEnd(line, start, val.Style, false)
		if err != nil {
			return 0, 0, "", fmt.Errorf("line %d: %v", val.Line, err)
		}
		return l, l + 1, line[:start] + concScalar(values, val) + line[end:], nil
	case val.Kind == yaml.SequenceNode && val.Style&yaml.FlowStyle != 0:
		start := val.Column - 1
		end := flowEnd(line, start)
		if end < 0 {
			return 0, 0, "", fmt.Errorf("line %d: a list over several lines; edit by hand", val.Line)
		}
		return l, l + 1, line[:start] + flowList(line[start:end], values) + line[end:], nil
	case val.Kind == yaml.SequenceNode && len(val.Content) > 0:
		first, last := val.Content[0], val.Content[len(val.Content)-1]
		fl := first.Line - 1
		prefix := lines[fl][:max(first.Column-1, 0)] // indentation and "- "
		if strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(prefix), "-")) != "" {
			return 0, 0, "", fmt.Errorf("line %d: a list item this export cannot rewrite; edit by hand", first.Line)
		}
		var b strings.Builder
		for _, v := range values {
			b.WriteString(prefix + strconv.Itoa(v) + "\n")
		}
		return fl, last.Line, b.String(), nil
	}
	_ = key
	return 0, 0, "", fmt.Errorf("line %d: not a concurrency list", val.Line)
}

// concScalar spells values as the scalar val does: one number as it was
// (plain or quoted), several joined by "x" as srtctl splits them (a plain
// number becomes a quoted string then).
func concScalar(values []int, val *yaml.Node) string {
	parts := make([]string, len(values))
	for i, v := range values {
		parts[i] = strconv.Itoa(v)
	}
	s := strings.Join(parts, "x")
	switch {
	case val.Style&yaml.DoubleQuotedStyle != 0:
		return strconv.Quote(s)
	case val.Style&yaml.SingleQuotedStyle != 0:
		return "'" + s + "'"
	case val.Tag == "!!int" && len(values) > 1:
		return strconv.Quote(s)
	}
	return s
}

// flowList writes values in the spacing of the flow list old ("[ 4, 8 ]",
// "[4, 8]", "[4,8]").
func flowList(old string, values []int) string {
	inner := strings.TrimSuffix(strings.TrimPrefix(old, "["), "]")
	lead, trail := "", ""
	if strings.HasPrefix(inner, " ") {
		lead = " "
	}
	if strings.HasSuffix(inner, " ") && strings.TrimSpace(inner) != "" {
		trail = " "
	}
	sep := ", "
	if strings.Contains(inner, ",") && !strings.Contains(inner, ", ") {
		sep = ","
	}
	parts := make([]string, len(values))
	for i, v := range values {
		parts[i] = strconv.Itoa(v)
	}
	return "[" + lead + strings.Join(parts, sep) + trail + "]"
}

// SetConcList rewrites the value at path of a YAML text to values.
func SetConcList(text string, path []string, values []int) (string, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(text), &doc); err != nil || len(doc.Content) == 0 {
		return "", fmt.Errorf("not valid YAML")
	}
	n := doc.Content[0]
	var key *yaml.Node
	for _, k := range path {
		if n == nil || n.Kind != yaml.MappingNode {
			return "", fmt.Errorf("no %s", strings.Join(path, "."))
		}
		key = MapKey(n, k)
		n = MapValue(n, k)
	}
	if n == nil {
		return "", fmt.Errorf("no %s", strings.Join(path, "."))
	}
	if n.Kind == yaml.AliasNode || n.Anchor != "" {
		return "", fmt.Errorf("%s (line %d) is shared through a YAML anchor; edit by hand", strings.Join(path, "."), n.Line)
	}
	ed := NewLineEditor(text)
	from, to, repl, err := ConcValueLines(ed.Lines, key, n, values)
	if err != nil {
		return "", fmt.Errorf("%s: %v", strings.Join(path, "."), err)
	}
	ed.Delete(from, to)
	ed.Insert(from, repl)
	return ed.Apply(), nil
}
