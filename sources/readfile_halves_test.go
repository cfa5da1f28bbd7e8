package sources

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/sweeptune/sweeptune/sources/synth"
)

// A large file read in two halves holds its bytes; a binary one is still
// refused after its first few KB.
func TestReadDataHalves(t *testing.T) {
	dir := t.TempDir()
	rows := synth.Rows(30000, 12)
	if len(rows) < halvesMin {
		t.Fatalf("fixture %d bytes is below the halves' size", len(rows))
	}
	for _, n := range []int{len(rows), len(rows) - 1, halvesMin, halvesMin + 1} {
		path := filepath.Join(dir, "rows.json")
		os.WriteFile(path, rows[:n], 0o644)
		if data, err := readData(path); err != nil || !bytes.Equal(data, rows[:n]) {
			t.Fatalf("%d bytes: read %d, %v", n, len(data), err)
		}
	}
	bin := filepath.Join(dir, "core")
	os.WriteFile(bin, append([]byte{0x7f, 'E', 'L', 'F', 0, 0, 0}, rows...), 0o644)
	if _, err := readData(bin); !errors.Is(err, BinaryError{}) {
		t.Fatalf("binary: %v", err)
	}
}

// BenchmarkReadData reads a file of 100,000 rows.
func BenchmarkReadData(b *testing.B) {
	path := filepath.Join(b.TempDir(), "rows.json")
	rows := synth.Rows(100000, 12)
	os.WriteFile(path, rows, 0o644)
	b.SetBytes(int64(len(rows)))
	for b.Loop() {
		if _, err := readData(path); err != nil {
			b.Fatal(err)
		}
	}
}
