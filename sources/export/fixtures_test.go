package export_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources"
)

// Fixtures the export tests start from: copies of project files in a temp
// directory (an export may write them), and planned points.

const (
	fixtures   = "../../testdata/export"
	disaggKey  = "dsv41flash-fp4-gb300-dynamo-sglang-agentic-dspark-disagg-hicache"
	bundleName = "disagg-dep16-hicache-variants.yaml"
)

// copyFiles copies the named files of dir (every file when none is named)
// into a new temp directory and returns it.
func copyFiles(t *testing.T, dir string, names ...string) string {
	t.Helper()
	if len(names) == 0 {
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			names = append(names, e.Name())
		}
	}
	tmp := t.TempDir()
	for _, n := range names {
		b, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(tmp, n), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return tmp
}

// copyFixtures copies the demo retune's targets: the bundle, the master
// config and the changelog.
func copyFixtures(t *testing.T) string {
	return copyFiles(t, fixtures, bundleName, "nvidia-master.excerpt.yaml", "perf-changelog.excerpt.yaml")
}

// copyDir copies a directory of one-topology recipes (testdata/export-single).
func copyDir(t *testing.T, rel string) string {
	return copyFiles(t, filepath.Join("..", "..", "testdata", "export-single", rel))
}

// bundleCopy writes recipe text (or, when it is empty, the testdata/shapes
// recipe of that name) into a temp dir and returns its path.
func bundleCopy(t *testing.T, name, text string) string {
	t.Helper()
	if text == "" {
		return filepath.Join(copyFiles(t, filepath.Join("..", "..", "testdata", "shapes", "recipes"), name), name)
	}
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// plannedPoints loads planned points (a points table's list) on curve m.
func plannedPoints(t *testing.T, points string) []model.Point {
	t.Helper()
	table := "curve: {model: m}\nsource: planned\npoints:\n" + points
	ds := sources.LoadBytes("planned.yaml", []byte(table), sources.Options{})
	if len(ds.Warnings) > 0 {
		t.Fatalf("planned points: %v", ds.Warnings)
	}
	return ds.Points
}
