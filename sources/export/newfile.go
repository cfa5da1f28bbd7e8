package export

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/sweeptune/sweeptune/sources"
)

// WriteNewFile writes content to a file that does not exist yet: path, or
// path with -2, -3 … before its extension when that is taken. Nothing that
// was there is ever replaced: the temp file is linked to the free name (a
// link never overwrites) and then removed. It returns the name written.
//
// A name longer than maxStem bytes (before its extension) is cut and ends
// in a hash of the whole (ShortName): a name derived from a long model
// name must not pass the file system's 255 bytes.
func WriteNewFile(path string, content []byte) (string, error) {
	path = ShortName(path)
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

// maxStem bounds a derived file name before its extension: with the
// extension, a -999 suffix and the temporary file's ".….tmp-<10 digits>" it
// stays far under the 255 bytes file systems allow, and readable.
const maxStem = 96

// ShortName cuts the file name of path to maxStem bytes before its
// extension, ending it in 8 hex digits of the whole name's SHA-256, so
// that names which share their start stay apart; a short name is as is.
func ShortName(path string) string {
	dir, base := filepath.Split(path)
	ext := filepath.Ext(base)
	stem := strings.TrimSuffix(base, ext)
	if len(stem) <= maxStem {
		return path
	}
	cut := maxStem - 9
	for cut > 0 && !utf8.RuneStart(stem[cut]) {
		cut--
	}
	return dir + stem[:cut] + "-" + sources.Digest([]byte(stem))[:8] + ext
}
