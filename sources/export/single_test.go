package export_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/sources/export"
	"github.com/sweeptune/sweeptune/sources/parity"
	"github.com/sweeptune/sweeptune/sources/srt"
)

// One topology per file: a point becomes a new recipe derived from its
// nearest sibling (and a master row), which reads back as the point.

// trtllm3P is a 3 x DEP4 prefill + DEP8 decode point with no recipe in
// testdata/export-single/trtllm yet (its siblings have 1 and 2 prefill workers).
const trtllm3P = `
  - mode: disagg
    prefill: {workers: 3, gpus: 4, tp: 4, ep: 4, dp-attn: true}
    decode: {workers: 1, gpus: 8, tp: 8, ep: 8, dp-attn: true, cuda-graph-max-bs: 256}
    concurrency: 4096
`

func TestExportNewFileFromNearestTRTLLMSibling(t *testing.T) {
	dir := copyDir(t, "trtllm")
	pts := plannedPoints(t, trtllm3P)
	plan, err := export.BuildExport(export.ExportRequest{Points: pts, Add: []string{pts[0].ID}, RecipePath: dir})
	if err != nil {
		t.Fatal(err)
	}
	if len(plan.Files) != 1 || !plan.Files[0].Create || filepath.Base(plan.Files[0].Path) != "ctx3_gen1_dep8_batch256_eplb0_mtp0.yaml" {
		t.Fatalf("files %+v", plan.Files)
	}
	sib, _ := os.ReadFile(filepath.Join(dir, "ctx2_gen1_dep8_batch128_eplb0_mtp0.yaml"))
	want := strings.NewReplacer(
		`name: "ctx2_gen1_dep8_batch128_eplb0_mtp0"`, `name: "ctx3_gen1_dep8_batch256_eplb0_mtp0"`,
		"prefill_nodes: 1", "prefill_nodes: 2",
		"prefill_workers: 2", "prefill_workers: 3",
		"max_batch_size: 128   # per attention-DP rank", "max_batch_size: 256   # per attention-DP rank",
		"        max_batch_size: 128", "        max_batch_size: 256",
		`concurrencies: "2048"`, `concurrencies: "4096"`).Replace(string(sib))
	if got := string(plan.Files[0].New); got != want {
		t.Errorf("derived file:\n%s\nwant (the sibling with the point's values, every other byte kept):\n%s", got, want)
	}
	vs, warns := srt.ParseRecipe(plan.Files[0].Path, plan.Files[0].New)
	if len(warns) > 0 || len(vs) != 1 {
		t.Fatalf("%v %v", vs, warns)
	}
	if k := vs[0].Knobs; k.Shape() != pts[0].Knobs.Shape() || k.Concurrency != 4096 || k.GPUs() != 20 || k.Prefill.Nodes != 2 {
		t.Errorf("reads back as %s c%d, %d GPUs", k.Shape(), k.Concurrency, k.GPUs())
	}
	if err := plan.Write(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(export.BackupPath(plan.Files[0].Path)); err == nil {
		t.Error("a new file has no backup")
	}
	// The file exists now and runs the point: exporting it again would
	// change nothing, so it is refused, naming the point and why.
	_, err = export.BuildExport(export.ExportRequest{Points: pts, Add: []string{pts[0].ID}, RecipePath: dir})
	if want := pts[0].ID + " not placed: " + plan.Files[0].Path + " already runs concurrency 4096; nothing to add"; refusedText(err) != want {
		t.Errorf("second export: %v\nwant the refusal %q", err, want)
	}
}

func TestExportNewFileAndMasterRowSchema2(t *testing.T) {
	dir := copyDir(t, "e2e")
	sibling := filepath.Join(dir, "disagg-1p1d-p-tp4-d-tp8-b512-c32-mtp.yaml")
	master := filepath.Join(dir, "nvidia-master.excerpt.yaml")
	pts := plannedPoints(t, `
  - mode: disagg
    prefill: {workers: 2, gpus: 4, tp: 4}
    decode: {workers: 1, gpus: 8, tp: 8, cuda-graph-max-bs: 256}
    concurrency: 64
  - mode: disagg
    prefill: {workers: 1, gpus: 4, tp: 4}
    decode: {workers: 1, gpus: 8, tp: 8, cuda-graph-max-bs: 512}
    concurrency: 16
`)
	ids := []string{pts[0].ID, pts[1].ID}
	plan, err := export.BuildExport(export.ExportRequest{Points: pts, Add: ids, RecipePath: sibling,
		MasterPath: master, ConfigKeys: []string{"dsr1-fp4-b200-dynamo-sglang-mtp"}})
	if err != nil {
		t.Fatal(err)
	}
	// The c16 row and the sibling's list agree after the write: the parity
	// check (docs/parity.md) finds no conc-list the recipe does not run.
	for _, f := range plan.Parity {
		if f.Kind == parity.KindConcMismatch {
			t.Errorf("parity: %s", f)
		}
	}
	// The first point is a new file; the second is the sibling's topology
	// at another concurrency: it joins the sibling's list and its row's.
	if len(plan.Files) != 3 || filepath.Base(plan.Files[0].Path) != "disagg-2p1d-p-tp4-d-tp8-b256-c64-mtp.yaml" ||
		plan.Files[1].Path != sibling || plan.Files[2].Path != master {
		t.Fatalf("files %v", plan.Files)
	}
	if want := strings.Replace(string(plan.Files[1].Old), "  concurrencies: [32]\n", "  concurrencies: [16, 32]\n", 1); string(plan.Files[1].New) != want {
		t.Errorf("sibling:\n%s", plan.Files[1].New)
	}
	text := string(plan.Files[0].New)
	for _, s := range []string{`name: "b200-fp4-mtp-2p-tp4-1d-tp8-b256-c64"`, "    workers: 2\n    gpus: 4\n",
		"      cuda-graph-max-bs: 256\n      max-running-requests: 256\n", "  concurrencies: [64]\n"} {
		if !strings.Contains(text, s) {
			t.Errorf("derived file lacks %q:\n%s", s, text)
		}
	}
	rows := strings.Join(plan.Rows, "")
	for _, s := range []string{"conc-list: [64]", "num-worker: 2", "CONFIG_FILE=recipes/dsr1/sglang/b200-fp4/8k1k/disagg-2p1d-p-tp4-d-tp8-b256-c64-mtp.yaml"} {
		if !strings.Contains(rows, s) {
			t.Errorf("rows lack %q:\n%s", s, rows)
		}
	}
	mc, warns, err := srt.ParseMaster(master, plan.Files[2].New)
	if err != nil || len(warns) > 0 || len(mc.Entries[0].Scenarios[0].Rows) != 2 {
		t.Fatalf("edited master: %v %v", err, warns)
	}
	if got := mc.Entries[0].Scenarios[0].Rows[0].ConcList; len(got) != 2 || got[0] != 16 || got[1] != 32 {
		t.Errorf("the sibling's row runs %v, want [16 32]", got)
	}
	if !strings.HasPrefix(string(plan.Files[2].New), string(plan.Files[2].Old)[:200]) {
		t.Error("the master's head changed")
	}
	vs, _ := srt.ParseRecipe(plan.Files[0].Path, plan.Files[0].New)
	if k := vs[0].Knobs; k.Shape() != "2p1d-tp4-tp8-b256" || k.Concurrency != 64 || k.MaxRunningRequests != 256 {
		t.Errorf("reads back as %s c%d MRR %d", k.Shape(), k.Concurrency, k.MaxRunningRequests)
	}
}

// An aggregated point with no sibling of its parallelism is bad input.
func TestExportSingleNeedsASiblingOfTheParallelism(t *testing.T) {
	pts := plannedPoints(t, "  - {mode: agg, agg: {workers: 1, gpus: 8, tp: 8}, concurrency: 4}\n")
	_, err := export.BuildExport(export.ExportRequest{Points: pts, Add: []string{"agg-tp8-c4"}, RecipePath: copyDir(t, "trtllm")})
	if err == nil || !strings.Contains(err.Error(), "no recipe in") || !strings.Contains(err.Error(), "runs an aggregated TP8 worker") {
		t.Errorf("err %v", err)
	}
}

// The derived name is taken by a file of another topology: refused, not replaced.
func TestExportDerivedNameTakenIsRefused(t *testing.T) {
	dir := copyDir(t, "trtllm")
	other, _ := os.ReadFile(filepath.Join(dir, "ctx1_gen1_dep8_batch64_eplb0_mtp0.yaml"))
	os.WriteFile(filepath.Join(dir, "ctx3_gen1_dep8_batch256_eplb0_mtp0.yaml"), other, 0o644)
	pts := plannedPoints(t, trtllm3P)
	_, err := export.BuildExport(export.ExportRequest{Points: pts, Add: []string{pts[0].ID}, RecipePath: dir})
	if err == nil || !strings.Contains(err.Error(), "already exists with another topology (use --replace") {
		t.Errorf("err %v", err)
	}
}
