package tui

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/sources/demo"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
	"github.com/sweeptune/sweeptune/tui/workbench/session"
)

// Two workbenches on one session file (the default when both open the
// same inputs) used to overwrite each other's marks, and the quit prompt
// still said "(kept in the session)". The second to save finds the file
// changed since it opened it and does not overwrite it: its own session
// goes beside it and the status line says where; neither loses a mark.
func TestTwoWorkbenchesOnOneSessionLoseNoMark(t *testing.T) {
	path := filepath.Join(t.TempDir(), "session.json")
	if err := session.Save(path, session.File{Version: session.Version, Marks: []string{}}); err != nil {
		t.Fatal(err)
	}
	open := func() *Model {
		f, err := session.Load(path)
		if err != nil {
			t.Fatal(err)
		}
		m := New(Options{Theme: "none", Renderer: testkit.Renderer(), Data: demo.Load(), SessionPath: path, Session: f})
		resize(m, 160, 45)
		run(m, m.load())
		return m
	}
	a, b := open(), open()
	mark := func(m *Model, id string) {
		do(m, "2", "esc", "/")
		typeText(m, id)
		do(m, "enter", "m")
	}
	mark(a, "c4096")
	mark(b, "b40-c2884")
	if len(a.State().Marks) != 1 || len(b.State().Marks) != 1 {
		t.Fatalf("marks %v %v", a.State().Marks, b.State().Marks)
	}
	onDisk, _ := session.Load(path)
	if len(onDisk.Marks) != 1 || !strings.Contains(onDisk.Marks[0], "c4096") {
		t.Fatalf("the first workbench's mark is not in the session: %v", onDisk.Marks)
	}
	aside := strings.TrimSuffix(path, ".json") + "-" + strconv.Itoa(os.Getpid()) + ".json"
	if !strings.Contains(b.bar.Text, "another workbench saved "+path) || !strings.Contains(b.bar.Text, aside) {
		t.Errorf("status %q", b.bar.Text)
	}
	kept, err := session.Load(aside)
	if err != nil || len(kept.Marks) != 1 || !strings.Contains(kept.Marks[0], "b40-c2884") {
		t.Fatalf("the second workbench's mark is not kept aside: %v %v", kept.Marks, err)
	}
	do(b, "q")
	if b.confirm == nil || !strings.Contains(b.confirm.prompt, "kept in "+aside) {
		t.Errorf("quit prompt %+v", b.confirm)
	}
	// The first goes on saving where it was: its own saves are no conflict.
	mark(a, "b96-c5540")
	onDisk, _ = session.Load(path)
	if len(onDisk.Marks) != 2 || strings.Contains(a.bar.Text, "another workbench") {
		t.Errorf("first workbench's second save: %v, status %q", onDisk.Marks, a.bar.Text)
	}
}

// A save that fails (a full disk, a directory that cannot be made) is said
// in the status line and in the quit prompt, which used to say "(kept in
// the session)" all the same; quitting with nothing to lose still asks.
func TestFailedSaveIsSaidOnQuit(t *testing.T) {
	blocker := filepath.Join(t.TempDir(), "file")
	os.WriteFile(blocker, []byte("x"), 0o644)
	path := filepath.Join(blocker, "session.json") // its directory is a file: every save fails
	m := New(Options{Theme: "none", Renderer: testkit.Renderer(), Data: demo.Load(), SessionPath: path})
	resize(m, 160, 45)
	run(m, m.load())
	do(m, "2", "/")
	typeText(m, "c4096")
	do(m, "enter", "m")
	if !strings.Contains(m.bar.Text, "session not saved") {
		t.Errorf("status %q", m.bar.Text)
	}
	do(m, "q")
	if m.confirm == nil || !strings.Contains(m.confirm.prompt, "NOT saved") || strings.Contains(m.confirm.prompt, "kept in the session") {
		t.Fatalf("quit prompt %+v", m.confirm)
	}
	do(m, "n", "2", "m") // unmark: nothing left to lose, but the session is still not saved
	do(m, "q")
	if m.confirm == nil || !strings.Contains(m.confirm.prompt, "session not saved") || !strings.Contains(m.confirm.prompt, "Quit anyway? y/n") {
		t.Errorf("quit with a failing save: %+v", m.confirm)
	}
}
