package export

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/sweeptune/sweeptune/sources/reading"
)

// Bundle text edits: remove override blocks (with their comment) and insert
// new ones between the existing overrides, ordered by shape and concurrency.

type topBlock struct {
	key        string
	start, end int // lines [start, end), leading comment included
	keyLine    int
}

// topBlocks lists the top-level keys of a YAML mapping file with their line ranges.
func topBlocks(text string, lines []string) ([]topBlock, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(text), &doc); err != nil {
		return nil, fmt.Errorf("not valid YAML: %s", reading.YAMLErr(err))
	}
	if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, fmt.Errorf("not a mapping at the top level")
	}
	top := doc.Content[0]
	var out []topBlock
	for i := 0; i+1 < len(top.Content); i += 2 {
		kn := top.Content[i]
		l := kn.Line - 1
		if l < 0 || l >= len(lines) || kn.Column != 1 {
			return nil, fmt.Errorf("%s: top-level key not at the start of line %d", kn.Value, kn.Line)
		}
		out = append(out, topBlock{key: kn.Value, keyLine: l, start: headComments(lines, l, 0), end: blockEnd(lines, l, 0)})
	}
	return out, nil
}

// bundleIndent guesses the bundle's indentation step from base's first child.
func bundleIndent(lines []string, blocks []topBlock) int {
	for _, b := range blocks {
		for i := b.keyLine + 1; i < b.end; i++ {
			if !isBlank(lines[i]) && !strings.HasPrefix(strings.TrimSpace(lines[i]), "#") {
				if n := indentOf(lines[i]); n > 0 && n <= 8 {
					return n
				}
				break
			}
		}
	}
	return 2
}

// newOverride is one block to insert.
type newOverride struct {
	key   string
	text  string
	order [3]int // prefill workers, decode workers, concurrency
}

// editBundle removes the keys in remove and inserts adds: a replaced key's
// block takes the old place, others go before the first surviving override
// that sorts after them, else after the last surviving override. blocks
// are text's top-level blocks when already known (nil: found here).
func editBundle(text string, blocks []topBlock, remove map[string]bool, adds []newOverride, orderOf map[string][3]int) (string, error) {
	ed := newLineEditor(text)
	if blocks == nil {
		var err error
		if blocks, err = topBlocks(text, ed.lines); err != nil {
			return "", err
		}
	}
	byKey := map[string]topBlock{}
	var surviving []topBlock
	for _, b := range blocks {
		byKey[b.key] = b
		if !remove[b.key] && isOverrideKey(b.key) {
			surviving = append(surviving, b)
		}
	}
	for _, a := range adds {
		if old, ok := byKey[a.key]; ok && remove[a.key] {
			ed.insert(old.start, a.text+"\n")
			continue
		}
		placed := false
		for _, s := range surviving {
			if o, ok := orderOf[s.key]; ok && less3(a.order, o) {
				ed.insert(s.start, a.text+"\n")
				placed = true
				break
			}
		}
		if placed {
			continue
		}
		anchor := len(ed.lines)
		if len(surviving) > 0 {
			anchor = surviving[len(surviving)-1].end
		} else if len(blocks) > 0 {
			anchor = blocks[len(blocks)-1].end
		}
		ed.insert(anchor, "\n"+a.text)
	}
	for _, b := range blocks {
		if remove[b.key] {
			ed.deleteBlock(b.start, b.end)
		}
	}
	return ed.apply(), nil
}

func isOverrideKey(k string) bool {
	return strings.HasPrefix(k, "override_") || strings.HasPrefix(k, "zip_override_")
}

func less3(a, b [3]int) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}
