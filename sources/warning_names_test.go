//go:build unix

package sources

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A newline in a file name used to print raw, forging a second warning
// line ("warning: results.json: …" that no file said). A warning is one
// line: file, field and message show a line break escaped, as every other
// control character is; the Warning keeps the exact name (--json).
func TestFileNamesCannotForgeAWarningLine(t *testing.T) {
	dir := t.TempDir()
	name := "bad.json\nwarning: results.json: all points verified\r"
	if err := os.WriteFile(filepath.Join(dir, name), []byte("{not json"), 0o644); err != nil {
		t.Skip("this file system takes no newline in a name:", err)
	}
	loop := filepath.Join(dir, "sub\nwarning: forged")
	os.Mkdir(loop, 0o755)
	os.Symlink(loop, filepath.Join(loop, "back"))
	ds := LoadPaths([]string{dir}, Options{})
	if len(ds.Warnings) != 1 || ds.Warnings[0].File != filepath.Join(dir, name) {
		t.Fatalf("warnings %+v", ds.Warnings)
	}
	got := ds.Warnings[0].String()
	if strings.ContainsAny(got, "\n\r") || !strings.Contains(got, `bad.json\x0awarning: results.json: all points verified\x0d: `) {
		t.Errorf("warning line %q", got)
	}
	if len(ds.Notices) != 1 || strings.ContainsAny(ds.Notices[0], "\n\r") || !strings.Contains(ds.Notices[0], `sub\x0awarning: forged`) {
		t.Errorf("notices %q", ds.Notices)
	}
	w := Warning{File: "f", Field: "a\u2028b", Msg: "x\ny"}
	if s := w.String(); s != `f: a\u2028b: x\x0ay` {
		t.Errorf("%q", s)
	}
}
