package export

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/sources/reading"
)

// A name sweeptune derives (a new recipe beside its sibling) is confined to
// the directory it was derived in: it is never written through a link,
// whatever --replace says, and it must resolve to a file of that directory.
// Paths the user names (--recipe, --master, --changelog) are the user's:
// a link there is written through, into the link's target directory.

// confinedProblem is why path, confined to dir, cannot be written ("" when
// it can): a link, something not a regular file, or a directory that
// resolves elsewhere.
func confinedProblem(path, dir string) string {
	if info, err := os.Lstat(path); err == nil {
		if info.Mode()&fs.ModeSymlink != 0 {
			to, _ := os.Readlink(path)
			return fmt.Sprintf("%s is a symbolic link to %s; a derived file is never written through a link (remove the link, or export into another directory)", path, to)
		}
		if !info.Mode().IsRegular() {
			return fmt.Sprintf("%s: %v", path, sources.NotRegularError{Mode: info.Mode()})
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return fmt.Sprintf("%s: %v", path, reading.PathErr(err))
	}
	want, err := realDir(dir)
	if err != nil {
		return fmt.Sprintf("%s: %v", dir, reading.PathErr(err))
	}
	got, err := realDir(filepath.Dir(path))
	if err != nil {
		return fmt.Sprintf("%s: %v", filepath.Dir(path), reading.PathErr(err))
	}
	if got != want {
		return fmt.Sprintf("%s resolves into %s, outside %s; not written", path, got, dir)
	}
	return ""
}

func realDir(dir string) (string, error) {
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return "", err
	}
	return filepath.Abs(real)
}

// DerivedTargetProblem is why an export may not write the derived name
// path in dir ("" when it may): confinedProblem, or an existing file that
// is not a recipe (what --replace is for is a recipe of another topology).
func DerivedTargetProblem(path, dir string, existing []byte, exists bool) string {
	if msg := confinedProblem(path, dir); msg != "" {
		return msg
	}
	if exists {
		if f := sources.FormatName(existing); f != "srt-slurm recipe" {
			what := "no format sweeptune reads"
			if f != "" {
				what = "a " + f
			}
			return fmt.Sprintf("%s already exists and is not a recipe (it reads as %s); not replaced, even with --replace: move it away", path, what)
		}
	}
	return ""
}
