package sources

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/sources/synth"
)

// A large file read off the heap holds the bytes readData reads; a binary
// one is refused after its first few KB as there.
func TestReadDataOffHeap(t *testing.T) {
	dir := t.TempDir()
	rows := synth.Rows(30000, 12)
	if len(rows) < offHeapMin {
		t.Fatalf("fixture %d bytes is below the off-heap size", len(rows))
	}
	path := filepath.Join(dir, "rows.json")
	os.WriteFile(path, rows, 0o644)
	data, release, err := readDataOffHeap(path)
	if err != nil || release == nil || !bytes.Equal(data, rows) {
		t.Fatalf("%d bytes, release %v, %v", len(data), release != nil, err)
	}
	release()
	small := filepath.Join(dir, "small.json")
	os.WriteFile(small, rows[:1000], 0o644)
	if data, release, err := readDataOffHeap(small); err != nil || release != nil || !bytes.Equal(data, rows[:1000]) {
		t.Fatalf("small: %d bytes, release %v, %v", len(data), release != nil, err)
	}
	bin := filepath.Join(dir, "core")
	os.WriteFile(bin, append([]byte{0x7f, 'E', 'L', 'F', 0, 0, 0}, rows...), 0o644)
	if _, _, err := readDataOffHeap(bin); !errors.Is(err, BinaryError{}) {
		t.Fatalf("binary: %v", err)
	}
}

// The API rows decoder keeps no byte of the file (which may be given back
// once parsed): every string of its points and warnings is a copy.
func TestAPIRowsKeepNoBytesOfTheFile(t *testing.T) {
	var rows []byte
	rows = append(rows, '[')
	for _, row := range apiRowVariants {
		if strings.Contains(row, "NaN") || !json.Valid([]byte("["+row+"]")) {
			continue // a syntax error would end the rows
		}
		rows = append(append(rows, row...), ',')
	}
	rows = append(rows, synth.Rows(20, 12)[1:]...)
	for _, data := range [][]byte{rows, append(bytes.Repeat([]byte(" "), parallelMinBytes), rows...)} {
		want := &Dataset{}
		parseAPIRows("rows.json", bytes.Clone(data), want)
		if len(want.Points) < 30 || len(want.Warnings) == 0 {
			t.Fatalf("%d points, %d warnings", len(want.Points), len(want.Warnings))
		}
		buf := bytes.Clone(data)
		got := &Dataset{}
		parseAPIRows("rows.json", buf, got)
		for i := range buf {
			buf[i] = 'X'
		}
		if !reflect.DeepEqual(got.Points, want.Points) || !reflect.DeepEqual(got.Warnings, want.Warnings) {
			t.Fatal("points or warnings changed with the file's bytes")
		}
	}
}
