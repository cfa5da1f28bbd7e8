package export_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/sources/export"
)

// A write stopped dead after its second rename (as a kill would stop it):
// the recipe and master were new and the changelog old, and the rerun was
// refused. The next run rolls the set back and says so, then the rerun
// writes it whole.
func TestInterruptedExportIsRolledBackByTheNextRun(t *testing.T) {
	dir, req := retuneCopy(t)
	plan := mustPlan(t, req)
	writeStopped(t, plan, afterRenames(2))
	news := 0
	for _, f := range plan.Files {
		if bytes.Equal(readFile(t, f.Path), f.New) {
			news++
		}
	}
	if news != 2 {
		t.Fatalf("%d of %d files new after the stop, want 2 (a mix)", news, len(plan.Files))
	}
	dry, err := export.BuildExport(req)
	var ie *export.InterruptedError
	if !errors.As(err, &ie) || dry != nil || len(ie.Journals) != 1 || ie.Journals[0].Problem != "" ||
		!strings.Contains(err.Error(), "a dry run settles nothing: run the same export with --write") {
		t.Fatalf("the dry run after the stop: plan %v, err %v; want it stopped naming the journal", dry, err)
	}
	for _, f := range plan.Files[:2] {
		if !bytes.Equal(readFile(t, f.Path), f.New) {
			t.Fatalf("the dry run settled %s", f.Path)
		}
	}
	req.Settle = true // export --write
	again, err := export.BuildExport(req)
	if err != nil {
		t.Fatalf("the next run: %v", err)
	}
	if len(again.Notes) == 0 || !strings.Contains(again.Notes[0], "had not written every file; it is rolled back") {
		t.Errorf("notes %v", again.Notes)
	}
	wantOld(t, plan.Files, "not rolled back")
	if err := again.Write(); err != nil {
		t.Fatal(err)
	}
	wantNew(t, plan.Files, "not written by the rerun")
	nothingLeft(t, dir, ".*")
}

// A file edited by hand after the kill is left as it is, and named; the
// rest of the set is rolled back.
func TestInterruptedExportLeavesAFileEditedSince(t *testing.T) {
	dir, req := retuneCopy(t)
	plan := mustPlan(t, req)
	writeStopped(t, plan, afterRenames(1))
	os.WriteFile(req.ChangelogPath, []byte("# edited by hand after the kill\n"), 0o644)
	notes, err := export.SettleInterrupted(req.RecipePath, req.MasterPath, req.ChangelogPath)
	if err != nil || len(notes) != 1 || !strings.Contains(notes[0], "rolled back") ||
		!strings.Contains(notes[0], req.ChangelogPath+" changed after the export was interrupted; left as it is") {
		t.Fatalf("notes %v, err %v", notes, err)
	}
	if string(readFile(t, req.ChangelogPath)) != "# edited by hand after the kill\n" {
		t.Error("the edit was overwritten")
	}
	nothingLeft(t, dir, ".*")
}

// A journal naming a directory that is gone since does not block the next
// export: what is there is settled.
func TestInterruptedExportWithADirectoryGone(t *testing.T) {
	dir := copyFixtures(t)
	other := t.TempDir()
	req := retuneRequest(t, dir)
	moved := filepath.Join(other, "perf-changelog.excerpt.yaml")
	os.Rename(req.ChangelogPath, moved)
	req.ChangelogPath = moved
	plan := mustPlan(t, req)
	writeStopped(t, plan, func(dst string) bool { return strings.HasSuffix(dst, "perf-changelog.excerpt.yaml") })
	os.RemoveAll(other)
	notes, err := export.SettleInterrupted(req.RecipePath, req.MasterPath)
	if err != nil || len(notes) != 1 || !strings.Contains(notes[0], "rolled back") {
		t.Fatalf("notes %v, err %v", notes, err)
	}
	wantOld(t, plan.Files[:2], "not rolled back")
	nothingLeft(t, dir, ".*")
}
