package export_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/sources/export"
)

// A derived file's name planted as a link to a file outside the directory:
// --replace used to write through it, and the refusal without --replace
// called it "another topology". It is refused either way, saying it is a
// link, and the file it points at is untouched.
func TestExportDerivedNameThroughALinkIsRefused(t *testing.T) {
	dir := copyDir(t, "trtllm")
	victim := filepath.Join(t.TempDir(), "victim.yaml")
	sib, _ := os.ReadFile(filepath.Join(dir, "ctx1_gen1_dep8_batch64_eplb0_mtp0.yaml"))
	os.WriteFile(victim, sib, 0o644)
	planted := filepath.Join(dir, "ctx3_gen1_dep8_batch256_eplb0_mtp0.yaml")
	if err := os.Symlink(victim, planted); err != nil {
		t.Skip("no symlinks:", err)
	}
	pts := plannedPoints(t, trtllm3P)
	for _, replace := range []bool{false, true} {
		plan, err := export.BuildExport(export.ExportRequest{Points: pts, Add: []string{pts[0].ID}, RecipePath: dir, Replace: replace})
		if err == nil {
			err = plan.Write()
		}
		msg := ""
		if err != nil {
			msg = err.Error()
		}
		if !strings.Contains(msg, planted+" is a symbolic link to "+victim) || strings.Contains(msg, "another topology") {
			t.Errorf("--replace=%v: err %q, want it to name the link and what it points to", replace, msg)
		}
		if got, _ := os.ReadFile(victim); string(got) != string(sib) {
			t.Fatalf("--replace=%v: the file outside the directory was overwritten", replace)
		}
	}
}

// The same guard at the writing floor: a created or replaced file that is
// confined to a directory is refused when it resolves outside it.
func TestWriteFilesAtomicKeepsConfinedWritesInTheirDirectory(t *testing.T) {
	dir, outside := t.TempDir(), t.TempDir()
	victim := filepath.Join(outside, "victim")
	os.WriteFile(victim, []byte("precious\n"), 0o644)
	link := filepath.Join(dir, "new.yaml")
	if err := os.Symlink(victim, link); err != nil {
		t.Skip("no symlinks:", err)
	}
	err := export.WriteFilesAtomic([]export.FileWrite{{Path: link, Old: []byte("precious\n"), Content: []byte("evil\n"), Within: dir}})
	if err == nil || !strings.Contains(err.Error(), link+" is a symbolic link to "+victim) {
		t.Errorf("err %v", err)
	}
	if got, _ := os.ReadFile(victim); string(got) != "precious\n" {
		t.Fatal("written through the link")
	}
	// A confined directory that is itself a link is resolved first: a file
	// in it stays in it.
	alias := filepath.Join(t.TempDir(), "alias")
	os.Symlink(dir, alias)
	ok := filepath.Join(alias, "fresh.yaml")
	if err := export.WriteFilesAtomic([]export.FileWrite{{Path: ok, Content: []byte("x\n"), Create: true, Within: alias}}); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "fresh.yaml")); string(got) != "x\n" {
		t.Errorf("fresh.yaml: %q", got)
	}
}

// A derived name taken by a file that is no recipe at all: the refusal
// says so, rather than pointing at --replace, and --replace keeps it too.
func TestExportDerivedNameTakenByANonRecipe(t *testing.T) {
	dir := copyDir(t, "trtllm")
	taken := filepath.Join(dir, "ctx3_gen1_dep8_batch256_eplb0_mtp0.yaml")
	os.WriteFile(taken, []byte("notes: keep me\n"), 0o644)
	pts := plannedPoints(t, trtllm3P)
	for _, replace := range []bool{false, true} {
		_, err := export.BuildExport(export.ExportRequest{Points: pts, Add: []string{pts[0].ID}, RecipePath: dir, Replace: replace})
		if err == nil || !strings.Contains(err.Error(), taken+" already exists and is not a recipe (it reads as no format sweeptune reads); not replaced, even with --replace") {
			t.Errorf("--replace=%v: err %v", replace, err)
		}
	}
	if got, _ := os.ReadFile(taken); string(got) != "notes: keep me\n" {
		t.Errorf("replaced: %q", got)
	}
}
