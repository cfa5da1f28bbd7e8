package parity

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The planted master of testdata/: one clean row and one fault per row
// after it, each named with its file, key and numbers.
func TestCheckMasterNamesEveryPlantedFault(t *testing.T) {
	rep, err := CheckMaster(Inputs{MasterPath: "testdata/master.yaml", RecipeRoots: []string{"testdata"}})
	if err != nil {
		t.Fatal(err)
	}
	type want struct{ kind, severity, file, key, got, want string }
	wants := []want{
		{KindConcMismatch, Error, "testdata/master.yaml", "search-space[1] conc-list", "[512, 2048]", "[512, 2048, 4096]"},
		{KindRecipeMissing, Error, "testdata/master.yaml", "search-space[3] recipe", "recipes/gb300-fp4/max_tpt.yaml", ""},
		{KindOverrideAbsent, Error, "testdata/master.yaml", "search-space[4] recipe", "override_c8", ""},
		{KindCapBelowConc, Warning, "testdata/recipes/gb300-fp4/low_latency.yaml", "override_c64.backend.sglang_config.decode.cuda_graph_max_bs", "16", "32"},
		{KindMRRBelowConc, Warning, "testdata/recipes/gb300-fp4/low_latency.yaml", "override_c64.backend.sglang_config.decode.max-running-requests", "24", "32"},
		{KindSchema, Error, "testdata/recipes/gb300-fp4/typo.yaml", "resource_limits", "", ""},
		{KindSchema, Error, "testdata/recipes/gb300-fp4/typo.yaml", "resources", "", ""},
	}
	if len(rep.Findings) != len(wants) {
		for _, f := range rep.Findings {
			t.Log(f.String())
		}
		t.Fatalf("%d findings, want %d", len(rep.Findings), len(wants))
	}
	for i, w := range wants {
		f := rep.Findings[i]
		if f.Kind != w.kind || f.Severity != w.severity || filepath.ToSlash(f.File) != w.file || !strings.HasSuffix(f.Key, w.key) || f.Got != w.got || f.Want != w.want {
			t.Errorf("finding %d = %s %s %s %q got %q want %q; want %+v", i, f.Kind, f.Severity, f.File, f.Key, f.Got, f.Want, w)
		}
	}
	if rep.Rows != 6 || rep.Errors() != 5 {
		t.Errorf("rows %d, errors %d; want 6 rows, 5 errors", rep.Rows, rep.Errors())
	}
	// the line of the row, and the curve the row's points land on
	if f := rep.Findings[0]; f.Line != 30 || f.Curve.Model != "dsr1" || f.Curve.Hardware != "gb300" || f.Curve.Scenario != "8k1k" {
		t.Errorf("conc-list finding at line %d on %v; want line 30 on dsr1 · 8k1k · gb300", f.Line, f.Curve)
	}
	if got := rep.Findings[3].Text; !strings.Contains(got, "16 × 1 rank = 16 per worker, below c64 over 2 workers = 32 per worker") {
		t.Errorf("cap text %q", got)
	}
}

// conc-start/conc-end double up to the end, as generate_sweep_configs.py.
func TestMasterConcRange(t *testing.T) {
	rep, err := CheckMaster(Inputs{MasterPath: "testdata/master.yaml", RecipeRoots: []string{"testdata"}, Keys: []string{"dsr1-fp4-gb300-dynamo-sglang"}})
	if err != nil {
		t.Fatal(err)
	}
	// the c16..c64 row agrees with the override's [16, 32, 64]: no mismatch there
	for _, f := range rep.Findings {
		if f.Kind == KindConcMismatch && strings.Contains(f.Key, "search-space[2]") {
			t.Errorf("range row: %s", f)
		}
	}
}

// An export checks only the rows of the recipes it writes: a row whose
// recipe was not given is not a fault then.
func TestOnlyGivenSkipsOtherRows(t *testing.T) {
	rep, err := CheckMaster(Inputs{MasterPath: "testdata/master.yaml", RecipeFiles: []string{"testdata/recipes/gb300-fp4/mid_curve.yaml"}, OnlyGiven: true})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Rows != 1 || len(rep.Findings) != 1 || rep.Findings[0].Kind != KindConcMismatch {
		t.Fatalf("rows %d, findings %v; want the one mid_curve row's conc-list mismatch", rep.Rows, rep.Findings)
	}
}

// The real InferenceX master against the real srt-slurm recipes: the
// schema check refuses none of srt-slurm's own recipes.
func TestRealMasterAndRecipes(t *testing.T) {
	master := "/work/ext/InferenceX/configs/nvidia-master.yaml"
	root := "/work/ext/srt-slurm"
	if _, err := os.Stat(master); err != nil {
		t.Skip("no InferenceX checkout")
	}
	if _, err := os.Stat(root); err != nil {
		t.Skip("no srt-slurm checkout")
	}
	rep, err := CheckMaster(Inputs{MasterPath: master, RecipeRoots: []string{root}})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Rows < 100 || rep.Recipes < 50 {
		t.Fatalf("rows %d, recipes %d: the real master selects hundreds", rep.Rows, rep.Recipes)
	}
	for _, f := range rep.Findings {
		if f.Kind == KindSchema {
			t.Errorf("srt-slurm's own recipe refused: %s", f)
		}
	}
}
