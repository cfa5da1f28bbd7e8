package testkit

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/sweeptune/sweeptune/internal/fixtures"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/demo"
)

// The export fixtures in the project's testdata/export, and the master
// config key they share.
const (
	ExportRecipe    = "disagg-dep16-hicache-variants.yaml"
	ExportMaster    = "nvidia-master.excerpt.yaml"
	ExportChangelog = "perf-changelog.excerpt.yaml"
	ExportKey       = "dsv41flash-fp4-gb300-dynamo-sglang-agentic-dspark-disagg-hicache"
)

// ExportFixtures copies the export fixtures into a temp dir and changes to
// it: targets named relatively keep previews independent of the temp dir.
func ExportFixtures(t *testing.T) {
	t.Helper()
	dir := t.TempDir()
	CopyTestdata(t, dir, "export", ExportRecipe, ExportMaster, ExportChangelog)
	t.Chdir(dir)
}

// CopyTestdata copies files of the project's testdata/<from> into dir.
func CopyTestdata(t testing.TB, dir, from string, names ...string) {
	t.Helper()
	_, self, _, _ := runtime.Caller(0)
	root := filepath.Join(filepath.Dir(self), "..", "..", "..", "testdata", from)
	for _, name := range names {
		b, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(name)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TablesAB is the demo's tables A and B: the retune's published "before"
// points and its local runs (the demo's a- and b- files).
func TablesAB(t testing.TB) []model.Point {
	t.Helper()
	ds := demo.Tables("a", "b")
	if len(ds.Points) == 0 {
		t.Fatal("no demo points")
	}
	return ds.Points
}

// SplitCompetitor splits points into our own and the competitor's.
func SplitCompetitor(pts []model.Point) (own, competitor []model.Point) {
	for _, p := range pts {
		if p.Source == model.SourceCompetitor {
			competitor = append(competitor, p)
		} else {
			own = append(own, p)
		}
	}
	return own, competitor
}

// SixCurves is the demo and four synthetic dated curves (fixtures.SixCurves).
func SixCurves() []model.Point { return fixtures.SixCurves() }
