package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/sources/watch"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
	"github.com/sweeptune/sweeptune/tui/workbench/session"
)

// A file rewritten every 100 ms kept pushing the debounce back, so the
// workbench never reloaded; the burst's deadline now reloads within maxWait.
func TestWatchReloadsWhileFilesKeepChanging(t *testing.T) {
	dir := t.TempDir()
	m := New(Options{Theme: "none", Renderer: testkit.Renderer(), Data: &sources.Dataset{Points: testkit.Demo(), Files: 1}})
	w, err := watch.Start([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	m.watch = w
	r := newTerm(t, m, 120, 40)

	stop := make(chan struct{})
	defer close(stop)
	go func() {
		tick := time.NewTicker(100 * time.Millisecond)
		defer tick.Stop()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			case <-tick.C:
				os.WriteFile(filepath.Join(dir, "run.log"), []byte(strings.Repeat("x", i)), 0o644)
			}
		}
	}()
	time.Sleep(maxWait + time.Second)
	// Every load is a new generation: the first, then at least one reload.
	if gen := r.quit().gen; gen < 2 {
		t.Errorf("%d loads in %v of changes every 100 ms: reloading starved", gen, maxWait+time.Second)
	}
}

// The note given at start (a session kept aside, a directory not watched)
// used to be replaced by the first load's status before anyone saw it.
func TestHeldNoteOutlivesTheLoadStatus(t *testing.T) {
	note := "session /s.json is not readable (bad): kept as /s.json.corrupt, a new session starts"
	m := start(Options{Note: note}, 400, 40, testkit.Demo(), 4)
	if !strings.Contains(m.bar.Text, note) || !strings.Contains(m.bar.Text, "loaded 21 points from 4 files") || !m.bar.Err {
		t.Fatalf("status after load: %q", m.bar.Text)
	}
	if !strings.Contains(m.View(), "kept as /s.json.corrupt") {
		t.Errorf("the note is not on screen:\n%s", m.View())
	}
	m.hold("--watch: cannot watch /r/x (permission denied); the rest is watched")
	m.Update(savedMsg{})
	if !strings.Contains(m.bar.Text, note) || !strings.Contains(m.bar.Text, "cannot watch /r/x") {
		t.Errorf("two held notes: %q", m.bar.Text)
	}
	press(m, "x")
	if strings.Contains(m.bar.Text, "kept as") {
		t.Errorf("after a key the note should give way: %q", m.bar.Text)
	}
}

// Planned points a session cannot restore are named, not silently lost.
func TestSessionProblemsAreShown(t *testing.T) {
	bad := session.Planned{ID: "x@planned", Knobs: model.Knobs{Mode: model.ModeDisagg, Concurrency: 8, Prefill: model.Role{Workers: -2}}}
	m := start(Options{Session: session.File{Version: 1, Planned: []session.Planned{bad}}}, 400, 40, testkit.Demo(), 4)
	if !strings.Contains(m.bar.Text, "session: planned[0] dropped: prefill workers -2, want 0 to 4096") || len(m.State().Planned) != 0 {
		t.Errorf("status %q, %d planned", m.bar.Text, len(m.State().Planned))
	}
}
