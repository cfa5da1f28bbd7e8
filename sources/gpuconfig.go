package sources

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"

	"github.com/sweeptune/sweeptune/model"
	"go.yaml.in/yaml/v3"
)

// The user's GPU config overrides the built-in power and cost table
// (model.DefaultGPUSpecs) per hardware:
//
//	# ~/.config/sweeptune/gpus.yaml
//	gb300: {power-kw: 2.1, cost-per-hour: 2.652}
//	h100:  {cost-per-hour: 1.9}
//
// A field left out keeps the built-in number.

// GPUConfigName is the config file's name inside the user config directory.
const GPUConfigName = "gpus.yaml"

// DefaultGPUConfigPath is $XDG_CONFIG_HOME/sweeptune/gpus.yaml (on Linux
// ~/.config/sweeptune/gpus.yaml; on macOS ~/Library/Application
// Support/sweeptune/gpus.yaml); "" when there is no user config directory.
func DefaultGPUConfigPath() string {
	dir, err := os.UserConfigDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "sweeptune", GPUConfigName)
}

// LoadGPUConfig applies the config file at path onto specs. A missing file
// is no error when optional (the default path); every bad entry is a
// warning naming the file and the field, and the good entries still apply.
func LoadGPUConfig(path string, optional bool, specs model.GPUSpecs) []Warning {
	if path == "" {
		return nil
	}
	data, err := ReadRegular(path)
	if err != nil {
		if optional && errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		return []Warning{{File: path, Msg: fmt.Sprintf("cannot read: %v", unwrapPathErr(err))}}
	}
	return ParseGPUConfig(path, data, specs)
}

// ParseGPUConfig reads a GPU config's entries onto specs.
func ParseGPUConfig(path string, data []byte, specs model.GPUSpecs) []Warning {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return []Warning{{File: path, Msg: "not valid YAML: " + yamlErr(err)}}
	}
	if len(doc.Content) == 0 {
		return nil
	}
	top := doc.Content[0]
	if top.Kind != yaml.MappingNode {
		return []Warning{{File: path, Msg: "want a mapping of hardware to {power-kw, cost-per-hour}"}}
	}
	var warns []Warning
	for i := 0; i+1 < len(top.Content); i += 2 {
		hw, entry := top.Content[i].Value, top.Content[i+1]
		if hw == "" || top.Content[i].Kind != yaml.ScalarNode {
			warns = append(warns, Warning{File: path, Field: fmt.Sprintf("line %d", top.Content[i].Line), Msg: "want a hardware name"})
			continue
		}
		if entry.Kind != yaml.MappingNode {
			warns = append(warns, Warning{File: path, Field: hw, Msg: "want {power-kw: KW, cost-per-hour: USD}"})
			continue
		}
		for j := 0; j+1 < len(entry.Content); j += 2 {
			key, val := entry.Content[j].Value, entry.Content[j+1]
			var v float64
			if val.Kind != yaml.ScalarNode || val.Decode(&v) != nil || !(v > 0) || math.IsInf(v, 0) {
				warns = append(warns, Warning{File: path, Field: hw + "." + key, Msg: fmt.Sprintf("want a positive number, got %q", val.Value)})
				continue
			}
			switch key {
			case "power-kw":
				specs.SetPower(hw, v)
			case "cost-per-hour":
				specs.SetCost(hw, v)
			default:
				warns = append(warns, Warning{File: path, Field: hw + "." + key, Msg: "unknown field (want power-kw or cost-per-hour)"})
			}
		}
	}
	return warns
}
