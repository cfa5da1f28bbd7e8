package cli

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/sources/synth"
)

// BenchmarkReport100kRows runs the whole report command (load, group,
// frontier, hull, tables, plots) on a 100,000-row API-rows file.
func BenchmarkReport100kRows(b *testing.B) {
	path := filepath.Join(b.TempDir(), "rows.json")
	data := synth.APIRows(100000)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if code := run([]string{"report", path}, strings.NewReader(""), io.Discard, io.Discard); code != 0 {
			b.Fatalf("exit %d", code)
		}
	}
}

// BenchmarkReport100kRowsJSON is the same with --json.
func BenchmarkReport100kRowsJSON(b *testing.B) {
	path := filepath.Join(b.TempDir(), "rows.json")
	data := synth.APIRows(100000)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if code := run([]string{"report", "--json", path}, strings.NewReader(""), io.Discard, io.Discard); code != 0 {
			b.Fatalf("exit %d", code)
		}
	}
}
