package export_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/sweeptune/sweeptune/sources/export"
)

// An edit made between loading and writing (the TUI keeps files loaded for
// minutes) used to be silently lost, from the file and from its .bak.
func TestWriteRefusesAFileChangedSinceLoaded(t *testing.T) {
	_, req := retuneCopy(t)
	plan := mustPlan(t, req)
	edited := append(readFile(t, req.RecipePath), "# tuned by hand meanwhile\n"...)
	os.WriteFile(req.RecipePath, edited, 0o644)

	err := plan.Write()
	want := req.RecipePath + " changed since it was loaded; reload and export again"
	if refusedText(err) != want {
		t.Fatalf("err = %v, want a refusal %q", err, want)
	}
	if !bytes.Equal(readFile(t, req.RecipePath), edited) {
		t.Error("the edit was lost")
	}
	for _, f := range plan.Files {
		if f.Path != req.RecipePath && !bytes.Equal(readFile(t, f.Path), f.Old) {
			t.Errorf("%s was written although the export was refused", f.Path)
		}
		if _, err := os.Stat(export.BackupPath(f.Path)); err == nil {
			t.Errorf("%s: a backup written by a refused export", f.Path)
		}
	}
	// Rebuilt from the edited file, the export goes through and keeps the edit.
	if err := mustPlan(t, req).Write(); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, req.RecipePath); !bytes.Contains(got, []byte("# tuned by hand meanwhile")) || !bytes.Contains(got, []byte("override_7p1d_dep2_dep16_b96_c5540:")) {
		t.Error("the second export lost the edit or the overrides")
	}
}

// Two exports of different points on the same files at once: never both
// successful with one lost, never files mixed from both (it was 6 lost
// and 2 mixed in 12 trials). The loser is refused and says why.
func TestConcurrentExportsNeverLoseOne(t *testing.T) {
	both := 0
	defer func() { t.Logf("%d of 20 trials ran one after the other (both succeeded, both kept)", both) }()
	for trial := range 20 {
		dir := copyFixtures(t)
		reqs := []export.ExportRequest{retuneRequest(t, dir), retuneRequest(t, dir)}
		reqs[0].Add, reqs[0].Remove = []string{"7p1d-dep2-dep16-b96-c5540"}, nil
		reqs[1].Add, reqs[1].Remove = []string{"9p1d-dep2-dep16-b192-c7480"}, nil
		errs := make([]error, 2)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range reqs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				plan, err := export.BuildExport(reqs[i])
				if err == nil {
					err = plan.Write()
				}
				errs[i] = err
			}()
		}
		close(start)
		wg.Wait()
		recipe := readFile(t, reqs[0].RecipePath)
		changelog := readFile(t, reqs[0].ChangelogPath)
		ok := 0
		// The entry names a point by its shorthand and decode cap.
		entryName := map[string]string{"override_7p1d_dep2_dep16_b96_c5540:": "7P c5540 BS96", "override_9p1d_dep2_dep16_b192_c7480:": "9P c7480 BS192"}
		for i, key := range []string{"override_7p1d_dep2_dep16_b96_c5540:", "override_9p1d_dep2_dep16_b192_c7480:"} {
			switch {
			case errs[i] == nil:
				ok++
				if !bytes.Contains(recipe, []byte(key)) || !bytes.Contains(changelog, []byte(entryName[key])) {
					t.Fatalf("trial %d: export %d succeeded but %s is not in the files", trial, i, key)
				}
			case !strings.Contains(refusedText(errs[i]), "changed since it was loaded; reload and export again"):
				t.Fatalf("trial %d: export %d failed without the refusal: %v", trial, i, errs[i])
			case bytes.Contains(recipe, []byte(key)):
				t.Fatalf("trial %d: refused export %d left %s in the recipe", trial, i, key)
			}
		}
		if ok == 0 {
			t.Fatalf("trial %d: both refused: %v", trial, errs)
		}
		both += ok - 1
		if entries := bytes.Count(changelog, []byte("\n- config-keys:")); entries != bytes.Count(readFile(t, filepath.Join(fixtures, "perf-changelog.excerpt.yaml")), []byte("\n- config-keys:"))+ok {
			t.Fatalf("trial %d: %d successful exports, %d changelog entries", trial, ok, entries)
		}
	}
}

// A link planted where the backup goes used to make the write overwrite
// the victim.
func TestBackupDoesNotFollowALink(t *testing.T) {
	_, req := retuneCopy(t)
	victim := filepath.Join(t.TempDir(), "victim")
	os.WriteFile(victim, []byte("precious\n"), 0o644)
	bak := export.BackupPath(req.ChangelogPath)
	os.MkdirAll(filepath.Dir(bak), 0o700)
	if err := os.Symlink(victim, bak); err != nil {
		t.Skip("no symlinks:", err)
	}
	old := readFile(t, req.ChangelogPath)
	if err := mustPlan(t, req).Write(); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, victim); string(got) != "precious\n" {
		t.Fatalf("the victim was overwritten: %q", got)
	}
	info, err := os.Lstat(bak)
	if err != nil || !info.Mode().IsRegular() || !bytes.Equal(readFile(t, bak), old) {
		t.Fatalf("backup: %v %v", info, err)
	}
}

// A symlinked target used to be replaced by a regular file while the real
// file got nothing. It is written through: the link stays, its target
// gets the entry (renamed into its own directory), the backup is the
// link's, under the state directory.
func TestSymlinkedTargetIsWrittenThrough(t *testing.T) {
	_, req := retuneCopy(t)
	shared := filepath.Join(t.TempDir(), "shared")
	os.Mkdir(shared, 0o755)
	real := filepath.Join(shared, "perf-changelog.yaml")
	old := readFile(t, req.ChangelogPath)
	os.WriteFile(real, old, 0o644)
	os.Remove(req.ChangelogPath)
	if err := os.Symlink(real, req.ChangelogPath); err != nil {
		t.Skip("no symlinks:", err)
	}
	plan := mustPlan(t, req)
	if err := plan.Write(); err != nil {
		t.Fatal(err)
	}
	if info, _ := os.Lstat(req.ChangelogPath); info.Mode()&os.ModeSymlink == 0 {
		t.Error("the link was replaced by a regular file")
	}
	got := readFile(t, real)
	if !bytes.HasPrefix(got, old) || len(got) == len(old) || !bytes.Contains(got, []byte("7P c5540 BS96")) {
		t.Errorf("the real file did not get the entry (%d → %d bytes)", len(old), len(got))
	}
	if !bytes.Equal(readFile(t, export.BackupPath(req.ChangelogPath)), old) {
		t.Error("the backup does not hold the previous contents")
	}
	nothingLeft(t, shared, ".*tmp-*")
	// A dangling link is refused, naming it.
	os.Remove(real)
	if err := mustPlanOrErr(req); err == nil {
		t.Error("a dangling link was accepted")
	}
}

func mustPlanOrErr(req export.ExportRequest) error {
	_, err := export.BuildExport(req)
	return err
}

// When the second rename failed, the first file was already replaced and
// nothing said so. Now the first is put back, and the error says which
// file is in which state; when putting back fails too, it says where the
// previous contents are.
func TestWriteIsAllOrNothing(t *testing.T) {
	dir, req := retuneCopy(t)
	plan := mustPlan(t, req)
	second := plan.Files[1].Path
	restore := export.SetRename(func(from, to string) error {
		if to == second {
			return syscall.ENOSPC
		}
		return os.Rename(from, to)
	})
	err := plan.Write()
	restore()
	var we *export.WriteError
	if !errors.As(err, &we) || !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("err = %v", err)
	}
	want := []string{plan.Files[0].Path + ": put back as it was", plan.Files[1].Path + ": not replaced", plan.Files[2].Path + ": not replaced"}
	if strings.Join(we.States, "|") != strings.Join(want, "|") {
		t.Errorf("states %q, want %q", we.States, want)
	}
	wantOld(t, plan.Files, "is not as it was")
	nothingLeft(t, dir, ".*tmp-*")

	// Putting back fails too: the error says the file is replaced and
	// where its previous contents are.
	first := plan.Files[0].Path
	calls := 0
	restore = export.SetRename(func(from, to string) error {
		if to == second || (to == first && calls > 0) {
			return syscall.EIO
		}
		if to == first {
			calls++
		}
		return os.Rename(from, to)
	})
	err = plan.Write()
	restore()
	if !errors.As(err, &we) || !strings.Contains(we.States[0], first+": REPLACED with the new contents, and putting it back failed") ||
		!strings.Contains(we.States[0], "previous contents are in "+export.BackupPath(first)) {
		t.Fatalf("err = %v", err)
	}
	if !bytes.Equal(readFile(t, export.BackupPath(first)), plan.Files[0].Old) {
		t.Error("the backup does not hold the previous contents")
	}
}

// Mode, owner and CRLF line endings are kept; a read-only target is
// refused, not replaced.
func TestWriteKeepsModeOwnerAndLineEndings(t *testing.T) {
	dir, req := retuneCopy(t)
	crlf := bytes.ReplaceAll(readFile(t, req.ChangelogPath), []byte("\n"), []byte("\r\n"))
	os.WriteFile(req.ChangelogPath, crlf, 0o644)
	os.Chmod(req.RecipePath, 0o640)
	uid, gid := os.Getuid(), os.Getgid()
	if uid == 0 {
		uid, gid = 1234, 5678 // root can hand the file to anyone: check it stays theirs
		os.Chown(req.MasterPath, uid, gid)
	}
	plan := mustPlan(t, req)
	if err := plan.Write(); err != nil {
		t.Fatal(err)
	}
	if info, _ := os.Stat(req.RecipePath); info.Mode().Perm() != 0o640 {
		t.Errorf("recipe mode %v, want 0640", info.Mode().Perm())
	}
	if info, _ := os.Stat(req.MasterPath); info.Sys().(*syscall.Stat_t).Uid != uint32(uid) || info.Sys().(*syscall.Stat_t).Gid != uint32(gid) {
		t.Errorf("master owner %d:%d, want %d:%d", info.Sys().(*syscall.Stat_t).Uid, info.Sys().(*syscall.Stat_t).Gid, uid, gid)
	}
	got := readFile(t, req.ChangelogPath)
	if !bytes.HasPrefix(got, crlf) || len(got) == len(crlf) {
		t.Fatal("the CRLF changelog lost bytes or got no entry")
	}
	if n, lf := bytes.Count(got, []byte("\r\n")), bytes.Count(got, []byte("\n")); n != lf {
		t.Errorf("%d of %d lines end in CRLF", n, lf)
	}
	if !strings.Contains(plan.Diff(), "+- config-keys:") || strings.Contains(plan.Diff(), "\r") {
		t.Error("the diff should show the entry's lines without carriage returns")
	}

	dir = copyFixtures(t)
	req = retuneRequest(t, dir)
	plan = mustPlan(t, req)
	os.Chmod(req.MasterPath, 0o444)
	err := plan.Write()
	if want := req.MasterPath + " is read-only; not replaced"; refusedText(err) != want {
		t.Fatalf("read-only: err = %v", err)
	}
	wantOld(t, plan.Files, "written although a target is read-only")
}

// A FIFO named as a target used to hang the export.
func TestFIFOTargetIsRefused(t *testing.T) {
	_, req := retuneCopy(t)
	os.Remove(req.ChangelogPath)
	if err := syscall.Mkfifo(req.ChangelogPath, 0o644); err != nil {
		t.Skip("no FIFOs:", err)
	}
	done := make(chan error, 1)
	go func() { done <- mustPlanOrErr(req) }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "not a regular file (a named pipe); refused") {
			t.Fatalf("err = %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the export hung on a FIFO")
	}
}
