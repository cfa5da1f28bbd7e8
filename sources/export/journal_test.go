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

var errStop = errors.New("stopped")

// A write stopped dead after its second rename (as a kill would stop it):
// the recipe and master were new and the changelog old, and the rerun was
// refused. The next run rolls the set back and says so, then the rerun
// writes it whole.
func TestInterruptedExportIsRolledBackByTheNextRun(t *testing.T) {
	dir := copyFixtures(t)
	req := retuneRequest(t, dir)
	plan := mustPlan(t, req)
	renames := 0
	restore := export.SetRename(func(a, b string) error {
		if strings.HasSuffix(b, ".bak") {
			return os.Rename(a, b)
		}
		if renames == 2 {
			panic(errStop) // no deferred clean-up of ours may run past this
		}
		renames++
		return os.Rename(a, b)
	})
	func() {
		defer func() {
			if r := recover(); r != errStop {
				t.Fatalf("recovered %v", r)
			}
		}()
		plan.Write()
	}()
	restore()
	news := 0
	for _, f := range plan.Files {
		if bytes.Equal(readFile(t, f.Path), f.New) {
			news++
		}
	}
	if news != 2 {
		t.Fatalf("%d of %d files new after the stop, want 2 (a mix)", news, len(plan.Files))
	}
	again, err := export.BuildExport(req)
	if err != nil {
		t.Fatalf("the next run: %v", err)
	}
	if len(again.Notes) == 0 || !strings.Contains(again.Notes[0], "had not written every file; it is rolled back") {
		t.Errorf("notes %v", again.Notes)
	}
	for _, f := range plan.Files {
		if !bytes.Equal(readFile(t, f.Path), f.Old) {
			t.Errorf("%s not rolled back", f.Path)
		}
	}
	if err := again.Write(); err != nil {
		t.Fatal(err)
	}
	for _, f := range plan.Files {
		if !bytes.Equal(readFile(t, f.Path), f.New) {
			t.Errorf("%s not written by the rerun", f.Path)
		}
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) > 0 {
		t.Errorf("left behind: %v", left)
	}
}

// A file edited by hand after the kill is left as it is, and named; the
// rest of the set is rolled back.
func TestInterruptedExportLeavesAFileEditedSince(t *testing.T) {
	dir := copyFixtures(t)
	req := retuneRequest(t, dir)
	plan := mustPlan(t, req)
	stopAt := func(n int) {
		renames := 0
		defer export.SetRename(func(a, b string) error {
			if !strings.HasSuffix(b, ".bak") {
				if renames == n {
					panic(errStop)
				}
				renames++
			}
			return os.Rename(a, b)
		})()
		defer func() { recover() }()
		plan.Write()
	}
	stopAt(1)
	os.WriteFile(req.ChangelogPath, []byte("# edited by hand after the kill\n"), 0o644)
	notes, err := export.SettleInterrupted(req.RecipePath, req.MasterPath, req.ChangelogPath)
	if err != nil || len(notes) != 1 || !strings.Contains(notes[0], "rolled back") ||
		!strings.Contains(notes[0], req.ChangelogPath+" changed after the export was interrupted; left as it is") {
		t.Fatalf("notes %v, err %v", notes, err)
	}
	if string(readFile(t, req.ChangelogPath)) != "# edited by hand after the kill\n" {
		t.Error("the edit was overwritten")
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) > 0 {
		t.Errorf("left behind: %v", left)
	}
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
	func() {
		defer export.SetRename(func(a, b string) error {
			if strings.HasSuffix(b, "perf-changelog.excerpt.yaml") {
				panic(errStop)
			}
			return os.Rename(a, b)
		})()
		defer func() { recover() }()
		plan.Write()
	}()
	os.RemoveAll(other)
	notes, err := export.SettleInterrupted(req.RecipePath, req.MasterPath)
	if err != nil || len(notes) != 1 || !strings.Contains(notes[0], "rolled back") {
		t.Fatalf("notes %v, err %v", notes, err)
	}
	for _, f := range plan.Files[:2] {
		if !bytes.Equal(readFile(t, f.Path), f.Old) {
			t.Errorf("%s not rolled back", f.Path)
		}
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) > 0 {
		t.Errorf("left behind: %v", left)
	}
}
