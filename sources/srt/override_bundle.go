package srt

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/sweeptune/sweeptune/sources/reading"
)

// Bundle text edits: remove override blocks (with their comment) and insert
// new ones between the existing overrides, ordered by shape and concurrency.

// TopBlock is one top-level key of a bundle and the lines it spans.
type TopBlock struct {
	Key        string
	Start, End int // lines [start, end), leading comment included
	keyLine    int
}

// TopBlocks lists the top-level keys of a YAML mapping file with their line ranges.
func TopBlocks(text string, lines []string) ([]TopBlock, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(text), &doc); err != nil {
		return nil, fmt.Errorf("not valid YAML: %s", reading.YAMLErr(err))
	}
	if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, fmt.Errorf("not a mapping at the top level")
	}
	top := doc.Content[0]
	var out []TopBlock
	for i := 0; i+1 < len(top.Content); i += 2 {
		kn := top.Content[i]
		l := kn.Line - 1
		if l < 0 || l >= len(lines) || kn.Column != 1 {
			return nil, fmt.Errorf("%s: top-level key not at the start of line %d", kn.Value, kn.Line)
		}
		out = append(out, TopBlock{Key: kn.Value, keyLine: l, Start: HeadComments(lines, l, 0), End: BlockEnd(lines, l, 0)})
	}
	return out, nil
}

// BundleIndent guesses the bundle's indentation step from base's first child.
func BundleIndent(lines []string, blocks []TopBlock) int {
	for _, b := range blocks {
		for i := b.keyLine + 1; i < b.End; i++ {
			if !IsBlank(lines[i]) && !strings.HasPrefix(strings.TrimSpace(lines[i]), "#") {
				if n := IndentOf(lines[i]); n > 0 && n <= 8 {
					return n
				}
				break
			}
		}
	}
	return 2
}

// NewOverride is one block to insert.
type NewOverride struct {
	Key   string
	Text  string
	Order [3]int // prefill workers, decode workers, concurrency
}

// EditBundle removes the keys in remove and inserts adds: a replaced key's
// block takes the old place, others go before the first surviving override
// that sorts after them, else after the last surviving override. blocks
// are text's top-level blocks when already known (nil: found here).
func EditBundle(text string, blocks []TopBlock, remove map[string]bool, adds []NewOverride, orderOf map[string][3]int) (string, error) {
	ed := NewLineEditor(text)
	if blocks == nil {
		var err error
		if blocks, err = TopBlocks(text, ed.Lines); err != nil {
			return "", err
		}
	}
	byKey := map[string]TopBlock{}
	var surviving []TopBlock
	for _, b := range blocks {
		byKey[b.Key] = b
		if !remove[b.Key] && IsOverrideKey(b.Key) {
			surviving = append(surviving, b)
		}
	}
	for _, a := range adds {
		if old, ok := byKey[a.Key]; ok && remove[a.Key] {
			ed.Insert(old.Start, a.Text+"\n")
			continue
		}
		placed := false
		for _, s := range surviving {
			if o, ok := orderOf[s.Key]; ok && Less3(a.Order, o) {
				ed.Insert(s.Start, a.Text+"\n")
				placed = true
				break
			}
		}
		if placed {
			continue
		}
		anchor := len(ed.Lines)
		if len(surviving) > 0 {
			anchor = surviving[len(surviving)-1].End
		} else if len(blocks) > 0 {
			anchor = blocks[len(blocks)-1].End
		}
		ed.Insert(anchor, "\n"+a.Text)
	}
	for _, b := range blocks {
		if remove[b.Key] {
			ed.deleteBlock(b.Start, b.End)
		}
	}
	return ed.Apply(), nil
}

// IsOverrideKey reports whether a top-level key is a bundle override.
func IsOverrideKey(k string) bool {
	return strings.HasPrefix(k, "override_") || strings.HasPrefix(k, "zip_override_")
}

// Less3 orders two triples lexically.
func Less3(a, b [3]int) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}
