package sources

import (
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// TestJoinedPointsNameTheirRecipe: a result joined to a recipe variant
// says which file and which variant; a point the recipe's variant at the
// same workers and concurrency contradicts (another BS) is not joined.
func TestJoinedPointsNameTheirRecipe(t *testing.T) {
	ds := LoadPaths([]string{"../testdata/results", "../testdata/export"}, Options{})
	byID := map[string]*model.Point{}
	for i := range ds.Points {
		byID[ds.Points[i].ID] = &ds.Points[i]
	}
	const recipe = "../testdata/export/disagg-dep16-hicache-variants.yaml"
	for id, variant := range map[string]string{
		"5p1d-dep2-dep16-b40-c2884":  "override_5p1d_dep2_dep16_b40_c2884",
		"9p1d-dep2-dep16-b160-c7480": "override_9p1d_dep2_dep16_b160_c7480",
	} {
		p := byID[id]
		if p == nil {
			t.Fatalf("no point %s", id)
		}
		if p.Prov.Recipe != recipe || p.Prov.RecipeVariant != variant {
			t.Errorf("%s: recipe %q variant %q, want %q %q", id, p.Prov.Recipe, p.Prov.RecipeVariant, recipe, variant)
		}
	}
	p := byID["9p1d-dep2-dep16-b192-c7480"]
	if p == nil || p.Prov.Recipe != "" || p.Knobs.DecodeBS != 192 {
		t.Errorf("9P BS192 joined to the BS160 variant: %+v", p)
	}
}
