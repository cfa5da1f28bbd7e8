package srt

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/sweeptune/sweeptune/sources/reading"
)

// InferenceX master config (nvidia-master.yaml): config keys mapping to
// entries whose scenarios hold search-space rows. The rows select recipes
// with srt-recipe: or CONFIG_FILE=<file>:<override> settings.

// MasterConfig is a parsed master config, entries in file order.
type MasterConfig struct {
	Entries []*MasterEntry
}

// Entry returns the entry of a config key, or nil.
func (m *MasterConfig) Entry(key string) *MasterEntry {
	for _, e := range m.Entries {
		if e.Key == key {
			return e
		}
	}
	return nil
}

// MasterEntry is one config key.
type MasterEntry struct {
	Key       string
	Line      int
	Image     string
	Model     string
	Framework string
	Precision string
	Runner    string
	Multinode bool
	Disagg    bool
	// Newer fields: srt-recipe-dir (the directory the rows' srt-recipe
	// paths are under), eval-srt-recipe (the recipe of the entry's eval
	// runs: no serving point) and power (the entry measures power).
	SrtRecipeDir  string
	EvalSrtRecipe string
	Power         bool
	Scenarios     []*MasterScenario
}

// MasterScenario is one element of scenarios.<name>: a list of blocks, each
// with a search-space.
type MasterScenario struct {
	Name  string
	Rows  []*MasterRow
	Space *yaml.Node // the search-space sequence the rows belong to
}

// MasterRole is prefill/decode (or worker) of a row.
type MasterRole struct {
	NumWorker int      `yaml:"num-worker"`
	TP        int      `yaml:"tp"`
	EP        int      `yaml:"ep"`
	DPAttn    bool     `yaml:"dp-attn"`
	Settings  []string `yaml:"additional-settings"`
}

// MasterRow is one search-space row.
type MasterRow struct {
	Line         int
	ConcList     []int       `yaml:"conc-list"`
	SpecDecoding string      `yaml:"spec-decoding"`
	KVOffloading string      `yaml:"kv-offloading"`
	SrtRecipe    string      `yaml:"srt-recipe"`
	SrtRecipeDir string      `yaml:"srt-recipe-dir"`  // the row's own, else its entry's
	EvalRecipe   string      `yaml:"eval-srt-recipe"` // an eval run's recipe: no serving point
	TP           int         `yaml:"tp"`
	EP           int         `yaml:"ep"`
	Prefill      *MasterRole `yaml:"prefill"`
	Decode       *MasterRole `yaml:"decode"`
	Worker       *MasterRole `yaml:"worker"`
	Node         *yaml.Node  `yaml:"-"`
}

// Selector is the recipe a row selects: the file and the override ("" for
// a whole recipe). It reads srt-recipe first, then CONFIG_FILE= settings.
func (r *MasterRow) Selector() (file, override string) {
	sel := r.SrtRecipe
	if sel == "" {
		for _, role := range []*MasterRole{r.Prefill, r.Decode, r.Worker} {
			if role == nil {
				continue
			}
			for _, s := range role.Settings {
				if v, ok := strings.CutPrefix(s, "CONFIG_FILE="); ok {
					sel = v
				}
			}
		}
	}
	file = sel
	if i := strings.LastIndex(sel, ":"); i >= 0 && strings.Contains(sel[i:], "override_") {
		file, override = sel[:i], sel[i+1:]
	}
	if d := strings.TrimRight(r.SrtRecipeDir, "/"); d != "" && file != "" && !strings.HasPrefix(file, "/") && !strings.HasPrefix(file, d+"/") {
		file = d + "/" + file
	}
	return file, override
}

// ParseMaster reads a master config. Bad rows or entries are warnings; a
// file that is not a master config at all is an error.
func ParseMaster(path string, data []byte) (*MasterConfig, []reading.Warning, error) {
	top, dups, err := reading.LoadYAML(data, reading.YAMLTyped)
	warns := reading.DupWarnings(path, dups)
	if err != nil {
		return nil, warns, err
	}
	if top == nil || top.Kind != yaml.MappingNode {
		return nil, warns, fmt.Errorf("not a mapping of config keys")
	}
	mc := &MasterConfig{}
	for i := 0; i+1 < len(top.Content); i += 2 {
		key, v := top.Content[i].Value, top.Content[i+1]
		e, w := masterEntry(path, key, v)
		warns = append(warns, w...)
		if e != nil {
			e.Line = top.Content[i].Line
			mc.Entries = append(mc.Entries, e)
		}
	}
	return mc, warns, nil
}

func masterEntry(path, key string, v *yaml.Node) (*MasterEntry, []reading.Warning) {
	if v.Kind != yaml.MappingNode {
		return nil, []reading.Warning{{File: path, Field: key, Msg: "not a mapping"}}
	}
	var hdr struct {
		Image     string `yaml:"image"`
		Model     string `yaml:"model"`
		Framework string `yaml:"framework"`
		Precision string `yaml:"precision"`
		Runner    string `yaml:"runner"`
		Multinode bool   `yaml:"multinode"`
		Disagg    bool   `yaml:"disagg"`
		RecipeDir string `yaml:"srt-recipe-dir"`
		Eval      string `yaml:"eval-srt-recipe"`
	}
	var warns []reading.Warning
	e := &MasterEntry{Key: key}
	for i := 0; i+1 < len(v.Content); i += 2 {
		k, val := v.Content[i].Value, v.Content[i+1]
		switch k {
		case "power":
			e.Power = val.Kind != yaml.ScalarNode || (val.Value != "false" && val.Value != "" && val.Value != "null")
		case "image", "model", "framework", "precision", "runner", "multinode", "disagg", "srt-recipe-dir", "eval-srt-recipe":
			one := &yaml.Node{Kind: yaml.MappingNode, Content: []*yaml.Node{v.Content[i], val}}
			if err := one.Decode(&hdr); err != nil {
				warns = append(warns, reading.Warning{File: path, Field: key + "." + k, Msg: reading.YAMLErr(err)})
			}
		case "scenarios":
			e.Scenarios, warns = masterScenarios(path, key, val, warns)
		}
	}
	e.Image, e.Model, e.Framework, e.Precision, e.Runner = hdr.Image, hdr.Model, hdr.Framework, hdr.Precision, hdr.Runner
	e.Multinode, e.Disagg = hdr.Multinode, hdr.Disagg
	e.SrtRecipeDir, e.EvalSrtRecipe = hdr.RecipeDir, hdr.Eval
	for _, sc := range e.Scenarios {
		for _, row := range sc.Rows {
			if row.SrtRecipeDir == "" {
				row.SrtRecipeDir = e.SrtRecipeDir
			}
		}
	}
	return e, warns
}

func masterScenarios(path, key string, n *yaml.Node, warns []reading.Warning) ([]*MasterScenario, []reading.Warning) {
	if n.Kind != yaml.MappingNode {
		return nil, append(warns, reading.Warning{File: path, Field: key + ".scenarios", Msg: "not a mapping"})
	}
	var out []*MasterScenario
	for i := 0; i+1 < len(n.Content); i += 2 {
		name, blocks := n.Content[i].Value, n.Content[i+1]
		field := key + ".scenarios." + name
		if blocks.Kind != yaml.SequenceNode {
			warns = append(warns, reading.Warning{File: path, Field: field, Msg: "not a list"})
			continue
		}
		for bi, b := range blocks.Content {
			space := MapValue(b, "search-space")
			if space == nil {
				continue
			}
			sf := fmt.Sprintf("%s[%d].search-space", field, bi)
			if space.Kind != yaml.SequenceNode {
				warns = append(warns, reading.Warning{File: path, Field: sf, Msg: "not a list"})
				continue
			}
			sc := &MasterScenario{Name: name, Space: space}
			for ri, rn := range space.Content {
				row := &MasterRow{}
				if err := rn.Decode(row); err != nil {
					warns = append(warns, reading.Warning{File: path, Field: fmt.Sprintf("%s[%d] (line %d)", sf, ri, rn.Line), Msg: reading.YAMLErr(err)})
					continue
				}
				row.Line, row.Node = rn.Line, rn
				sc.Rows = append(sc.Rows, row)
			}
			out = append(out, sc)
		}
	}
	return out, warns
}

// MapValue returns the value node of key in a mapping node, or nil.
func MapValue(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

// MapKey returns the key node of key in a mapping node, or nil.
func MapKey(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i]
		}
	}
	return nil
}
