package export

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// WriteNewFile writes content to a file that does not exist yet: path, or
// path with -2, -3 … before its extension when that is taken. Nothing that
// was there is ever replaced: the temp file is linked to the free name (a
// link never overwrites) and then removed. It returns the name written.
func WriteNewFile(path string, content []byte) (string, error) {
	tmp, err := newTemp(path, content)
	if err != nil {
		return "", err
	}
	defer os.Remove(tmp)
	ext := filepath.Ext(path)
	stem := strings.TrimSuffix(path, ext)
	for n := 1; n < 1000; n++ {
		name := path
		if n > 1 {
			name = fmt.Sprintf("%s-%d%s", stem, n, ext)
		}
		err := os.Link(tmp, name)
		if err == nil {
			syncDir(filepath.Dir(name))
			return name, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return "", fmt.Errorf("write %s: %w", name, err)
		}
	}
	return "", fmt.Errorf("write %s: 999 files of that name exist already", path)
}

// newTemp writes content to a fresh temporary file beside path, synced.
func newTemp(path string, content []byte) (string, error) {
	name, err := writeTemp(path, content, 0o644, nil)
	if err != nil {
		return "", fmt.Errorf("write %s: %w", path, err)
	}
	return name, nil
}
