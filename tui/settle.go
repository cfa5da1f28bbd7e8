package tui

import (
	"runtime"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/tui/workbench"
)

// settledMsg carries what settleAhead allocated.
type settledMsg struct {
	gen    int
	spares *workbench.Spares
	// escaped is the load's points escaped for the screen, when the load
	// was unchecked and some point needed it (nil: none did).
	escaped *sources.Dataset
}

// collectAfterLoadMin is the point count from which a load is settled by
// a collection.
const collectAfterLoadMin = 20000

// settleAhead runs once a load's first frame is drawn: the large curves'
// columns are allocated (workbench.State.SpareJob) and the load's garbage
// is collected, with those columns counted in the heap's next goal,
// rather than by the first keys (BenchmarkMillionKeysAfterLoad: the worst
// key 260–460 → 100–135 ms of CPU); then the bound the load put on the
// heap is undone. Before the first frame the two were 0.2 s of CPU at a
// million points; after it they take about 0.1 s, before a person's first
// key. The work ahead waits for them (settling): started beside the
// collection, it was making a view when the collection stopped the world,
// and the stop took 107 ms. A small load leaves little garbage and has
// nothing to allocate: the work after the load starts at once.
//
// An unchecked load (aheadOfLoad.prepare) has the rest of its points
// checked for escapes here first.
func (m *Model) settleAhead(loaded loadedMsg) tea.Cmd {
	unbound := loaded.unbound
	if unbound == nil {
		unbound = func() {}
	}
	var unchecked *sources.Dataset
	if loaded.unchecked {
		unchecked = loaded.ds
	}
	job, _ := m.st.SpareJob()
	collect := len(m.st.Points) >= collectAfterLoadMin
	if job == nil && !collect && unchecked == nil {
		unbound()
		held := m.endSettle() // a larger load's settle may still be out: this load need not wait for it
		return tea.Batch(append(held, m.afterSettled())...)
	}
	gen := m.gen
	m.settling = true
	return func() tea.Msg {
		start, cpu := time.Now(), processCPU()
		var escaped *sources.Dataset
		if unchecked != nil {
			if safe := safeDataset(unchecked); !samePoints(safe.Points, unchecked.Points) {
				escaped = safe
			}
		}
		var sp *workbench.Spares
		if job != nil && escaped == nil { // escaped: the load is prepared again, with its own
			sp = job()
		}
		if collect {
			runtime.GC()
		}
		unbound() // after the collection: the heap's next goal is set from what it left

		debug.Printf("load %d: settled in %s (%s of CPU)", gen, time.Since(start), processCPU()-cpu)
		return settledMsg{gen: gen, spares: sp, escaped: escaped}
	}
}

// afterTheSettle is cmd, or nil with cmd held until the load is settled
// when it is settling: a pane's command then (the review, the planner's
// calibration of the first view) copied a curve's 83,000 runs while the
// settle's collection stopped the world, and the stop took 95–134 ms.
func (m *Model) afterTheSettle(cmd tea.Cmd) tea.Cmd {
	if cmd == nil || !m.settling {
		return cmd
	}
	m.settleHeld = append(m.settleHeld, cmd)
	return nil
}

// endSettle ends the wait for a settle and gives back what it held.
func (m *Model) endSettle() []tea.Cmd {
	held := m.settleHeld
	m.settling, m.settleHeld = false, nil
	return held
}

// afterSettled is the work after a load once it is settled: the curves'
// facts, the panes' work on the points and the ID index.
func (m *Model) afterSettled() tea.Cmd {
	return tea.Batch(m.factsAhead(), m.dataAhead(), m.indexAhead())
}

// samePoints reports whether a and b are one slice.
func samePoints(a, b []model.Point) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}
