package tui

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/tui/export"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
)

// The H view's text (changelog descriptions, file names) reached the frame
// raw, where the last guard stripped its escapes: the README promises them
// shown escaped, as every other pane shows them.
func TestHistoryPaneShowsEscapesEscaped(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "perf\x1b]0;PWNED\x07.yaml")
	m := New(Options{Theme: "none", Renderer: testkit.Renderer(), Export: export.Config{ChangelogPath: bad}})
	resize(m, 160, 48)
	reloadData(m, &sources.Dataset{Points: multiCurveData(t).Points, Files: 1})
	do(m, "H", "enter", "enter")
	v := m.View()
	if !strings.Contains(v, `perf\x1b]0;PWNED\x07.yaml`) {
		t.Errorf("the changelog's name is not shown escaped:\n%s", v)
	}
}
