package export

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/sources/reading"
)

// Writing a set of files so that nothing is lost or misplaced:
//
//  1. every target is resolved (a symbolic link is written through: the
//     new file is renamed into the link's target directory, the link
//     stays) and must be a writable regular file;
//  2. the directories involved are locked, so two exports never interleave;
//  3. under the lock each target is read again and must still hold what
//     the plan was built from, else the export is refused (the file was
//     edited, or another export landed, since it was loaded);
//  4. every temporary file is staged and synced first: the new contents,
//     the backups and a copy to roll back to, each with the original's
//     mode and owner;
//  5. an intent journal is written before the first rename (journal.go),
//     so that a kill at any moment leaves a set the next export finishes
//     or rolls back;
//  6. the backups are renamed into place (a rename replaces a planted
//     symbolic link, it never writes through one), then the targets; when
//     one rename fails, the targets already replaced are rolled back and
//     the error says which file is in which state.

// renameFile is os.Rename; tests replace it to interrupt a write.
var renameFile = os.Rename

// FileWrite is one file to replace, or to create.
type FileWrite struct {
	Path    string
	Old     []byte // the contents the plan was built from, kept as BackupPath(Path)
	Content []byte
	Create  bool // a new file: refused when Path exists, no backup (create.go)
	// Within, when set, is the directory the file must stay in: a name
	// sweeptune derived (not one the user gave) is never written through a
	// link, and must resolve to a file of that directory.
	Within string
}

// target is a FileWrite worked out for writing.
type target struct {
	FileWrite
	real          string      // where the contents live (links resolved)
	info          fs.FileInfo // of real: mode and owner to keep
	temp, restore string      // staged new and old contents, beside real
	bak, bakTemp  string      // BackupPath(Path) and its staged contents
}

// WriteFilesAtomic replaces the files all together or not at all, keeping a
// backup of each under BackupDir. Refusals (a file changed since it was loaded, a read-only
// or irregular target) are a *RefusedError; a failure while replacing is a
// *WriteError naming the state of every file.
func WriteFilesAtomic(files []FileWrite) (err error) {
	creates, files := splitCreates(files)
	ts, err := resolveTargets(files)
	if err != nil {
		return err
	}
	for _, t := range ts {
		if err := os.MkdirAll(filepath.Dir(t.bak), 0o700); err != nil {
			return fmt.Errorf("backup of %s: %w; nothing was replaced", t.Path, err)
		}
	}
	// An export killed earlier in these directories is settled first (and
	// what it changed is then refused by verify as changed since loaded).
	if _, err := settleDirs(writeDirs(ts, creates)); err != nil {
		return err
	}
	unlock, err := lockDirs(writeDirs(ts, creates))
	if err != nil {
		return err
	}
	defer unlock()
	if err := verify(ts); err != nil {
		return err
	}
	if err := verifyCreates(creates); err != nil {
		return err
	}
	var j *journal
	defer func() {
		if j != nil && !j.done {
			return // a panic mid-write: the journal's staged copies settle it next time
		}
		removeStaged(creates)
		for _, t := range ts {
			for _, p := range []string{t.temp, t.restore, t.bakTemp} {
				if p != "" {
					os.Remove(p)
				}
			}
		}
	}()
	for i := range ts {
		if err := stageAll(&ts[i]); err != nil {
			return fmt.Errorf("%s: %w; nothing was replaced", ts[i].Path, err)
		}
	}
	if err := stageCreates(creates); err != nil {
		return err
	}
	j = newJournal(ts, creates, journalDirs(ts, creates))
	if err := j.save(); err != nil {
		j.remove()
		return fmt.Errorf("%w; nothing was replaced", err)
	}
	fail := func(failed int, cause error) error {
		j.State = stateRollingBack
		j.save() // a kill during the roll-back still ends rolled back
		err := rollBack(ts, failed, cause)
		j.remove()
		return err
	}
	for i := range ts {
		t := &ts[i]
		if err := renameFile(t.bakTemp, t.bak); err != nil {
			j.remove()
			return fmt.Errorf("backup %s: %w; nothing was replaced", t.bak, err)
		}
		t.bakTemp = ""
	}
	for i := range ts {
		t := &ts[i]
		if err := renameFile(t.temp, t.real); err != nil {
			return fail(i, err)
		}
		t.temp = ""
	}
	if err := linkCreates(creates); err != nil {
		return fail(len(ts), err)
	}
	for _, d := range writeDirs(ts, creates) {
		syncDir(d)
	}
	j.remove()
	return nil
}

// resolveTargets follows links and refuses what cannot be written safely.
func resolveTargets(files []FileWrite) ([]target, error) {
	var problems []string
	ts := make([]target, 0, len(files))
	byReal := map[string]string{}
	for _, f := range files {
		t := target{FileWrite: f, bak: BackupPath(f.Path)}
		if f.Within != "" {
			if msg := confinedProblem(f.Path, f.Within); msg != "" {
				problems = append(problems, msg)
				continue
			}
		}
		real, err := filepath.EvalSymlinks(f.Path)
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s: %v", f.Path, reading.PathErr(err)))
			continue
		}
		if abs, err := filepath.Abs(real); err == nil {
			real = abs
		}
		t.real = real
		if other, dup := byReal[real]; dup {
			problems = append(problems, fmt.Sprintf("%s and %s are the same file", other, f.Path))
			continue
		}
		byReal[real] = f.Path
		ts = append(ts, t)
	}
	if len(problems) > 0 {
		return nil, &RefusedError{Problems: problems}
	}
	return ts, nil
}

// journalDirs are the directories of the targets and new files (not their
// backups'): a journal copy goes in each, where the next export of those
// files looks for it.
func journalDirs(ts []target, creates []*creation) []string {
	var paths []string
	for _, t := range ts {
		paths = append(paths, filepath.Dir(t.real))
	}
	for _, c := range creates {
		paths = append(paths, filepath.Dir(c.Path))
	}
	return uniqueSorted(paths)
}

// writeDirs is every directory a write touches (each target's, its
// backup's and each new file's), sorted so that two exports lock them in
// the same order.
func writeDirs(ts []target, creates []*creation) []string {
	var paths []string
	for _, t := range ts {
		paths = append(paths, t.real, t.bak)
	}
	for _, c := range creates {
		paths = append(paths, c.Path)
	}
	for i, p := range paths {
		paths[i] = filepath.Dir(p)
	}
	return uniqueSorted(paths)
}

// verify re-reads every target under the lock.
func verify(ts []target) error {
	var problems []string
	for i := range ts {
		t := &ts[i]
		info, err := os.Stat(t.real)
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s changed since it was loaded (%v); reload and export again", t.Path, reading.PathErr(err)))
			continue
		}
		t.info = info
		if !info.Mode().IsRegular() {
			problems = append(problems, fmt.Sprintf("%s: %v", t.Path, sources.NotRegularError{Mode: info.Mode()}))
			continue
		}
		if info.Mode().Perm()&0o222 == 0 || !writable(t.real) {
			problems = append(problems, fmt.Sprintf("%s is read-only; not replaced", t.Path))
			continue
		}
		now, err := sources.ReadRegular(t.real)
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s: %v", t.Path, reading.PathErr(err)))
			continue
		}
		if !bytes.Equal(now, t.Old) {
			problems = append(problems, fmt.Sprintf("%s changed since it was loaded; reload and export again", t.Path))
		}
	}
	if len(problems) > 0 {
		return &RefusedError{Problems: problems}
	}
	return nil
}

// stageAll writes t's temporary files: new contents and the roll-back copy
// beside the real file, the backup beside the named path.
func stageAll(t *target) error {
	var err error
	if t.temp, err = stage(t.real, t.Content, t.info); err != nil {
		return err
	}
	if t.restore, err = stage(t.real, t.Old, t.info); err != nil {
		return err
	}
	t.bakTemp, err = stage(t.bak, t.Old, t.info)
	return err
}

// stage writes content to a new temporary file beside path, with like's
// mode and owner.
func stage(path string, content []byte, like fs.FileInfo) (string, error) {
	return writeTemp(path, content, like.Mode()&(fs.ModePerm|fs.ModeSetuid|fs.ModeSetgid|fs.ModeSticky), like)
}

// writeTemp writes content to a new temporary file beside path (O_EXCL:
// never an existing file or link; its name is provably this user's,
// ownership.go), synced, with mode and, when like is
// given, like's owner. On failure nothing is left behind.
func writeTemp(path string, content []byte, mode fs.FileMode, like fs.FileInfo) (string, error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := createOwnTemp(dir, base)
	if err != nil {
		return "", err
	}
	name := f.Name()
	_, werr := f.Write(content)
	merr := f.Chmod(mode)
	var oerr error
	if like != nil {
		oerr = keepOwner(f, like)
	}
	err = errors.Join(werr, merr, oerr, f.Sync(), f.Close())
	if err != nil {
		os.Remove(name)
		return "", err
	}
	return name, nil
}

// WriteError is a write that failed while replacing files: what went wrong
// and the state each file is left in.
type WriteError struct {
	Err    error
	States []string
}

func (e *WriteError) Error() string {
	return e.Err.Error() + ". " + strings.Join(e.States, "; ")
}

func (e *WriteError) Unwrap() error { return e.Err }

// rollBack puts back the targets replaced before ts[failed] (renaming
// their staged copies over them) and reports every file's state.
func rollBack(ts []target, failed int, cause error) error {
	we := &WriteError{Err: cause} // failed == len(ts): a new file could not be created
	if failed < len(ts) {
		we.Err = fmt.Errorf("replace %s: %w", ts[failed].Path, cause)
	}
	states := make([]string, len(ts))
	for i := failed - 1; i >= 0; i-- {
		if err := renameFile(ts[i].restore, ts[i].real); err != nil {
			states[i] = fmt.Sprintf("%s: REPLACED with the new contents, and putting it back failed (%v): its previous contents are in %s", ts[i].Path, err, ts[i].bak)
			continue
		}
		ts[i].restore = ""
		states[i] = fmt.Sprintf("%s: put back as it was", ts[i].Path)
	}
	for i := failed; i < len(ts); i++ {
		states[i] = fmt.Sprintf("%s: not replaced", ts[i].Path)
	}
	we.States = states
	return we
}

// syncDir makes a rename durable; filesystems that cannot sync a directory
// are not an error worth failing a finished write for.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// createOwnTemp creates a new temporary file for base in dir, named by
// ownTempName, never an existing file or link.
func createOwnTemp(dir, base string) (*os.File, error) {
	for try := 0; ; try++ {
		f, err := os.OpenFile(filepath.Join(dir, ownTempName(base)), os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
		if err == nil || !errors.Is(err, fs.ErrExist) || try >= 100 {
			return f, err
		}
	}
}
