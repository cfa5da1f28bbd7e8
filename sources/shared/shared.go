// Package shared locates, for tests, the repository root (its testdata/)
// and the ../shared folder beside it (docs, formats, corpus), which CI has
// but a clone may not: tests that need it skip cleanly when it is absent.
package shared

import (
	"os"
	"path/filepath"
	"testing"
)

// Root is the repository root: the nearest directory above the working
// directory that holds go.mod ("" when there is none).
func Root() string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// Testdata is a path under the repository's testdata/.
func Testdata(rel ...string) string {
	return filepath.Join(append([]string{Root(), "testdata"}, rel...)...)
}

// Dir is ../shared beside the repository root, and whether it exists.
func Dir() (string, bool) {
	root := Root()
	if root == "" {
		return "", false
	}
	dir := filepath.Join(root, "..", "shared")
	info, err := os.Stat(dir)
	return dir, err == nil && info.IsDir()
}

// Path is a path under ../shared; the test is skipped when it is absent.
func Path(tb testing.TB, rel ...string) string {
	tb.Helper()
	dir, ok := Dir()
	if !ok {
		tb.Skip("../shared is absent")
	}
	p := filepath.Join(append([]string{dir}, rel...)...)
	if _, err := os.Stat(p); err != nil {
		tb.Skipf("../shared: %v", err)
	}
	return p
}

// Glob matches a pattern under ../shared; nil when it is absent.
func Glob(pattern string) []string {
	dir, ok := Dir()
	if !ok {
		return nil
	}
	m, _ := filepath.Glob(filepath.Join(dir, pattern))
	return m
}

// AddShapeSeeds seeds a fuzz target with the files matching pattern under
// testdata/shapes, each whole and cut in half, then the given documents and
// the empty one.
func AddShapeSeeds(f *testing.F, pattern string, extra ...string) {
	files, _ := filepath.Glob(Testdata("shapes", pattern))
	for _, name := range files {
		if data, err := os.ReadFile(name); err == nil {
			f.Add(data)
			f.Add(data[:len(data)/2])
		}
	}
	for _, s := range extra {
		f.Add([]byte(s))
	}
	f.Add([]byte{})
}
