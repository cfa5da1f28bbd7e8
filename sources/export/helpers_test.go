package export_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/sources/export"
)

// Helpers the export tests share: building a plan, reading what a write
// left, and stopping a write part way as a kill would.

func readFile(t *testing.T, p string) []byte {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func mustPlan(t *testing.T, req export.ExportRequest) *export.ExportPlan {
	t.Helper()
	plan, err := export.BuildExport(req)
	if err != nil {
		t.Fatal(err)
	}
	return plan
}

func refusedText(err error) string {
	var r *export.RefusedError
	if errors.As(err, &r) {
		return strings.Join(r.Problems, "; ")
	}
	return ""
}

// wantOld fails the test for each of files that does not hold its old
// bytes, as "<path> <why>".
func wantOld(t *testing.T, files []export.FileChange, why string) {
	t.Helper()
	for _, f := range files {
		if !bytes.Equal(readFile(t, f.Path), f.Old) {
			t.Errorf("%s %s", f.Path, why)
		}
	}
}

// wantNew fails the test for each of files that does not hold its new
// bytes, as "<path> <why>".
func wantNew(t *testing.T, files []export.FileChange, why string) {
	t.Helper()
	for _, f := range files {
		if !bytes.Equal(readFile(t, f.Path), f.New) {
			t.Errorf("%s %s", f.Path, why)
		}
	}
}

// nothingLeft fails the test when dir holds files that match pattern (a
// staged temp file, a journal): a write left them behind.
func nothingLeft(t *testing.T, dir, pattern string) {
	t.Helper()
	if left, _ := filepath.Glob(filepath.Join(dir, pattern)); len(left) > 0 {
		t.Errorf("left behind: %v", left)
	}
}

// The failures the write tests inject: errStop is panicked as a kill
// stops a write, errPowerCut is what a failing rename returns.
var (
	errStop     = errors.New("stopped")
	errPowerCut = errors.New("power cut")
)

// writeStopped runs plan.Write and stops it dead, as a kill would, at the
// first rename (a .bak's aside) that stop says to: the rename panics, so no
// deferred clean-up of the writer's runs past it.
func writeStopped(t *testing.T, plan *export.ExportPlan, stop func(dst string) bool) {
	t.Helper()
	defer export.SetRename(func(a, b string) error {
		if !strings.HasSuffix(b, ".bak") && stop(b) {
			panic(errStop)
		}
		return os.Rename(a, b)
	})()
	defer func() {
		if r := recover(); r != errStop {
			t.Fatalf("recovered %v, want the write stopped", r)
		}
	}()
	plan.Write()
}

// afterRenames stops a write once n renames (.bak's aside) have been done.
func afterRenames(n int) func(string) bool {
	renames := 0
	return func(string) bool {
		if renames == n {
			return true
		}
		renames++
		return false
	}
}
