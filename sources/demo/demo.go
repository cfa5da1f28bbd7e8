// Package demo embeds the points of one real merged retune (InferenceX pull
// request 4673; tables A–D, each file's header says which) so that
// sweeptune runs with no file at all.
package demo

//go:generate go test -run TestCompiledTablesAreCurrent -update

import (
	"embed"
	"io/fs"
	"os"
	"sort"
	"strings"

	"github.com/sweeptune/sweeptune/model"
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

// Load reads the demo as one dataset. The tables are compiled in
// (compiled.go, written from the YAML by go generate and held to it by
// the tests): a command on the demo starts at the load's end, not at a
// YAML parse.
func Load() *sources.Dataset {
	ds := compiledRead()
	ds.Finish(sources.Options{})
	return ds
}

// metricValue is one metric of a compiled point.
type metricValue struct {
	metric model.Metric
	value  float64
}

// compiledRead is the tables as sources.ReadFiles reads them: a fresh
// copy, since a load's passes write its points.
func compiledRead() *sources.Dataset {
	points := make([]model.Point, len(compiledPoints))
	copy(points, compiledPoints[:])
	for i, values := range compiledMetrics {
		for _, v := range values {
			points[i].Metrics.Set(v.metric, v.value)
		}
	}
	return &sources.Dataset{Points: points, Files: compiledFiles}
}

// Tables reads the demo's tables, by letter: Tables("a",
// "b") is the retune's published "before" points and its local runs.
func Tables(letters ...string) *sources.Dataset {
	names, data := Files()
	var n []string
	var d [][]byte
	for i, name := range names {
		for _, l := range letters {
			if strings.HasPrefix(name, "demo:"+l+"-") {
				n, d = append(n, name), append(d, data[i])
			}
		}
	}
	return sources.LoadFiles(n, d, sources.Options{})
}

// LoadInputs reads the inputs, or the demo when none were named.
func LoadInputs(in sources.Inputs) *sources.Dataset {
	if in.Empty() {
		return Load()
	}
	return in.Load()
}

// ReadSource reads a point's source file for hashing (a ledger's fit
// set): the demo's own "demo:" names from the embedded files, any other
// path from disk.
func ReadSource(path string) ([]byte, error) {
	if strings.HasPrefix(path, "demo:") {
		name := strings.TrimPrefix(path, "demo:")
		b, err := files.ReadFile(name)
		if err != nil {
			return nil, fs.ErrNotExist
		}
		return b, nil
	}
	return os.ReadFile(path)
}
