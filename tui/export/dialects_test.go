package export

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
	sexport "github.com/sweeptune/sweeptune/sources/export"
	"github.com/sweeptune/sweeptune/sources/srt"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
)

// A point planned in the workbench exports into a schema-1 bundle (an
// override in resources/backend words) and into a one-topology-per-file
// layout (a new recipe beside its nearest sibling); both read back as it.
func TestPlannedPointExportsIntoEveryLayout(t *testing.T) {
	planned := model.Point{Source: model.SourcePlanned, Curve: model.CurveKey{Model: "m"}, Knobs: model.Knobs{
		Mode: model.ModeDisagg, Prefill: model.Role{Workers: 3, GPUs: 4, TP: 4}, Decode: model.Role{Workers: 2, GPUs: 8, TP: 8},
		DecodeBS: 64, Concurrency: 256}}
	planned.ID = planned.Knobs.BaseID() + "@planned"
	bundle, single := t.TempDir(), t.TempDir()
	testkit.CopyTestdata(t, bundle, "shapes/recipes", "s1-bundle.yaml")
	testkit.CopyTestdata(t, single, "export-single/e2e", "disagg-1p1d-p-tp4-d-tp8-b512-c32-mtp.yaml")
	for _, target := range []string{filepath.Join(bundle, "s1-bundle.yaml"), single} {
		req := Request(Config{RecipePath: target}, Work{Planned: []model.Point{planned}})
		plan, err := sexport.BuildExport(req)
		if err != nil {
			t.Fatalf("%s: %v", target, err)
		}
		f := plan.Files[0]
		vs, warns := srt.ParseRecipe(f.Path, f.New)
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
