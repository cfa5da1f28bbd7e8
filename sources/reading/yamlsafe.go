package reading

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Bounded YAML. yaml.v3 checks duplicate mapping keys pair by pair (O(n²)
// in the keys of one mapping, with one error string per pair) and expands
// aliases without limit when decoding; a 40 KB file can cost gigabytes.
// Every YAML reader goes through LoadYAML: a cheap size estimate before
// parsing, then one pass that removes duplicate keys (the last value wins,
// as srtctl's PyYAML does; each is reported) and prices aliases.

const (
	// yamlMaxTokens bounds the structural characters (newlines, ':', '-',
	// ',', '[', '{') a document may hold; each YAML value needs about one.
	// The largest real file (InferenceX nvidia-master.yaml) has ~34,000;
	// yaml.v3 parses about 300,000 values a second on a busy machine.
	yamlMaxTokens = 300_000
	// yamlMaxValues bounds the values a document expands to, aliases
	// counted each time they are used.
	yamlMaxValues = 1_000_000
	// ResolveBudget bounds the values a recipe's variants copy when they
	// are resolved (variants × the size of what each copies).
	ResolveBudget = 5_000_000
	// yamlMaxPairChecks bounds what yaml.v3's typed decoding costs: it
	// compares every pair of keys of every mapping it decodes.
	yamlMaxPairChecks = 20_000_000
)

// Dup is one duplicate mapping key: where it is and where it was first.
type Dup struct {
	Path      string // dotted key path ("backend.sglang_config.decode.tp-size")
	Line      int    // line of the value that is kept (the last)
	FirstLine int    // line of the first occurrence
}

// field names the key and line for a warning.
func (d Dup) field() string { return fmt.Sprintf("%s (line %d)", d.Path, d.Line) }

func (d Dup) message() string {
	return fmt.Sprintf("key repeated (first at line %d); the last value is used, as srtctl does", d.FirstLine)
}

// warning turns a duplicate into a Warning of file.
func (d Dup) warning(file string) Warning {
	return Warning{File: file, Field: d.field(), Msg: d.message()}
}

func DupWarnings(file string, dups []Dup) []Warning {
	out := make([]Warning, len(dups))
	for i, d := range dups {
		out[i] = d.warning(file)
	}
	return out
}

// Use says how the parsed tree will be decoded.
type Use int

const (
	// YAMLPlain: the tree is converted with YAMLValue (linear).
	YAMLPlain Use = iota
	// YAMLTyped: parts of the tree go through yaml.v3's Decode, whose cost
	// grows with the square of a mapping's keys.
	YAMLTyped
)

// LoadYAML parses data into its document's root node (nil for an empty
// document), with duplicate keys removed (reported in dups) and the cost
// of decoding it bounded. A document too large or too aliased to decode
// within bounds is an error.
func LoadYAML(data []byte, use Use) (*yaml.Node, []Dup, error) {
	if n := yamlTokens(data); n > yamlMaxTokens {
		return nil, nil, fmt.Errorf("too large to read: about %d YAML values (the limit is %d)", n, yamlMaxTokens)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, nil, fmt.Errorf("not valid YAML: %s", YAMLErr(err))
	}
	if len(doc.Content) == 0 {
		return nil, nil, nil
	}
	root := doc.Content[0]
	var dups []Dup
	dedupeKeys(root, &keyPath{}, &dups)
	c := yamlCost{memo: map[*yaml.Node]costOf{}, open: map[*yaml.Node]bool{}}
	cost := c.of(root)
	switch {
	case c.cyclic:
		return nil, dups, fmt.Errorf("an alias refers to the value that contains it")
	case cost.values > yamlMaxValues:
		return nil, dups, fmt.Errorf("aliases expand to more than %d values", yamlMaxValues)
	case use == YAMLTyped && cost.pairs > yamlMaxPairChecks:
		return nil, dups, fmt.Errorf("mappings too large to decode (%d keys at line %d)", c.widest, c.widestLine)
	}
	return root, dups, nil
}

// yamlTokens counts the characters that open a YAML value or separate two.
func yamlTokens(data []byte) int {
	n := 0
	for _, c := range []byte("\n:-,[{") {
		n += bytes.Count(data, []byte{c})
	}
	return n
}

// CountValues counts the values of a decoded tree, stopping past limit.
func CountValues(v any, limit int) int {
	n := 1
	switch t := v.(type) {
	case map[string]any:
		for _, x := range t {
			if n > limit {
				break
			}
			n += CountValues(x, limit-n)
		}
	case []any:
		for _, x := range t {
			if n > limit {
				break
			}
			n += CountValues(x, limit-n)
		}
	}
	return n
}

// dedupeKeys removes every earlier occurrence of a repeated mapping key,
// in place, walking the tree once (aliases are not followed: their anchor
// is cleaned where it is defined).
func dedupeKeys(n *yaml.Node, path *keyPath, dups *[]Dup) {
	switch n.Kind {
	case yaml.MappingNode:
		dedupeMapping(n, path, dups)
		for i := 0; i+1 < len(n.Content); i += 2 {
			*path = append(*path, keySeg{key: n.Content[i].Value, index: -1})
			dedupeKeys(n.Content[i+1], path, dups)
			*path = (*path)[:len(*path)-1]
		}
	case yaml.SequenceNode, yaml.DocumentNode:
		for i, c := range n.Content {
			*path = append(*path, keySeg{index: i})
			dedupeKeys(c, path, dups)
			*path = (*path)[:len(*path)-1]
		}
	}
}

// keyPath is where the walk is: one segment a level, pushed and popped,
// spelled out only for a repeated key.
type keyPath []keySeg

// keySeg is a mapping key, or an item's index (index >= 0).
type keySeg struct {
	key   string
	index int
}

// segments are the path's keys and "[i]" items, outermost first.
func (p keyPath) segments() []string {
	out := make([]string, len(p))
	for i, s := range p {
		if s.index >= 0 {
			out[i] = fmt.Sprintf("[%d]", s.index)
		} else {
			out[i] = s.key
		}
	}
	return out
}

func dedupeMapping(n *yaml.Node, path *keyPath, dups *[]Dup) {
	pairs := len(n.Content) / 2
	if pairs < 2 || (pairs <= 16 && !smallHasDup(n.Content)) {
		return
	}
	type keyID struct {
		kind  yaml.Kind
		value string
	}
	last := make(map[keyID]int, pairs) // key → index of its last pair
	firstLine := map[keyID]int{}       // repeated key → line of its first occurrence
	for i := 0; i < pairs; i++ {
		k := n.Content[2*i]
		id := keyID{k.Kind, k.Value}
		if j, ok := last[id]; ok {
			if _, seen := firstLine[id]; !seen {
				firstLine[id] = n.Content[2*j].Line
			}
		}
		last[id] = i
	}
	if len(firstLine) == 0 {
		return
	}
	kept := n.Content[:0]
	for i := 0; i < pairs; i++ {
		k, v := n.Content[2*i], n.Content[2*i+1]
		id := keyID{k.Kind, k.Value}
		if last[id] != i {
			continue
		}
		if line, ok := firstLine[id]; ok {
			*dups = append(*dups, Dup{Path: dottedPath(append(path.segments(), k.Value)), Line: k.Line, FirstLine: line})
		}
		kept = append(kept, k, v)
	}
	clear(n.Content[len(kept):])
	n.Content = kept
}

// smallHasDup scans a short mapping's keys without allocating.
func smallHasDup(content []*yaml.Node) bool {
	for i := 0; i+1 < len(content); i += 2 {
		for j := i + 2; j+1 < len(content); j += 2 {
			if content[i].Kind == content[j].Kind && content[i].Value == content[j].Value {
				return true
			}
		}
	}
	return false
}

func dottedPath(path []string) string {
	return strings.ReplaceAll(strings.Join(path, "."), ".[", "[")
}

// costOf is what decoding one node costs: the values it expands to and the
// key pairs yaml.v3 compares. Both saturate instead of overflowing.
type costOf struct{ values, pairs int }

type yamlCost struct {
	memo               map[*yaml.Node]costOf // anchors already priced
	open               map[*yaml.Node]bool   // anchors being priced (a cycle when met again)
	cyclic             bool
	widest, widestLine int
}

const costCap = 1 << 40

func (c *yamlCost) of(n *yaml.Node) costOf {
	if n == nil {
		return costOf{}
	}
	if n.Kind == yaml.AliasNode {
		a := n.Alias
		if got, ok := c.memo[a]; ok {
			return got
		}
		if a == nil || c.open[a] {
			c.cyclic = true
			return costOf{values: costCap}
		}
		c.open[a] = true
		got := c.of(a)
		delete(c.open, a)
		c.memo[a] = got
		return got
	}
	out := costOf{values: 1}
	if n.Kind == yaml.MappingNode {
		k := len(n.Content) / 2
		out.pairs = k * k / 2
		if k > c.widest {
			c.widest, c.widestLine = k, n.Line
		}
	}
	if n.Anchor != "" {
		c.open[n] = true
		defer delete(c.open, n)
	}
	for _, ch := range n.Content {
		x := c.of(ch)
		out.values = min(out.values+x.values, costCap)
		out.pairs = min(out.pairs+x.pairs, costCap)
	}
	return out
}

// YAMLValue converts a node to plain Go values (map[string]any, []any,
// string, int, float64, bool, nil) in one pass: merge keys (<<) resolve as
// PyYAML does (the mapping's own keys win, then earlier merged maps), and
// aliases expand. LoadYAML has bounded the expansion.
func YAMLValue(n *yaml.Node) (any, error) {
	if n == nil {
		return nil, nil
	}
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return nil, nil
		}
		return YAMLValue(n.Content[0])
	case yaml.AliasNode:
		return YAMLValue(n.Alias)
	case yaml.SequenceNode:
		out := make([]any, len(n.Content))
		for i, c := range n.Content {
			v, err := YAMLValue(c)
			if err != nil {
				return nil, err
			}
			out[i] = v
		}
		return out, nil
	case yaml.MappingNode:
		return YAMLMapping(n)
	case yaml.ScalarNode:
		return scalarValue(n)
	}
	return nil, fmt.Errorf("line %d: unknown YAML node", n.Line)
}

func YAMLMapping(n *yaml.Node) (map[string]any, error) {
	out := make(map[string]any, len(n.Content)/2)
	var merges []*yaml.Node
	for i := 0; i+1 < len(n.Content); i += 2 {
		if k := n.Content[i]; k.Kind == yaml.ScalarNode && k.Value == "<<" && (k.Tag == "!!merge" || k.Tag == "") {
			merges = append(merges, n.Content[i+1])
		}
	}
	// Merged maps first, the earliest last so that it wins; then the own keys.
	for i := len(merges) - 1; i >= 0; i-- {
		if err := mergeInto(out, merges[i]); err != nil {
			return nil, err
		}
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind == yaml.ScalarNode && k.Value == "<<" && (k.Tag == "!!merge" || k.Tag == "") {
			continue
		}
		key, err := yamlKey(k)
		if err != nil {
			return nil, err
		}
		val, err := YAMLValue(v)
		if err != nil {
			return nil, err
		}
		out[key] = val
	}
	return out, nil
}

// mergeInto applies one merge value: a mapping (or an alias of one), or a
// list of them where the earlier entries win.
func mergeInto(out map[string]any, v *yaml.Node) error {
	for v.Kind == yaml.AliasNode {
		v = v.Alias
	}
	switch v.Kind {
	case yaml.MappingNode:
		m, err := YAMLMapping(v)
		if err != nil {
			return err
		}
		for k, x := range m {
			out[k] = x
		}
		return nil
	case yaml.SequenceNode:
		for i := len(v.Content) - 1; i >= 0; i-- {
			if err := mergeInto(out, v.Content[i]); err != nil {
				return err
			}
		}
		return nil
	}
	return fmt.Errorf("line %d: a merge (<<) takes a mapping or a list of mappings", v.Line)
}

func yamlKey(k *yaml.Node) (string, error) {
	for k.Kind == yaml.AliasNode {
		k = k.Alias
	}
	if k.Kind != yaml.ScalarNode {
		return "", fmt.Errorf("line %d: a mapping or list used as a key", k.Line)
	}
	return k.Value, nil
}

// scalarValue resolves a scalar as yaml.v3 does (YAML 1.2 core schema);
// the common plain forms are parsed here, the rest by yaml.v3.
func scalarValue(n *yaml.Node) (any, error) {
	switch n.ShortTag() {
	case "!!str", "!!binary", "!!timestamp":
		return n.Value, nil
	case "!!null":
		return nil, nil
	case "!!bool":
		switch n.Value {
		case "true", "True", "TRUE":
			return true, nil
		case "false", "False", "FALSE":
			return false, nil
		}
	case "!!int":
		if plainDecimal(n.Value) {
			if i, err := strconv.Atoi(n.Value); err == nil {
				return i, nil
			}
		}
	case "!!float":
		if f, err := strconv.ParseFloat(n.Value, 64); err == nil {
			return f, nil
		}
	}
	var v any
	if err := n.Decode(&v); err != nil {
		return nil, fmt.Errorf("line %d: %s", n.Line, YAMLErr(err))
	}
	return v, nil
}

// plainDecimal: digits without a leading zero (which YAML may read as
// octal), an optional minus sign.
func plainDecimal(s string) bool {
	s = strings.TrimPrefix(s, "-")
	if s == "0" {
		return true
	}
	if s == "" || s[0] == '0' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
