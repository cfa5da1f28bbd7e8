package sources

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The newer real files (../shared/corpus2, 214 files): none is of an
// unknown format; every results file yields its points or one line naming
// what it is; every recipe gives variants; config files load clean.
func TestCorpus2EveryFileReadOrNamed(t *testing.T) {
	dir := filepath.Join("..", "..", "shared", "corpus2")
	f, err := os.Open(filepath.Join(dir, "SOURCES.tsv"))
	if err != nil {
		t.Skipf("corpus2 not available: %v", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	var results, named, recipes share
	for first := true; sc.Scan(); first = false {
		cols := strings.Split(sc.Text(), "\t")
		if first || len(cols) < 5 {
			continue
		}
		name, shape := cols[0], cols[4]
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		ds := LoadBytes(filepath.Join(dir, name), data, Options{})
		for _, w := range ds.Warnings {
			if strings.Contains(w.Msg, "unknown format") || strings.Contains(w.Msg, "invalid JSON") {
				t.Errorf("%s (%s): %s", name, shape, w.Msg)
			}
		}
		kind, _, _ := strings.Cut(shape, "/")
		switch {
		case strings.Contains(shape, "llm-d"):
		case kind == "results":
			results.count(len(ds.Points) > 0)
			if len(ds.Points) == 0 {
				named.count(len(ds.Notices) == 1)
				if len(ds.Notices) != 1 {
					t.Errorf("%s (%s): no points and no name: notices %v, warnings %v", name, shape, ds.Notices, ds.Warnings)
				}
			}
		case kind == "recipe":
			recipes.count(len(ds.Variants) > 0)
			if len(ds.Variants) == 0 {
				t.Errorf("%s (%s): no variants; warnings %v", name, shape, ds.Warnings)
			}
		case kind == "config" || kind == "other":
			for _, w := range ds.Warnings {
				t.Errorf("%s (%s): %s", name, shape, w)
			}
		}
	}
	t.Logf("results files with points: %d/%d (the rest named: %d); recipes with variants: %d/%d",
		results.with, results.of, named.with, recipes.with, recipes.of)
}
