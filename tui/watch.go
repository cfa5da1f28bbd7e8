package tui

import (
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// debounce groups the burst of events one result write makes; maxWait
// bounds the wait when events never stop (a log rewritten every 100 ms must
// not starve reloading).
const (
	debounce = 300 * time.Millisecond
	maxWait  = 2 * time.Second
)

// waitWatch waits for the next change; nil without --watch.
func (m *Model) waitWatch() tea.Cmd {
	if m.watch == nil {
		return nil
	}
	ch := m.watch.Events()
	return func() tea.Msg {
		if _, ok := <-ch; !ok {
			return nil
		}
		return watchMsg{}
	}
}

// handleWatch starts (or extends) the quiet period before a reload; the
// first change of a burst also starts the deadline that ends it.
func (m *Model) handleWatch() tea.Cmd {
	if m.watch != nil {
		if p := m.watch.TakeProblems(); len(p) > 0 {
			m.hold("--watch: " + strings.Join(p, "; ") + "; the rest is watched")
		}
	}
	m.watchSeq++
	seq := m.watchSeq
	cmds := []tea.Cmd{m.waitWatch(), tea.Tick(debounce, func(time.Time) tea.Msg { return reloadMsg{seq: seq} })}
	if !m.watchPending {
		m.watchPending = true
		m.burst++
		burst := m.burst
		cmds = append(cmds, tea.Tick(maxWait, func(time.Time) tea.Msg { return reloadMsg{burst: burst, deadline: true} }))
	}
	return tea.Batch(cmds...)
}

// handleReload reloads once the files have been quiet for the debounce,
// or when the burst's deadline comes first.
func (m *Model) handleReload(msg reloadMsg) tea.Cmd {
	if !m.watchPending {
		return nil // this burst was reloaded already
	}
	if msg.deadline && msg.burst != m.burst || !msg.deadline && msg.seq != m.watchSeq {
		return nil // a newer change or burst is pending
	}
	m.watchPending = false
	m.info("files changed: reloading…")
	return tea.Batch(m.load(), m.spin.Tick)
}
