package tui

import (
	"sync/atomic"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/sweeptune/sweeptune/tui/workbench"
)

// factsMadeMsg carries the curves' facts made after a load.
type factsMadeMsg struct{ made *workbench.FactsMade }

// indexMadeMsg carries the loaded points' ID index made after a load.
type indexMadeMsg struct{ made *workbench.IndexMade }

// indexAhead indexes, after the first frame of a load, the loaded
// points' IDs when the load left them unindexed (workbench.State.IndexJob).
func (m *Model) indexAhead() tea.Cmd {
	job, ok := m.st.IndexJob()
	if !ok {
		return nil
	}
	return func() tea.Msg { return indexMadeMsg{job()} }
}

// factsAhead makes, after the first frame of a load, the facts of every
// curve the load made no view of (workbench.State.FactsJob): the load
// makes only its views' so that the first table comes sooner, and a key
// on a curve nothing made ahead then pays its view and no more. It makes
// way for keys as the work ahead does.
func (m *Model) factsAhead() tea.Cmd {
	lastKey, quiet := m.lastKey, m.yieldTo
	job, ok := m.st.FactsJob(func() { waitForQuiet(lastKey, quiet) })
	if !ok {
		return nil
	}
	return func() tea.Msg { return factsMadeMsg{job()} }
}

// waitForQuiet waits while the last key came less than quiet ago (0:
// never waits): the machine's cores are the keys' first.
func waitForQuiet(lastKey *atomic.Int64, quiet time.Duration) {
	for quiet > 0 && time.Since(time.Unix(0, lastKey.Load())) < quiet {
		time.Sleep(quiet / 3)
	}
}
