package srt

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/sweeptune/sweeptune/sources/reading"
)

// TextPatch sets values in a YAML file's text at the places its nodes
// say: a scalar keeps its quoting style and the comment after it, a list
// becomes a flow list on its key's line, a missing key is added at the end
// of its block mapping in the file's indentation. Every other byte stays.
type TextPatch struct {
	lines   []string
	root    *yaml.Node
	ind     int
	spans   map[int][]span            // line → replacements within it
	deleted map[int]bool              // lines dropped
	pending map[*yaml.Node]*deltaNode // keys to add under an existing mapping
	order   []*yaml.Node
}

type span struct {
	from, to int // byte offsets in the line
	text     string
}

// NewTextPatch parses text to edit its values in place, keeping every
// other byte (comments, order, style) as it was.
func NewTextPatch(text string) (*TextPatch, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(text), &doc); err != nil {
		return nil, fmt.Errorf("not valid YAML: %s", reading.YAMLErr(err))
	}
	if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode || doc.Content[0].Style&yaml.FlowStyle != 0 {
		return nil, fmt.Errorf("not a block mapping at the top level")
	}
	p := &TextPatch{lines: SplitLines(text), root: doc.Content[0], spans: map[int][]span{}, deleted: map[int]bool{},
		pending: map[*yaml.Node]*deltaNode{}}
	if n := len(p.lines); n > 0 && !strings.HasSuffix(p.lines[n-1], "\n") {
		p.lines[n-1] += "\n"
	}
	p.ind = indentStep(p.root)
	return p, nil
}

// indentStep is the file's indentation: the first nested block mapping's
// offset from its parent's keys (2 when there is none).
func indentStep(n *yaml.Node) int {
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if v.Kind == yaml.MappingNode && v.Style&yaml.FlowStyle == 0 && len(v.Content) > 0 {
			if d := v.Content[0].Column - k.Column; d > 0 && d <= 8 {
				return d
			}
		}
	}
	return 2
}

// Set puts v at path (keys from the top).
func (p *TextPatch) Set(path []string, v any) error {
	n := p.root
	for i, k := range path {
		if n.Kind != yaml.MappingNode {
			return fmt.Errorf("%s (line %d) is not a mapping", strings.Join(path[:i], "."), n.Line)
		}
		key, val := MapKey(n, k), MapValue(n, k)
		if val == nil {
			if n.Style&yaml.FlowStyle != 0 {
				return fmt.Errorf("cannot add %s to the one-line mapping at line %d; edit by hand", strings.Join(path, "."), n.Line)
			}
			t, ok := p.pending[n]
			if !ok {
				t = &deltaNode{}
				p.pending[n] = t
				p.order = append(p.order, n)
			}
			t.set(path[i:], v)
			return nil
		}
		if val.Kind == yaml.AliasNode || val.Anchor != "" {
			return fmt.Errorf("%s (line %d) is shared through a YAML anchor; edit by hand", strings.Join(path[:i+1], "."), val.Line)
		}
		if i == len(path)-1 {
			return p.replace(key, val, v, n.Style&yaml.FlowStyle != 0, strings.Join(path, "."))
		}
		n = val
	}
	return nil
}

// replace writes v over the value node val of key.
func (p *TextPatch) replace(key, val *yaml.Node, v any, inFlow bool, at string) error {
	switch val.Kind {
	case yaml.ScalarNode:
		l, from := val.Line-1, val.Column-1
		if l >= len(p.lines) || from > len(p.lines[l]) || strings.Contains(val.Value, "\n") ||
			val.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0 {
			return fmt.Errorf("%s (line %d): a multi-line value; edit by hand", at, val.Line)
		}
		to, err := scalarEnd(p.lines[l], from, val.Style, inFlow)
		if err != nil {
			return fmt.Errorf("%s (line %d): %v", at, val.Line, err)
		}
		p.spans[l] = append(p.spans[l], span{from, to, styled(v, val.Style)})
		return nil
	case yaml.SequenceNode:
		text := YAMLValue(v)
		if val.Style&yaml.FlowStyle != 0 {
			l, from := val.Line-1, val.Column-1
			to := flowEnd(p.lines[l], from)
			if to < 0 {
				return fmt.Errorf("%s (line %d): a list over several lines; edit by hand", at, val.Line)
			}
			p.spans[l] = append(p.spans[l], span{from, to, text})
			return nil
		}
		kl := key.Line - 1
		line := strings.TrimRight(p.lines[kl], "\r\n")
		colon := key.Column - 1 + len(key.Value)
		if colon >= len(line) || line[colon] != ':' {
			return fmt.Errorf("%s (line %d): a quoted or complex key; edit by hand", at, key.Line)
		}
		p.spans[kl] = append(p.spans[kl], span{colon + 1, len(line), " " + text})
		for _, item := range val.Content {
			if item.Kind != yaml.ScalarNode {
				return fmt.Errorf("%s (line %d): a list of lists or maps; edit by hand", at, item.Line)
			}
			p.deleted[item.Line-1] = true
		}
		return nil
	}
	return fmt.Errorf("%s (line %d) is a mapping, not a value", at, val.Line)
}

// scalarEnd is the byte offset after a scalar that starts at from.
func scalarEnd(line string, from int, style yaml.Style, inFlow bool) (int, error) {
	line = strings.TrimRight(line, "\r\n")
	switch {
	case style&yaml.DoubleQuotedStyle != 0:
		for i := from + 1; i < len(line); i++ {
			switch line[i] {
			case '\\':
				i++
			case '"':
				return i + 1, nil
			}
		}
		return 0, fmt.Errorf("unterminated string")
	case style&yaml.SingleQuotedStyle != 0:
		for i := from + 1; i < len(line); i++ {
			if line[i] == '\'' {
				if i+1 < len(line) && line[i+1] == '\'' {
					i++
					continue
				}
				return i + 1, nil
			}
		}
		return 0, fmt.Errorf("unterminated string")
	}
	end := len(line)
	if i := strings.Index(line[from:], " #"); i >= 0 {
		end = from + i
	}
	if inFlow {
		if i := strings.IndexAny(line[from:end], ",}]"); i >= 0 {
			end = from + i
		}
	}
	return from + len(strings.TrimRight(line[from:end], " \t")), nil
}

// flowEnd is the offset after the flow collection opening at from, or -1
// when it does not close on this line.
func flowEnd(line string, from int) int {
	depth := 0
	for i := from; i < len(line); i++ {
		switch c := line[i]; c {
		case '[', '{':
			depth++
		case ']', '}':
			if depth--; depth == 0 {
				return i + 1
			}
		case '"', '\'':
			end, err := scalarEnd(line, i, map[byte]yaml.Style{'"': yaml.DoubleQuotedStyle, '\'': yaml.SingleQuotedStyle}[c], true)
			if err != nil {
				return -1
			}
			i = end - 1
		}
	}
	return -1
}

// styled writes v as the old scalar was written: quoted stays quoted.
func styled(v any, old yaml.Style) string {
	s := fmt.Sprint(v)
	if q, ok := v.(Quoted); ok {
		s = string(q)
	}
	switch {
	case old&yaml.DoubleQuotedStyle != 0:
		return strconv.Quote(s)
	case old&yaml.SingleQuotedStyle != 0:
		return "'" + strings.ReplaceAll(s, "'", "''") + "'"
	}
	if str, ok := v.(string); ok && plainSafe(str) {
		return str // an image name stays as plain as the one it replaces
	}
	return YAMLValue(v)
}

// plainSafe: s reads back as the same string when written without quotes.
func plainSafe(s string) bool {
	if s == "" || yamlScalar(s) == s {
		return yamlScalar(s) == s
	}
	if _, err := strconv.ParseFloat(s, 64); err == nil {
		return false
	}
	return !strings.ContainsAny(s, "#{}[],&*!|>'\"%`\\ \t") && !strings.Contains(s, ": ") &&
		!strings.HasSuffix(s, ":") && !strings.ContainsAny(s[:1], "-?:@")
}

// Result is the patched text.
func (p *TextPatch) Result() string {
	ins := map[int][]string{}
	for _, n := range p.order {
		at, col := p.insertionPoint(n)
		ins[at] = append(ins[at], p.pending[n].yamlLines(col, p.ind)...)
	}
	var b strings.Builder
	for i := 0; i <= len(p.lines); i++ {
		for _, l := range ins[i] {
			b.WriteString(l)
		}
		if i == len(p.lines) || p.deleted[i] {
			continue
		}
		line := p.lines[i]
		spans := p.spans[i]
		sort.Slice(spans, func(a, c int) bool { return spans[a].from > spans[c].from })
		for _, s := range spans {
			line = line[:s.from] + s.text + line[s.to:]
		}
		b.WriteString(line)
	}
	return b.String()
}

// insertionPoint is where keys added to mapping n go: after its last
// entry's block, at its keys' column.
func (p *TextPatch) insertionPoint(n *yaml.Node) (int, int) {
	if len(n.Content) < 2 {
		return len(p.lines), 0
	}
	last := n.Content[len(n.Content)-2]
	col := n.Content[0].Column - 1
	return BlockEnd(p.lines, last.Line-1, last.Column-1), col
}
