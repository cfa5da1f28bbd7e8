package export

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// Atomic multi-file writes: every new content goes to a temp file in the
// target's directory and is synced first; only then are the .bak copies
// written and the temp files renamed over the originals. A failure before
// the renames leaves every original untouched.

// renameFile is os.Rename; tests replace it to interrupt a write.
var renameFile = os.Rename

// FileWrite is one file to replace.
type FileWrite struct {
	Path    string
	Old     []byte // current contents, kept as Path+".bak"
	Content []byte
}

// WriteFilesAtomic replaces each file via temp file + fsync + rename and
// keeps a .bak of each original.
func WriteFilesAtomic(files []FileWrite) (err error) {
	temps := make([]string, len(files))
	defer func() {
		for _, t := range temps {
			if t != "" {
				os.Remove(t)
			}
		}
	}()
	for i, f := range files {
		if temps[i], err = writeTemp(f.Path, f.Content); err != nil {
			return err
		}
	}
	for _, f := range files {
		if err := writeSynced(f.Path+".bak", f.Old, fileMode(f.Path)); err != nil {
			return fmt.Errorf("backup of %s: %w", f.Path, err)
		}
	}
	for i, f := range files {
		if err := renameFile(temps[i], f.Path); err != nil {
			return fmt.Errorf("replace %s: %w", f.Path, err)
		}
		temps[i] = ""
		syncDir(filepath.Dir(f.Path))
	}
	return nil
}

func fileMode(path string) os.FileMode {
	if st, err := os.Stat(path); err == nil {
		return st.Mode().Perm()
	}
	return 0o644
}

func writeTemp(path string, content []byte) (string, error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return "", err
	}
	name := f.Name()
	_, werr := f.Write(content)
	serr := f.Sync()
	cerr := f.Close()
	if err := errors.Join(werr, serr, cerr); err != nil {
		os.Remove(name)
		return "", fmt.Errorf("write %s: %w", path, err)
	}
	if err := os.Chmod(name, fileMode(path)); err != nil {
		os.Remove(name)
		return "", err
	}
	return name, nil
}

func writeSynced(path string, content []byte, mode os.FileMode) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, mode)
	if err != nil {
		return err
	}
	_, werr := f.Write(content)
	return errors.Join(werr, f.Sync(), f.Close())
}

// syncDir makes a rename durable; filesystems that cannot sync a directory
// are not an error worth failing a finished write for.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}
