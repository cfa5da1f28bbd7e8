package export

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources"
	sexport "github.com/sweeptune/sweeptune/sources/export"
)

// A point planned in the workbench exports into a schema-1 bundle (an
// override in resources/backend words) and into a one-topology-per-file
// layout (a new recipe beside its nearest sibling); both read back as it.
func TestPlannedPointExportsIntoEveryLayout(t *testing.T) {
	planned := model.Point{Source: model.SourcePlanned, Curve: model.CurveKey{Model: "m"}, Knobs: model.Knobs{
		Mode: model.ModeDisagg, Prefill: model.Role{Workers: 3, GPUs: 4, TP: 4}, Decode: model.Role{Workers: 2, GPUs: 8, TP: 8},
		DecodeBS: 64, Concurrency: 256}}
	planned.ID = planned.Knobs.BaseID() + "@planned"
	dir := t.TempDir()
	bundle, _ := os.ReadFile("../../testdata/shapes/recipes/s1-bundle.yaml")
	os.WriteFile(filepath.Join(dir, "bundle.yaml"), bundle, 0o644)
	single := filepath.Join(dir, "single")
	os.Mkdir(single, 0o755)
	for _, f := range []string{"disagg-1p1d-p-tp4-d-tp8-b512-c32-mtp.yaml"} {
		b, _ := os.ReadFile(filepath.Join("../../testdata/export-single/e2e", f))
		os.WriteFile(filepath.Join(single, f), b, 0o644)
	}
	for _, target := range []string{filepath.Join(dir, "bundle.yaml"), single} {
		req := Request(Config{RecipePath: target}, Work{Planned: []model.Point{planned}})
		plan, err := sexport.BuildExport(req)
		if err != nil {
			t.Fatalf("%s: %v", target, err)
		}
		f := plan.Files[0]
		vs, warns := sources.ParseRecipe(f.Path, f.New)
		if len(warns) > 0 {
			t.Fatalf("%s: %v", f.Path, warns)
		}
		found := false
		for _, v := range vs {
			k := v.Knobs
			if k.Shape() == "3p2d-tp4-tp8-b64" && k.Concurrency == 256 && k.GPUs() == 28 {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: no variant reads back as %s:\n%s", f.Path, planned.ID, f.New)
		}
		if target == single && (!f.Create || !strings.HasSuffix(f.Path, "disagg-3p2d-p-tp4-d-tp8-b64-c256-mtp.yaml")) {
			t.Errorf("new file %s (create %v)", f.Path, f.Create)
		}
	}
}
