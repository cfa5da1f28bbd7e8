package srt

import (
	"fmt"

	"go.yaml.in/yaml/v3"

	"github.com/sweeptune/sweeptune/sources/reading"
)

// perf-changelog.yaml: a top-level list of entries. InferenceX validates it
// strictly (unknown keys are rejected), so the reader does too: export must
// never produce a file that CI would refuse.

// ChangelogEntry is one entry of perf-changelog.yaml.
type ChangelogEntry struct {
	Line         int      // line of the entry's "- " in the file
	ConfigKeys   []string // globs allowed
	ScenarioType []string
	Description  []string
	PRLink       string
	AppendOnly   bool
	EvalsOnly    bool
	AllEvals     bool
}

var changelogKeys = map[string]bool{
	"config-keys": true, "description": true, "pr-link": true, "scenario-type": true,
	"append-only": true, "evals-only": true, "all-evals": true,
}

// ParseChangelog reads every entry; each problem is a warning naming the
// entry and the field. Entries with problems are left out.
func ParseChangelog(path string, data []byte) ([]ChangelogEntry, []reading.Warning) {
	seq, dups, err := reading.LoadYAML(data, reading.YAMLTyped)
	warns := reading.DupWarnings(path, dups)
	if err != nil {
		return nil, append(warns, reading.Warning{File: path, Msg: err.Error()})
	}
	if seq == nil {
		return nil, warns
	}
	if seq.Kind != yaml.SequenceNode {
		return nil, append(warns, reading.Warning{File: path, Msg: "not a list of changelog entries"})
	}
	var out []ChangelogEntry
	for i, n := range seq.Content {
		e, field, err := changelogEntry(n)
		if err != nil {
			warns = append(warns, reading.Warning{File: path, Field: fmt.Sprintf("entry %d (line %d)%s", i+1, n.Line, field), Msg: err.Error()})
			continue
		}
		out = append(out, e)
	}
	return out, warns
}

func changelogEntry(n *yaml.Node) (ChangelogEntry, string, error) {
	e := ChangelogEntry{Line: n.Line}
	if n.Kind != yaml.MappingNode {
		return e, "", fmt.Errorf("not a mapping")
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i].Value, n.Content[i+1]
		field := "." + k
		if !changelogKeys[k] {
			return e, field, fmt.Errorf("unknown key (InferenceX rejects it)")
		}
		var err error
		switch k {
		case "config-keys":
			err = v.Decode(&e.ConfigKeys)
		case "scenario-type":
			err = v.Decode(&e.ScenarioType)
		case "description":
			err = v.Decode(&e.Description)
		case "pr-link":
			err = v.Decode(&e.PRLink)
		case "append-only":
			err = v.Decode(&e.AppendOnly)
		case "evals-only":
			err = v.Decode(&e.EvalsOnly)
		case "all-evals":
			err = v.Decode(&e.AllEvals)
		}
		if err != nil {
			return e, field, fmt.Errorf("%s", reading.YAMLErr(err))
		}
	}
	switch {
	case len(e.ConfigKeys) == 0:
		return e, ".config-keys", fmt.Errorf("missing or empty")
	case len(e.Description) == 0:
		return e, ".description", fmt.Errorf("missing or empty")
	case e.PRLink == "":
		return e, ".pr-link", fmt.Errorf("missing")
	}
	return e, "", nil
}
