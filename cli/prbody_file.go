package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/sweeptune/sweeptune/sources"
)

// exitWriteFailed is a write that failed (a full disk, a read-only file
// system): not bad input, and not a verdict.
const exitWriteFailed = 3

// --pr-body FILE follows the workbench's B: it creates FILE and never
// replaces a file that is there, nor writes through a link or into a named
// pipe; --replace-pr-body replaces a regular file that is there (never a
// link). It is written on a dry run too: the body is what the flag asks
// for, and writing it changes no file of the export. docs/export.md.

// writePRBody writes body to path as said above: a temporary file beside
// it, synced, then linked to path (which fails when path exists) or, with
// replace, renamed over the regular file there.
func writePRBody(path string, body []byte, replace bool) error {
	info, err := os.Lstat(path)
	exists := err == nil
	switch {
	case err == nil && !info.Mode().IsRegular():
		return fmt.Errorf("%s: %v (the body is never written through a link or into a special file)", path, sources.NotRegularError{Mode: info.Mode()})
	case err == nil && !replace:
		return fmt.Errorf("%s exists: not replaced (give a new file, or --replace-pr-body to replace it)", path)
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return err
	}
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".new-*")
	if err != nil {
		return &writeFailure{err}
	}
	tmp := f.Name()
	defer os.Remove(tmp)
	_, werr := f.Write(body)
	if err := errors.Join(werr, f.Chmod(0o644), f.Sync(), f.Close()); err != nil {
		return &writeFailure{err}
	}
	if replace && exists {
		if err := os.Rename(tmp, path); err != nil {
			return &writeFailure{err}
		}
		return nil
	}
	if err := os.Link(tmp, path); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("%s exists: not replaced (created meanwhile)", path)
		}
		return &writeFailure{err}
	}
	return nil
}

// writeFailure is an error of the write itself (exit 3), not of its input.
type writeFailure struct{ err error }

func (w *writeFailure) Error() string { return w.err.Error() }
func (w *writeFailure) Unwrap() error { return w.err }

// failCode is the exit code of a failed write: exitWriteFailed for the
// write's own failures (writeFailure, a full disk, a quota, a read-only
// file system, an I/O error), exitBadInput otherwise.
func failCode(err error) int {
	var wf *writeFailure
	if errors.As(err, &wf) || isWriteErrno(err) {
		return exitWriteFailed
	}
	return exitBadInput
}
