package cli

import (
	"fmt"
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

// BenchmarkReportRows runs report --json (load, latest, IDs, group,
// frontier, hull, output) on rows in the speed reference's shape: 100,000
// and 1,000,000 rows over 12 and about 1,000 curves.
func BenchmarkReportRows(b *testing.B) {
	for _, size := range []struct {
		name         string
		rows, curves int
	}{{"100k×12", 100000, 12}, {"100k×1000", 100000, 1000}, {"1M×12", 1000000, 12}, {"1M×1000", 1000000, 1000}} {
		b.Run(size.name, func(b *testing.B) {
			// a file holds at most 500,000 rows, so 1M rows are a
			// directory of two (BenchmarkReportRowsFile times one file)
			dir := b.TempDir()
			total := 0
			for i, data := range synth.RowFiles(size.rows, size.curves, 500000) {
				if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("rows%d.json", i)), data, 0o644); err != nil {
					b.Fatal(err)
				}
				total += len(data)
			}
			b.SetBytes(int64(total))
			path := dir
			for b.Loop() {
				if code := run([]string{"report", "--json", "--x", "mean-intvty", path}, strings.NewReader(""), io.Discard, io.Discard); code != 0 {
					b.Fatalf("exit %d", code)
				}
			}
		})
	}
}

// BenchmarkReportRowsFile runs report --json --x mean-intvty on the file or
// directory named by SWEEPTUNE_BENCH_ROWS (a million rows from
// go run ./internal/synthrows, say); without it the benchmark is skipped.
func BenchmarkReportRowsFile(b *testing.B) {
	path := os.Getenv("SWEEPTUNE_BENCH_ROWS")
	if path == "" {
		b.Skip("SWEEPTUNE_BENCH_ROWS names no rows file")
	}
	for b.Loop() {
		if code := run([]string{"report", "--json", "--x", "mean-intvty", path}, strings.NewReader(""), io.Discard, io.Discard); code != 0 {
			b.Fatalf("exit %d", code)
		}
	}
}
