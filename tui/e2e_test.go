package tui

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/charmbracelet/x/exp/teatest"
	"github.com/sweeptune/sweeptune/sources/demo"
	"github.com/sweeptune/sweeptune/tui/export"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
	"github.com/sweeptune/sweeptune/tui/session"
)

// TestEndToEndOnTheDemo is the story of issue 6: open the demo, mark
// 8P c4096 for removal, see it covered in the review pane, plan 7P BS96
// c5540 in the planner, see it in the export preview, quit.
func TestEndToEndOnTheDemo(t *testing.T) {
	pkgDir, _ := os.Getwd()
	dir := t.TempDir()
	for _, f := range []string{"disagg-dep16-hicache-variants.yaml", "nvidia-master.excerpt.yaml", "perf-changelog.excerpt.yaml"} {
		b, err := os.ReadFile(filepath.Join(pkgDir, "../testdata/export", f))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, f), b, 0o644)
	}
	t.Chdir(dir) // relative export paths keep the final frame independent of the temp dir
	sessionPath := filepath.Join(dir, "session.json")
	m := New(Options{
		Theme: "none", Renderer: testkit.Renderer(), SessionPath: sessionPath,
		Data: demo.Load(),
		Export: export.Config{
			RecipePath: "disagg-dep16-hicache-variants.yaml", MasterPath: "nvidia-master.excerpt.yaml",
			ChangelogPath: "perf-changelog.excerpt.yaml",
			ConfigKeys:    []string{"dsv41flash-fp4-gb300-dynamo-sglang-agentic-dspark-disagg-hicache"},
		},
	})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(160, 50))
	wait := func(what string) {
		t.Helper()
		teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte(what)) },
			teatest.WithDuration(5*time.Second), teatest.WithCheckInterval(10*time.Millisecond))
	}
	keys := func(ks ...string) {
		for _, k := range ks {
			tm.Send(testkit.Key(k))
		}
	}

	wait("loaded 21 points")
	keys("2", "/")
	tm.Type("c4096")
	keys("enter", "m", "4")
	wait("× 8p1d-dep2-dep16-c4096  ✓ covered")

	// Seed the planner from the local 5P run, then type 7P BS96 c5540.
	keys("2", "esc", "/")
	tm.Type("b40-c2884")
	keys("enter", "3", "s")
	wait("planner seeded from 5p1d-dep2-dep16-b40-c2884")
	keys("enter", "7", "enter", "down", "enter", "9", "6", "enter", "down", "enter")
	tm.Type("5540")
	keys("enter")
	wait("7P BS96 c5540 · 7p1d-dep2-dep16-b96-c5540")
	keys("a") // measured already: the measurement goes into the export, not a prediction
	wait("measured already: added 7p1d-dep2-dep16-b96-c5540 to the export as measured")
	keys("5", "z") // the export preview on the whole screen
	wait("override_7p1d_dep2_dep16_b96_c5540:")

	keys("q")
	wait("not exported (kept in the session). Quit? y/n")
	keys("y")
	final := tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).(*Model)

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
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	v := m.View()
	if !strings.Contains(v, "loading…") || len(strings.Split(v, "\n")) != 40 {
		t.Fatalf("first frame:\n%s", v)
	}
}
