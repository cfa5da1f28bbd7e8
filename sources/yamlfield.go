package sources

import (
	"fmt"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/sweeptune/sweeptune/internal/lazyre"
)

// yaml.v3 reports a value of the wrong type by line only ("line 11: cannot
// unmarshal !!str `nope` into float64"); typeErrField names the field too.

var yamlTypeErrRe = lazyre.New("^line (\\d+): cannot unmarshal !!(\\w+) `([^`]*)` into (.+)$")

// typeErrField turns the first type error decoding n into the dotted field
// at fault (under prefix) and what is wrong; ok is false for other errors.
func typeErrField(n *yaml.Node, err error, prefix string) (field, msg string, ok bool) {
	te, isType := err.(*yaml.TypeError)
	if !isType || len(te.Errors) == 0 {
		return "", "", false
	}
	m := yamlTypeErrRe.FindStringSubmatch(te.Errors[0])
	if m == nil {
		return "", "", false
	}
	line, _ := strconv.Atoi(m[1])
	path := keyAtLine(n, line, m[3], nil)
	if path == nil {
		return "", "", false
	}
	field = strings.Join(append([]string{prefix}, path...), ".")
	field = strings.TrimPrefix(field, ".") + fmt.Sprintf(" (line %d)", line)
	return field, fmt.Sprintf("want %s, got %q", goTypeWords(m[4]), m[3]), true
}

// keyAtLine is the key path of the scalar value on line that reads text.
func keyAtLine(n *yaml.Node, line int, text string, path []string) []string {
	switch n.Kind {
	case yaml.DocumentNode:
		for _, c := range n.Content {
			if p := keyAtLine(c, line, text, path); p != nil {
				return p
			}
		}
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			sub := append(append([]string(nil), path...), k.Value)
			if v.Kind == yaml.ScalarNode && v.Line == line && v.Value == text {
				return sub
			}
			if p := keyAtLine(v, line, text, sub); p != nil {
				return p
			}
		}
	case yaml.SequenceNode:
		for i, v := range n.Content {
			sub := append(append([]string(nil), path...), fmt.Sprintf("[%d]", i))
			if v.Kind == yaml.ScalarNode && v.Line == line && v.Value == text {
				return sub
			}
			if p := keyAtLine(v, line, text, sub); p != nil {
				return p
			}
		}
	}
	return nil
}

func goTypeWords(t string) string {
	switch {
	case strings.HasPrefix(t, "float"):
		return "a number"
	case strings.HasPrefix(t, "int"), strings.HasPrefix(t, "uint"):
		return "a whole number"
	case t == "bool":
		return "true or false"
	case t == "string":
		return "a string"
	case strings.HasPrefix(t, "map"), strings.HasPrefix(t, "sources."):
		return "a mapping"
	case strings.HasPrefix(t, "[]"):
		return "a list"
	}
	return t
}
