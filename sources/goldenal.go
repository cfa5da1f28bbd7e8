package sources

import (
	"bytes"
	"fmt"

	"github.com/sweeptune/sweeptune/internal/lazyre"
)

// Golden acceptance-length files (InferenceX golden_al_distribution/*.yaml):
// model → thinking_on|thinking_off → draft length K → AL. They carry no
// points; they are recognised and checked so that a results directory that
// holds one loads without a warning.

var goldenALKey = lazyre.New(`(?m)^\s+thinking_(on|off):\s*$`)

func init() {
	register(format{name: "golden acceptance lengths", priority: 40, sniff: sniffGoldenAL, parse: parseGoldenAL})
}

func sniffGoldenAL(data []byte) bool {
	h := head(data, 1)
	return len(h) > 0 && h[0] != '{' && h[0] != '[' && bytes.Contains(data, []byte("thinking_")) && goldenALKey.Match(data) &&
		!bytes.Contains(data, []byte("\npoints:"))
}

func parseGoldenAL(path string, data []byte, ds *Dataset) {
	var doc map[string]map[string]map[int]any
	root, dups, err := loadYAML(data, yamlTyped)
	ds.Warnings = append(ds.Warnings, dupWarnings(path, dups)...)
	if err == nil && root != nil {
		err = root.Decode(&doc)
	}
	if err != nil {
		ds.Warnf(path, "", "not a valid golden acceptance-length file: %s", yamlErr(err))
		return
	}
	for model, modes := range doc {
		for mode, byK := range modes {
			for k, v := range byK {
				al, ok := v.(float64)
				if iv, isInt := v.(int); isInt {
					al, ok = float64(iv), true
				}
				if !ok || al < 1 || k < 1 {
					ds.Warnf(path, fmt.Sprintf("%s.%s.%d", model, mode, k), "acceptance length %v is not a number >= 1", v)
				}
			}
		}
	}
}
