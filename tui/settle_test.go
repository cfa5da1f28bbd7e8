package tui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
)

// A load's bound on the heap (loadheap.Bound) stands through its first
// frame and is undone once, when the command after that frame has
// collected; the facts and the panes' work on the points come after it.
// A load a newer one replaced is undone at once.
func TestLoadIsSettledAfterItsFirstFrame(t *testing.T) {
	pts := testkit.SyntheticCurves(60000, 6)
	m := New(Options{Theme: "none", Renderer: testkit.Renderer()})
	resize(m, 160, 48)
	m.load()
	undone := 0
	msg := loadedMsg{gen: m.gen, ds: &sources.Dataset{Points: pts, Files: 1}, prep: m.loadAhead().run(pts), unbound: func() { undone++ }}
	_, cmd := m.Update(msg)
	if undone != 0 {
		t.Fatal("the heap's bound was undone by the first frame")
	}
	if made := runAfterLoad(m, cmd); made != 2 || undone != 1 {
		t.Fatalf("after the load's commands: bound undone %d times, facts and data %d of 2", undone, made)
	}

	m.load()
	old := m.gen
	m.load()
	staleUndone := 0
	m.Update(loadedMsg{gen: old, ds: &sources.Dataset{Points: pts, Files: 1}, unbound: func() { staleUndone++ }})
	if staleUndone != 1 {
		t.Fatalf("a replaced load's bound undone %d times, want once", staleUndone)
	}
}

// A small load that replaces a large one whose settle is still out is
// not held back by it: its work ahead is planned at once.
func TestASmallLoadDoesNotWaitForALargerOnesSettle(t *testing.T) {
	m := New(Options{Theme: "none", Renderer: testkit.Renderer()})
	resize(m, 160, 48)
	m.load()
	large := testkit.SyntheticCurves(60000, 6)
	m.Update(loadedMsg{gen: m.gen, ds: &sources.Dataset{Points: large, Files: 1}, prep: m.loadAhead().run(large)})
	if !m.settling {
		t.Fatal("a load of 60,000 points is not settling after its first frame")
	}
	m.load() // its settle's message never comes to this generation
	small := testkit.SyntheticCurves(600, 3)
	_, cmd := m.Update(loadedMsg{gen: m.gen, ds: &sources.Dataset{Points: small, Files: 1}, prep: m.loadAhead().run(small)})
	if m.settling {
		t.Fatal("the small load waits for the large one's settle")
	}
	if _, ok := prefetchedIn(cmd); !ok {
		t.Fatal("no work ahead planned after the small load")
	}
}

// The panes' commands while a load settles (the review and the planner's
// calibration of the first view) wait for it and come with its end.
func TestPanesWorkWaitsForTheSettle(t *testing.T) {
	m := New(Options{Theme: "none", Renderer: testkit.Renderer()})
	resize(m, 160, 48)
	m.load()
	pts := testkit.SyntheticCurves(60000, 6)
	_, cmd := m.Update(loadedMsg{gen: m.gen, ds: &sources.Dataset{Points: pts, Files: 1}, prep: m.loadAhead().run(pts)})
	held := len(m.settleHeld)
	if held == 0 {
		t.Fatal("no pane's command held while the load settles")
	}
	settled, ok := settledIn(cmd)
	if !ok {
		t.Fatal("no settle after the first frame")
	}
	_, after := m.Update(settled)
	if m.settling || len(m.settleHeld) != 0 {
		t.Fatalf("settling %v, %d commands still held after the settle", m.settling, len(m.settleHeld))
	}
	batch, ok := after().(tea.BatchMsg)
	if !ok || len(batch) < held {
		t.Fatalf("the settle's end gave back %d commands, %d were held", len(batch), held)
	}
}

// settledIn runs the settle among cmd's commands (batches opened) and
// returns its message.
func settledIn(cmd tea.Cmd) (settledMsg, bool) { return msgIn[settledMsg](cmd) }
