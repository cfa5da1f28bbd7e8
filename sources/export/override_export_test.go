package export_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/export"
	"github.com/sweeptune/sweeptune/sources/srt"
)

// TestExportRoundTrip resolves every written override with the deep-merge
// rules and compares the knobs with the exported point's.
func TestExportRoundTrip(t *testing.T) {
	_, req := retuneCopy(t)
	plan := mustPlan(t, req)
	vs, warns := srt.ParseRecipe(req.RecipePath, plan.Files[0].New)
	if len(warns) > 0 {
		t.Fatalf("written bundle: %v", warns)
	}
	byKey := map[string]srt.Variant{}
	for _, v := range vs {
		byKey[v.Override] = v
	}
	if len(vs) != 5 {
		t.Errorf("%d overrides after the retune, want 5 (3P c700, 3P c1228, 5P, 7P, 9P BS192)", len(vs))
	}
	for _, gone := range []string{"override_8p1d_dep2_dep16_c4096", "override_9p1d_dep2_dep16_b160_c7480"} {
		if _, ok := byKey[gone]; ok {
			t.Errorf("%s still in the bundle", gone)
		}
	}
	for _, id := range req.Add {
		p := req.Points[model.FindID(req.Points, id)]
		v, ok := byKey[model.OverrideName(id)]
		if !ok {
			t.Fatalf("%s: no override written", id)
		}
		got, want := v.Knobs, p.Knobs
		if got.Shape() != want.Shape() || got.Concurrency != want.Concurrency || got.MaxRunningRequests != want.MaxRunningRequests ||
			got.Balance != want.Balance || got.GPUs() != want.GPUs() || got.Prefill.Nodes != want.Prefill.Nodes {
			t.Errorf("%s resolves to %+v, want %+v", id, got, want)
		}
		if want.DecodeExtraSlots > 0 && got.DecodeExtraSlots != want.DecodeExtraSlots {
			t.Errorf("%s: extra slots %d, want %d", id, got.DecodeExtraSlots, want.DecodeExtraSlots)
		}
	}
	// 7 DEP2 workers on 4-GPU nodes need 4 nodes.
	if v := byKey["override_7p1d_dep2_dep16_b96_c5540"]; v.Knobs.Prefill.Nodes != 4 || v.Name != "disagg-gb300-7p1d-dep2-dep16-b96-c5540" {
		t.Errorf("7P: nodes %d name %q", v.Knobs.Prefill.Nodes, v.Name)
	}
}

// TestExportWriteAndInterrupt: an interrupted write leaves every original
// as it was; a finished one replaces the files and keeps backups under the state directory.
func TestExportWriteAndInterrupt(t *testing.T) {
	dir, req := retuneCopy(t)
	plan := mustPlan(t, req)
	restore := export.SetRename(func(string, string) error { return errPowerCut })
	err := plan.Write()
	restore()
	if err == nil || !strings.Contains(err.Error(), "power cut") {
		t.Fatalf("interrupted write: err = %v", err)
	}
	wantOld(t, plan.Files, "changed by an interrupted write")
	nothingLeft(t, dir, "*.tmp-*")
	if err := plan.Write(); err != nil {
		t.Fatal(err)
	}
	wantNew(t, plan.Files, "not written")
	for _, f := range plan.Files {
		if !bytes.Equal(readFile(t, export.BackupPath(f.Path)), f.Old) {
			t.Errorf("%s: the backup does not hold the old contents", f.Path)
		}
	}
}

// TestChangelogAppendKeepsBytes appends to the project's fixture and to
// the real InferenceX changelog samples: the original is a byte prefix of
// the result, which parses with the new entry last.
func TestChangelogAppendKeepsBytes(t *testing.T) {
	files := []string{filepath.Join(fixtures, "perf-changelog.excerpt.yaml")}
	shared, _ := filepath.Glob("../../../shared/formats/inferencex-config/perf-changelog*.yaml")
	files = append(files, shared...)
	if len(shared) == 0 {
		t.Log("../shared absent: only the project's fixture is checked")
	}
	e := srt.ChangelogEntry{
		ConfigKeys:   []string{"dsv41flash-fp4-gb300-dynamo-sglang-agentic-dspark-disagg-hicache"},
		ScenarioType: []string{"agentic-coding"},
		Description:  []string{`Quotes " and \ and "x": y survive`, "第二行"},
		PRLink:       srt.PlaceholderPRLink,
	}
	for _, f := range files {
		old, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, variant := range [][]byte{old, bytes.TrimRight(old, "\n"), append(bytes.Clone(old), "  \n  "...)} {
			out, err := srt.AppendChangelog(f, variant, e)
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			if !bytes.HasPrefix(out, variant) {
				t.Fatalf("%s: original bytes are not a prefix of the result", f)
			}
			entries, warns := srt.ParseChangelog(f, out)
			if len(warns) > 0 {
				t.Fatalf("%s: result does not parse: %v", f, warns)
			}
			last := entries[len(entries)-1]
			if last.Description[0] != e.Description[0] || last.PRLink != e.PRLink || last.ConfigKeys[0] != e.ConfigKeys[0] {
				t.Errorf("%s: last entry reads back as %+v", f, last)
			}
		}
	}
}

// TestOverrideIntoSharedBundle writes an override into a copy of the real
// srt-slurm bundle: every existing line stays, only new lines appear.
func TestOverrideIntoSharedBundle(t *testing.T) {
	src := "../../../shared/formats/srt-slurm/inferencex-e2e__dsv41flash__sglang__gb300-fp4__agentx__disagg-variants.yaml"
	old, err := os.ReadFile(src)
	if err != nil {
		t.Skipf("../shared absent: %v", err)
	}
	dir := t.TempDir()
	bundle := filepath.Join(dir, "disagg-variants.yaml")
	os.WriteFile(bundle, old, 0o644)
	tep2 := model.Role{Workers: 2, GPUs: 2, TP: 2, EP: 2}
	dec := model.Role{Workers: 1, GPUs: 2, TP: 2, EP: 2}
	p := model.Point{Curve: model.CurveKey{Hardware: "gb300", Scenario: "agentic-coding"}, Source: model.SourcePlanned,
		Knobs: model.Knobs{Mode: model.ModeDisagg, Prefill: tep2, Decode: dec, DecodeBS: 320, MaxRunningRequests: 320, Concurrency: 320}}
	pts := []model.Point{p}
	model.AssignIDs(pts)
	plan, err := export.BuildExport(export.ExportRequest{Points: pts, Add: []string{pts[0].ID}, RecipePath: bundle})
	if err != nil {
		t.Fatal(err)
	}
	newText := string(plan.Files[0].New)
	// Every old line appears in order in the new text.
	oldLines, newLines := strings.SplitAfter(string(old), "\n"), strings.SplitAfter(newText, "\n")
	j := 0
	for _, l := range oldLines {
		for j < len(newLines) && newLines[j] != l {
			j++
		}
		if j == len(newLines) {
			t.Fatalf("line %q lost or reordered", l)
		}
		j++
	}
	if strings.Count(plan.Files[0].Diff, "\n-") != 0 { // "--- a/" opens the diff; no line is deleted
		t.Errorf("diff deletes lines:\n%s", plan.Files[0].Diff)
	}
	for _, frag := range []string{"override_2p1d_tep2_tep2_b320_c320:\n  name: disagg-gb300-2p1d-tep2-tep2-b320-c320\n",
		// One node holds both workers, as the base says: only workers differ.
		"    prefill:\n      workers: 2\n    decode:\n",
		"        cuda-graph-max-bs-decode: 320\n        max-running-requests: 320\n", "      CONC: \"320\"\n"} {
		if !strings.Contains(newText, frag) {
			t.Errorf("written override lacks %q:\n%s", frag, plan.Overrides[0].Text)
		}
	}
}
