package cli

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/sources/synth"
)

// BenchmarkAuditRows runs audit --json on 100,000 rows of the speed
// reference's shape over about 1,000 curves, the scale docs/audit.md
// states (report --json on the same rows: BenchmarkReportRows/100k×1000).
func BenchmarkAuditRows(b *testing.B) {
	path := filepath.Join(b.TempDir(), "rows.json")
	data := synth.Rows(100000, 1000)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if code := run([]string{"audit", "--json", path}, strings.NewReader(""), io.Discard, io.Discard); code != 0 {
			b.Fatalf("exit %d", code)
		}
	}
}
