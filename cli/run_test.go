package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/internal/check"
)

// runCmd runs the CLI as main does and returns stdout, stderr and the code.
func runCmd(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(args, strings.NewReader(""), &out, &errOut)
	return out.String(), errOut.String(), code
}

// runOK runs the CLI and returns stdout, failing the test unless it exits 0.
func runOK(t *testing.T, args ...string) string {
	t.Helper()
	out, stderr, code := runCmd(t, args...)
	if code != exitOK {
		t.Fatalf("%v: exit %d: %s", args, code, stderr)
	}
	return out
}

// wantAll fails the test for each of wants that out lacks.
func wantAll(t *testing.T, out string, wants ...string) {
	t.Helper()
	check.Contains(t, "output", out, wants...)
}

// readTestdata reads a file under the repository's testdata/ (rel in
// slash form), failing the test when it cannot.
func readTestdata(t *testing.T, rel string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "testdata", filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// userCache makes a new temp dir the user cache directory (XDG_CACHE_HOME,
// with HOME elsewhere) and returns it.
func userCache(t *testing.T) string {
	t.Helper()
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Setenv("HOME", t.TempDir())
	return cache
}

// noUserConfig keeps the user's own GPU config out of a test.
func noUserConfig(t *testing.T) {
	t.Helper()
	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", dir)
	t.Setenv("HOME", dir)
}

// writeFixture writes files (name → body) into a new temp dir and returns it.
func writeFixture(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	writeFiles(t, dir, files)
	return dir
}

// fixtureFile writes one file, name, into a new temp dir and returns its path.
func fixtureFile(t *testing.T, name, body string) string {
	t.Helper()
	return filepath.Join(writeFixture(t, map[string]string{name: body}), name)
}

// userGPUs makes dir the user config directory (XDG_CONFIG_HOME) and writes
// its sweeptune/gpus.yaml; it returns the file's path.
func userGPUs(t *testing.T, dir, body string) string {
	t.Helper()
	t.Setenv("XDG_CONFIG_HOME", dir)
	writeFiles(t, filepath.Join(dir, "sweeptune"), map[string]string{"gpus.yaml": body})
	return filepath.Join(dir, "sweeptune", "gpus.yaml")
}

// writeFiles writes files (name → body) into dir, made if need be.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
