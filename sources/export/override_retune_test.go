package export_test

import (
	"flag"
	fx "github.com/sweeptune/sweeptune/internal/fixtures"
	"github.com/sweeptune/sweeptune/model"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/sources/demo"
	"github.com/sweeptune/sweeptune/sources/export"
)

var update = flag.Bool("update", false, "rewrite the export golden files")

// retunePoints is the demo's tables A and B from the embedded demo.
func retunePoints(t *testing.T) *sources.Dataset {
	t.Helper()
	ds := demo.Tables("a", "b")
	if len(ds.Warnings) > 0 {
		t.Fatalf("demo warnings: %v", ds.Warnings)
	}
	return ds
}

// retuneCopy is the demo retune's request on fresh copies of its targets
// (copyFixtures), and the directory holding them.
func retuneCopy(t *testing.T) (dir string, req export.ExportRequest) {
	dir = copyFixtures(t)
	return dir, retuneRequest(t, dir)
}

// retuneRequest is the demo retune's request on the targets in dir.
func retuneRequest(t *testing.T, dir string) export.ExportRequest {
	return export.ExportRequest{
		Points:        retunePoints(t).Points,
		Add:           []string{"3p1d-dep2-dep16-b18-c700", "7p1d-dep2-dep16-b96-c5540", "9p1d-dep2-dep16-b192-c7480"},
		Remove:        []string{"8p1d-dep2-dep16-c4096", "9p1d-dep2-dep16-b160-c7480"},
		RecipePath:    filepath.Join(dir, bundleName),
		MasterPath:    filepath.Join(dir, "nvidia-master.excerpt.yaml"),
		ConfigKeys:    []string{disaggKey},
		ChangelogPath: filepath.Join(dir, "perf-changelog.excerpt.yaml"),
	}
}

// TestExportRetune exports the demo's retune into the project's fixtures
// and compares the diff with the reviewed golden file.
func TestExportRetune(t *testing.T) {
	dir, req := retuneCopy(t)
	plan := mustPlan(t, req)
	if len(plan.Files) != 3 {
		t.Fatalf("%d files changed, want 3", len(plan.Files))
	}
	got := strings.ReplaceAll(plan.Diff(), strings.TrimPrefix(filepath.ToSlash(dir), "/")+"/", "")
	golden := filepath.Join("..", "..", "testdata", "golden", "export-retune.diff")
	fx.Golden(t, golden, got, *update)
	// The two removals are cleared by the line test with the demo's numbers.
	if len(plan.Verdicts) != 2 {
		t.Fatalf("verdicts: %+v", plan.Verdicts)
	}
	wantLine := map[string]string{"8p1d-dep2-dep16-c4096": "853,132.41", "9p1d-dep2-dep16-b160-c7480": "1,100,893.85"}
	for _, v := range plan.Verdicts {
		if !v.Covered || model.Thousands(v.LineValue, 2) != wantLine[v.ID] {
			t.Errorf("%s: covered %v at %s, want %s", v.ID, v.Covered, model.Thousands(v.LineValue, 2), wantLine[v.ID])
		}
	}
	if len(plan.Refusals) != 0 {
		t.Errorf("refusals: %v", plan.Refusals)
	}
}
