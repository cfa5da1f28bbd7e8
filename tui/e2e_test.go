package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
	"github.com/sweeptune/sweeptune/sources/demo"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
	"github.com/sweeptune/sweeptune/tui/workbench/session"
)

// TestEndToEndOnTheDemo is the first journey through the workbench: open the demo, mark
// 8P c4096 for removal, see it covered in the review pane, plan 7P BS96
// c5540 in the planner, see it in the export preview, quit.
func TestEndToEndOnTheDemo(t *testing.T) {
	pkgDir, _ := os.Getwd()
	cfg := exportFixtures(t) // relative export paths keep the final frame independent of the temp dir
	sessionPath := filepath.Join(t.TempDir(), "session.json")
	m := New(Options{Theme: "none", Renderer: testkit.Renderer(), SessionPath: sessionPath, Data: demo.Load(), Export: cfg})
	r := newTerm(t, m, 160, 50)
	wait, keys := r.wait, r.keys

	wait("loaded 21 points")
	keys("2", "/")
	r.text("c4096")
	keys("enter", "m", "4")
	wait("× 8p1d-dep2-dep16-c4096  ✓ covered")

	// Seed the planner from the local 5P run, then type 7P BS96 c5540.
	keys("2", "esc", "/")
	r.text("b40-c2884")
	keys("enter", "3", "s")
	wait("planner seeded from 5p1d-dep2-dep16-b40-c2884")
	keys("enter", "7", "enter", "down", "enter", "9", "6", "enter", "down", "enter")
	r.text("5540")
	keys("enter")
	wait("7P BS96 c5540 · 7p1d-dep2-dep16-b96-c5540")
	keys("a") // measured already: the measurement goes into the export, not a prediction
	wait("measured already: added 7p1d-dep2-dep16-b96-c5540 to the export as measured")
	keys("5", "z") // the export preview on the whole screen
	wait("override_7p1d_dep2_dep16_b96_c5540:")

	keys("q")
	wait("not exported (kept in the session). Quit? y/n")
	keys("y")
	final := r.final()

	st := final.State()
	if !st.Marks[removed8P] || len(st.Planned) != 0 || len(st.Added) != 1 || st.Added[0] != "7p1d-dep2-dep16-b96-c5540" {
		t.Fatalf("final state: marks %v, planned %d, added %v", st.Marks, len(st.Planned), st.Added)
	}
	f, err := session.Load(sessionPath)
	if err != nil || len(f.Marks) != 1 || len(f.Added) != 1 || f.Export == nil || f.Export.Recipe == "" {
		t.Fatalf("session on quit: %+v, %v", f, err)
	}
	view := final.View()
	if !strings.Contains(view, "cuda-graph-max-bs-decode: 96") {
		t.Errorf("final frame lacks the export preview:\n%s", view)
	}
	os.Chdir(pkgDir)
	golden.RequireEqual(t, []byte(view))
}

// TestFirstFrameBeforeData: the very first View, before any load result,
// is a frame with the spinner, not an empty screen.
func TestFirstFrameBeforeData(t *testing.T) {
	m := New(Options{Theme: "none", Renderer: testkit.Renderer(), Data: demo.Load()})
	m.Init() // its load command is not run: no data arrives
	resize(m, 120, 40)
	v := m.View()
	if !strings.Contains(v, "loading…") || len(strings.Split(v, "\n")) != 40 {
		t.Fatalf("first frame:\n%s", v)
	}
}
