package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
)

// e named its files after the curve; a long model name made a name over
// the file system's 255 bytes and e wrote nothing. A long name is cut and
// ends in a hash of the whole, so two long names stay two files.
func TestWriteViewWithALongModelName(t *testing.T) {
	dir := t.TempDir()
	pts := testkit.Demo()
	long := "org/" + strings.Repeat("VeryLongModelName", 20)
	for i := range pts {
		pts[i].Curve.Model = long
	}
	m := New(Options{Theme: "none", Renderer: testkit.Renderer(), ViewDir: dir})
	resize(m, 160, 48)
	reloadData(m, &sources.Dataset{Points: pts, Files: 1})
	do(m, "e")
	if !strings.HasPrefix(m.bar.Text, "wrote "+filepath.Join(dir, "sweeptune-org-verylongmodelname")) {
		t.Fatalf("status %q", m.bar.Text)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	if len(files) != 2 {
		t.Fatalf("files %v", files)
	}
	for _, f := range files {
		if n := len(filepath.Base(f)); n > 120 {
			t.Errorf("%s: a name of %d bytes", f, n)
		}
		if b, err := os.ReadFile(f); err != nil || len(b) == 0 {
			t.Errorf("%s: %v", f, err)
		}
	}
}
