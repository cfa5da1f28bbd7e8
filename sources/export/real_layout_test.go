package export_test

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/sources/export"
	"github.com/sweeptune/sweeptune/sources/srt"
)

// Off the demo, on the files srt-slurm and InferenceX publish: one
// topology per file, each running a concurrency list
// (testdata/export-real: srt-slurm's gb300-fp4/8k1k recipes, the master
// entry that selects them, the changelog's last entries).

const realKey = "dsr1-fp4-gb300-dynamo-sglang"

// realCopy copies testdata/export-real into a temp dir: the recipes'
// directory, the master and changelog excerpts, the loaded points.
type realFiles struct {
	dir, recipes, master, changelog string
	points                          []model.Point
}

func realCopy(t *testing.T) realFiles {
	t.Helper()
	src := filepath.Join("..", "..", "testdata", "export-real")
	dst := t.TempDir()
	copyTree(t, src, dst)
	f := realFiles{dir: dst, recipes: filepath.Join(dst, "recipes", "gb300-fp4", "8k1k"),
		master: filepath.Join(dst, "nvidia-master.excerpt.yaml"), changelog: filepath.Join(dst, "perf-changelog.excerpt.yaml")}
	ds := sources.LoadBytes("points.yaml", readFile(t, filepath.Join(src, "points.yaml")), sources.Options{})
	if len(ds.Warnings) > 0 {
		t.Fatal(ds.Warnings)
	}
	f.points = ds.Points
	return f
}

func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func (f realFiles) request(add, remove []string) export.ExportRequest {
	return export.ExportRequest{Points: f.points, Add: add, Remove: remove, RecipePath: f.recipes,
		MasterPath: f.master, ConfigKeys: []string{realKey}, ChangelogPath: f.changelog}
}

func (f realFiles) recipe(name string) string { return filepath.Join(f.recipes, name) }

// fileOf is the plan's change of path; it fails the test when there is none.
func fileOf(t *testing.T, plan *export.ExportPlan, path string) export.FileChange {
	t.Helper()
	for _, fc := range plan.Files {
		if fc.Path == path {
			return fc
		}
	}
	t.Fatalf("the plan does not change %s: %v", path, plan.Files)
	return export.FileChange{}
}

// replaced is old with each pair replaced once; it fails the test when a
// pair's old text is not there once.
func replaced(t *testing.T, old []byte, pairs ...string) string {
	t.Helper()
	s := string(old)
	for i := 0; i+1 < len(pairs); i += 2 {
		if n := strings.Count(s, pairs[i]); n != 1 {
			t.Fatalf("%q occurs %d times", pairs[i], n)
		}
		s = strings.Replace(s, pairs[i], pairs[i+1], 1)
	}
	return s
}

// Removing two of mid_curve's three concurrencies takes them out of the
// recipe's "512x2048x4096" and the row's [ 512, 2048, 4096 ], in their own
// spellings, and the entry names both and the kept c2048.
func TestRealRemoveConcurrenciesOfOneFile(t *testing.T) {
	f := realCopy(t)
	plan := mustPlan(t, f.request(nil, []string{"6p1d-tp4-dep48-c512", "6p1d-tp4-dep48-c4096"}))
	if len(plan.Files) != 3 {
		t.Fatalf("files %v", plan.Files)
	}
	mid := fileOf(t, plan, f.recipe("mid_curve.yaml"))
	if want := replaced(t, mid.Old, `concurrencies: "512x2048x4096"`, `concurrencies: "2048"`); string(mid.New) != want {
		t.Errorf("mid_curve.yaml:\n%s", mid.New)
	}
	m := fileOf(t, plan, f.master)
	if want := replaced(t, m.Old, "conc-list: [ 512, 2048, 4096 ]", "conc-list: [ 2048 ]"); string(m.New) != want {
		t.Errorf("master:\n%s", m.New)
	}
	for _, s := range []string{"Keep 6P c2048 BS512.", "Remove 6P c512 and 6P c4096: each lies under the line of its kept neighbours",
		"scenario-type:\n    - fixed-seq-len\n"} {
		if !strings.Contains(plan.Entry, s) {
			t.Errorf("entry lacks %q:\n%s", s, plan.Entry)
		}
	}
	vs, warns := srt.ParseRecipe(mid.Path, mid.New)
	if len(warns) > 0 || len(vs) != 1 || !slices.Equal(vs[0].Concurrencies, []int{2048}) || vs[0].Knobs.MaxRunningRequests != 16384 {
		t.Errorf("mid_curve.yaml reads back as %+v %v", vs, warns)
	}
}

// Adding a concurrency to a topology a file runs inserts it in order in
// both lists; no new file, no new row.
func TestRealAddConcurrencyToAFile(t *testing.T) {
	f := realCopy(t)
	f.points = append(f.points, plannedPoints(t, `
  - {mode: disagg, prefill: {workers: 1, gpus: 4, tp: 4}, decode: {workers: 4, gpus: 4, tp: 4}, concurrency: 16}
`)...)
	id := f.points[len(f.points)-1].ID
	plan := mustPlan(t, f.request([]string{id}, nil))
	if len(plan.Files) != 3 || len(plan.Rows) != 0 {
		t.Fatalf("files %v rows %v", plan.Files, plan.Rows)
	}
	low := fileOf(t, plan, f.recipe("low_latency.yaml"))
	if want := replaced(t, low.Old, `concurrencies: "4x8x32x64"`, `concurrencies: "4x8x16x32x64"`); string(low.New) != want {
		t.Errorf("low_latency.yaml:\n%s", low.New)
	}
	m := fileOf(t, plan, f.master)
	if want := replaced(t, m.Old, "conc-list: [ 4, 8, 32, 64 ]", "conc-list: [ 4, 8, 16, 32, 64 ]"); string(m.New) != want {
		t.Errorf("master:\n%s", m.New)
	}
	if !strings.Contains(plan.Entry, "Add 1P4D c16.") || !strings.Contains(plan.Entry, "Keep 1P4D c4/c8/c32/c64 BS128.") {
		t.Errorf("entry:\n%s", plan.Entry)
	}
}

// Removing a file's last concurrency removes its master row with the
// comment above it and leaves the file, saying so.
func TestRealRemoveLastConcurrencyRemovesTheRow(t *testing.T) {
	f := realCopy(t)
	req := f.request(nil, []string{"10p1d-tp4-dep32-c2048"})
	req.Force, req.ForceReason = true, "max throughput moves to mid_curve"
	plan := mustPlan(t, req)
	if len(plan.Files) != 2 {
		t.Fatalf("files %v (max_tpt.yaml must stay)", plan.Files)
	}
	m := fileOf(t, plan, f.master)
	cut := `      # Max throughput (10 prefill nodes, 8 decode nodes)
      - spec-decoding: "none"
        conc-list: [ 2048 ]
        prefill:
          num-worker: 10
          tp: 4
          ep: 1
          dp-attn: false
          additional-settings:
          - "CONFIG_FILE=recipes/gb300-fp4/8k1k/max_tpt.yaml"
        decode:
          num-worker: 1
          tp: 32
          ep: 32
          dp-attn: true

`
	if want := replaced(t, m.Old, cut, ""); string(m.New) != want {
		t.Errorf("master:\n%s", m.New)
	}
	found := false
	for _, n := range plan.Notes {
		found = found || strings.Contains(n, "max_tpt.yaml is left as it is: no row of "+realKey+" selects it now")
	}
	if !found {
		t.Errorf("no note says what becomes of max_tpt.yaml: %v", plan.Notes)
	}
	mc, warns, err := srt.ParseMaster(f.master, m.New)
	if err != nil || len(warns) > 0 || len(mc.Entries[0].Scenarios[0].Rows) != 2 {
		t.Errorf("edited master: %v %v", err, warns)
	}
}

// A new topology is a new file from its nearest sibling and a new row in
// the style of the sibling's; the 1P4D TP4 point the planner designs
// (BS 16 per rank, max-running-requests 16: each TP4 worker's own) exports
// and reads back with its knobs.
func TestRealNewTopologyFromNearestSibling(t *testing.T) {
	f := realCopy(t)
	f.points = append(f.points, plannedPoints(t, `
  - mode: disagg
    prefill: {workers: 1, gpus: 4, tp: 4}
    decode: {workers: 4, gpus: 4, tp: 4, cuda-graph-max-bs: 16, max-running-requests: 16}
    concurrency: 48
`)...)
	p := f.points[len(f.points)-1]
	plan := mustPlan(t, f.request([]string{p.ID}, nil))
	if len(plan.Files) != 3 || !plan.Files[0].Create {
		t.Fatalf("files %v", plan.Files)
	}
	nf := plan.Files[0]
	if filepath.Dir(nf.Path) != f.recipes || filepath.Base(nf.Path) != "low_latency-1p4d-tp4-tp4-b16-c48.yaml" {
		t.Errorf("new file %s", nf.Path)
	}
	vs, warns := srt.ParseRecipe(nf.Path, nf.New)
	if len(warns) > 0 || len(vs) != 1 {
		t.Fatalf("%v %v", vs, warns)
	}
	k := vs[0].Knobs
	if k.Shape() != "1p4d-tp4-tp4-b16" || k.MaxRunningRequests != 16 || !slices.Equal(vs[0].Concurrencies, []int{48}) {
		t.Errorf("reads back as %s MRR %d at %v", k.Shape(), k.MaxRunningRequests, vs[0].Concurrencies)
	}
	row := strings.Join(plan.Rows, "")
	for _, s := range []string{"conc-list: [ 48 ]", "num-worker: 4", `- "CONFIG_FILE=recipes/gb300-fp4/8k1k/low_latency-1p4d-tp4-tp4-b16-c48.yaml"`} {
		if !strings.Contains(row, s) {
			t.Errorf("row lacks %q:\n%s", s, row)
		}
	}
}

// Nothing or everything: a point no file runs is named with why, and
// nothing is planned for the rest.
func TestRealPartialExportWritesNothing(t *testing.T) {
	f := realCopy(t)
	f.points = append(f.points, plannedPoints(t, `
  - {mode: disagg, prefill: {workers: 2, gpus: 4, tp: 4}, decode: {workers: 1, gpus: 48, tp: 48, ep: 48, dp-attn: true}, concurrency: 512}
`)...)
	ghost := f.points[len(f.points)-1].ID
	_, err := export.BuildExport(f.request(nil, []string{"6p1d-tp4-dep48-c512", ghost}))
	want := ghost + " not placed: no recipe in " + f.recipes + " runs disaggregated TP4 prefill + DEP48 decode at concurrency 512"
	if got := refusedText(err); got != want {
		t.Errorf("refusal %q\nwant %q", got, want)
	}
}

// The full files, when the ecosystem's checkouts are beside the
// worktree (or SWEEPTUNE_EXT names them): the removal edits exactly the
// two lists in srt-slurm's recipe and InferenceX's whole master.
func TestRealFullFilesRemoveConcurrencies(t *testing.T) {
	ext := os.Getenv("SWEEPTUNE_EXT")
	if ext == "" {
		ext = filepath.Join("..", "..", "..", "..", "ext")
	}
	recipes := filepath.Join(ext, "srt-slurm", "recipes", "gb300-fp4", "8k1k")
	master := filepath.Join(ext, "InferenceX", "configs", "nvidia-master.yaml")
	changelog := filepath.Join(ext, "InferenceX", "perf-changelog.yaml")
	for _, p := range []string{recipes, master, changelog} {
		if _, err := os.Stat(p); err != nil {
			t.Skipf("the ecosystem's checkouts are not here (%v); set SWEEPTUNE_EXT", err)
		}
	}
	f := realCopy(t)
	copyTree(t, recipes, f.recipes)
	for src, dst := range map[string]string{master: f.master, changelog: f.changelog} {
		if err := os.WriteFile(dst, readFile(t, src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	plan := mustPlan(t, f.request(nil, []string{"6p1d-tp4-dep48-c512", "6p1d-tp4-dep48-c4096"}))
	m := fileOf(t, plan, f.master)
	row := "conc-list: [ %s ]\n        prefill:\n          num-worker: 6\n          tp: 4\n          ep: 1\n          dp-attn: false\n" +
		"          additional-settings:\n          - \"CONFIG_FILE=recipes/gb300-fp4/8k1k/mid_curve.yaml\""
	if want := replaced(t, m.Old, fmt.Sprintf(row, "512, 2048, 4096"), fmt.Sprintf(row, "2048")); string(m.New) != want {
		t.Error("the full master changed beyond the mid-curve row's conc-list")
	}
	mid := fileOf(t, plan, f.recipe("mid_curve.yaml"))
	if want := replaced(t, mid.Old, `"512x2048x4096"`, `"2048"`); string(mid.New) != want {
		t.Error("mid_curve.yaml changed beyond its concurrencies")
	}
	cl := fileOf(t, plan, f.changelog)
	if !strings.HasPrefix(string(cl.New), string(cl.Old)) || !strings.HasSuffix(string(cl.New), "pull/XXX\n") {
		t.Error("the changelog is not appended to at its end")
	}
}

// After --write, git status in the checkouts shows the files the export
// meant to change and nothing else: no backup, temp file, journal or lock.
func TestRealWriteLeavesOnlyIntendedFilesInGit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	f := realCopy(t)
	git := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", f.dir, "-c", "user.name=t", "-c", "user.email=t@t"}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_SYSTEM=/dev/null")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return string(out)
	}
	git("init", "-q")
	git("add", "-A")
	git("commit", "-qm", "base")
	f.points = append(f.points, plannedPoints(t, `
  - mode: disagg
    prefill: {workers: 1, gpus: 4, tp: 4}
    decode: {workers: 4, gpus: 4, tp: 4, cuda-graph-max-bs: 16, max-running-requests: 16}
    concurrency: 48
`)...)
	plan := mustPlan(t, f.request([]string{f.points[len(f.points)-1].ID}, []string{"6p1d-tp4-dep48-c512"}))
	if err := plan.Write(); err != nil {
		t.Fatal(err)
	}
	want := ` M nvidia-master.excerpt.yaml
 M perf-changelog.excerpt.yaml
 M recipes/gb300-fp4/8k1k/mid_curve.yaml
?? recipes/gb300-fp4/8k1k/low_latency-1p4d-tp4-tp4-b16-c48.yaml
`
	if got := git("status", "--porcelain", "--untracked-files=all"); got != want {
		t.Errorf("git status:\n%s\nwant:\n%s", got, want)
	}
	if _, err := os.Stat(export.BackupPath(f.master)); err != nil {
		t.Errorf("no backup of the master under the state directory: %v", err)
	}
}
