// Package demo embeds the points of DATA.md (tables A–D) so that sweeptune
// runs with no file at all.
package demo

import (
	"embed"
	"io/fs"
	"sort"

	"github.com/sweeptune/sweeptune/sources"
)

//go:embed *.yaml
var files embed.FS

// Files returns the demo's file names and contents in load order.
func Files() (names []string, data [][]byte) {
	entries, _ := fs.Glob(files, "*.yaml")
	sort.Strings(entries)
	for _, name := range entries {
		b, err := files.ReadFile(name)
		if err != nil {
			continue
		}
		names = append(names, "demo:"+name)
		data = append(data, b)
	}
	return names, data
}

// Load reads the demo as one dataset.
func Load() *sources.Dataset {
	names, data := Files()
	return sources.LoadFiles(names, data, sources.Options{})
}

// LoadInputs reads the inputs, or the demo when none were named.
func LoadInputs(in sources.Inputs) *sources.Dataset {
	if in.Empty() {
		return Load()
	}
	return in.Load()
}
