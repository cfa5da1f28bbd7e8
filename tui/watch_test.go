package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
	"github.com/sweeptune/sweeptune/tui/session"
)

// A file rewritten every 100 ms kept pushing the debounce back, so the
// workbench never reloaded; the burst's deadline now reloads within maxWait.
func TestWatchReloadsWhileFilesKeepChanging(t *testing.T) {
	dir := t.TempDir()
	m := New(Options{Theme: "none", Renderer: testkit.Renderer(), Data: &sources.Dataset{Points: testkit.Demo(), Files: 1}})
	w, err := startWatch([]string{dir})
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

// One unreadable subdirectory used to fail the whole watch; now it is
// named and everything else is still watched.
func TestUnreadableSubdirectoryDoesNotStopWatching(t *testing.T) {
	dir := t.TempDir()
	locked := filepath.Join(dir, "a-locked")
	os.Mkdir(locked, 0o755)
	os.Mkdir(filepath.Join(locked, "inner"), 0o755)
	os.Mkdir(filepath.Join(dir, "b-open"), 0o755)
	os.Chmod(locked, 0)
	defer os.Chmod(locked, 0o755)
	if _, err := os.ReadDir(locked); err == nil {
		t.Skip("permissions do not bind this user (root)")
	}
	w, err := startWatch([]string{dir})
	if err != nil {
		t.Fatalf("startWatch: %v", err)
	}
	defer w.Close()
	if p := w.takeProblems(); len(p) != 1 || !strings.Contains(p[0], "cannot watch "+locked) {
		t.Errorf("problems %q", p)
	}
	os.WriteFile(filepath.Join(dir, "b-open", "new.json"), []byte("{}"), 0o644)
	select {
	case <-w.events:
	case <-time.After(5 * time.Second):
		t.Fatal("a change beside the unreadable directory was not seen")
	}
}

// The note given at start (a session kept aside, a directory not watched)
// used to be replaced by the first load's status before anyone saw it.
func TestHeldNoteOutlivesTheLoadStatus(t *testing.T) {
	note := "session /s.json is not readable (bad): kept as /s.json.corrupt, a new session starts"
	m := start(Options{Note: note}, 400, 40, testkit.Demo(), 4)
	if !strings.Contains(m.status, note) || !strings.Contains(m.status, "loaded 21 points from 4 files") || !m.statusErr {
		t.Fatalf("status after load: %q", m.status)
	}
	if !strings.Contains(m.View(), "kept as /s.json.corrupt") {
		t.Errorf("the note is not on screen:\n%s", m.View())
	}
	m.hold("--watch: cannot watch /r/x (permission denied); the rest is watched")
	m.Update(savedMsg{})
	if !strings.Contains(m.status, note) || !strings.Contains(m.status, "cannot watch /r/x") {
		t.Errorf("two held notes: %q", m.status)
	}
	press(m, "x")
	if strings.Contains(m.status, "kept as") {
		t.Errorf("after a key the note should give way: %q", m.status)
	}
}

// Planned points a session cannot restore are named, not silently lost.
func TestSessionProblemsAreShown(t *testing.T) {
	bad := session.Planned{ID: "x@planned", Knobs: model.Knobs{Mode: model.ModeDisagg, Concurrency: 8, Prefill: model.Role{Workers: -2}}}
	m := start(Options{Session: session.File{Version: 1, Planned: []session.Planned{bad}}}, 400, 40, testkit.Demo(), 4)
	if !strings.Contains(m.status, "session: planned[0] dropped: prefill workers -2, want 0 to 4096") || len(m.State().Planned) != 0 {
		t.Errorf("status %q, %d planned", m.status, len(m.State().Planned))
	}
}

// After `mv results results.old; mkdir results` the watch stayed on the
// moved directory and never woke for the new one. The watched path is
// watched, not the directory that was there when the workbench started.
func TestWatchSurvivesItsDirectoryBeingReplaced(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "results")
	os.Mkdir(dir, 0o755)
	w, err := startWatch([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	drain := func() {
		for {
			select {
			case <-w.events:
			case <-time.After(300 * time.Millisecond):
				return
			}
		}
	}
	if err := os.Rename(dir, dir+".old"); err != nil {
		t.Fatal(err)
	}
	os.Mkdir(dir, 0o755)
	drain()
	os.WriteFile(filepath.Join(dir, "new.json"), []byte("{}"), 0o644)
	select {
	case <-w.events:
	case <-time.After(5 * time.Second):
		t.Fatal("a file written into the new directory was not seen")
	}
	// Nor does the old one, moved away, still wake the workbench.
	drain()
	os.WriteFile(filepath.Join(dir+".old", "stale.json"), []byte("{}"), 0o644)
	select {
	case <-w.events:
		t.Error("a change in the moved-away directory woke the watch")
	case <-time.After(500 * time.Millisecond):
	}
	// A directory created inside the new one is watched too.
	os.Mkdir(filepath.Join(dir, "run2"), 0o755)
	drain()
	os.WriteFile(filepath.Join(dir, "run2", "r.json"), []byte("{}"), 0o644)
	select {
	case <-w.events:
	case <-time.After(5 * time.Second):
		t.Fatal("a file in a new subdirectory of the new directory was not seen")
	}
}
