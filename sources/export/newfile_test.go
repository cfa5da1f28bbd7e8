package export_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/sources/export"
)

// A derived name over the file system's limit (255 bytes) made the write
// fail; it is cut and given a hash of the whole, so two long names that
// share their start are two files, and the extension is kept.
func TestWriteNewFileShortensALongName(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "sweeptune-"+strings.Repeat("x", 300)+"-a.csv")
	b := filepath.Join(dir, "sweeptune-"+strings.Repeat("x", 300)+"-b.csv")
	na, err := export.WriteNewFile(a, []byte("a"))
	if err != nil {
		t.Fatal(err)
	}
	nb, err := export.WriteNewFile(b, []byte("b"))
	if err != nil {
		t.Fatal(err)
	}
	if na == nb || filepath.Dir(na) != dir || !strings.HasSuffix(na, ".csv") || len(filepath.Base(na)) > 100 || !strings.HasPrefix(filepath.Base(na), "sweeptune-xxx") {
		t.Errorf("names %q %q", na, nb)
	}
	again, err := export.WriteNewFile(a, []byte("a2"))
	if err != nil || again == na || len(filepath.Base(again)) > 110 {
		t.Errorf("second write: %q %v", again, err)
	}
	if got, _ := os.ReadFile(na); string(got) != "a" {
		t.Errorf("first file %q", got)
	}
}
