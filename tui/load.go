package tui

import (
	"fmt"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/tui/session"
)

// load starts a new generation of loading. The command captures the load
// function and the generation, never the model.
func (m *Model) load() tea.Cmd {
	m.gen++
	m.loading = true
	gen, load := m.gen, m.opts.Load
	if load == nil {
		return func() tea.Msg { return loadedMsg{gen: gen, ds: &sources.Dataset{}} }
	}
	return func() (msg tea.Msg) {
		defer func() {
			if r := recover(); r != nil {
				msg = loadedMsg{gen: gen, err: fmt.Errorf("loading failed: %v", r)}
			}
		}()
		ds, err := load()
		return loadedMsg{gen: gen, ds: ds, err: err}
	}
}

// saveCmd writes a snapshot of the session (taken now, on the UI loop).
func (m *Model) saveCmd() tea.Cmd {
	path := m.opts.SessionPath
	if path == "" {
		return nil
	}
	f := session.FromState(m.st, m.theme)
	f.Inputs = m.opts.Inputs
	f.Exported = m.exported
	return func() tea.Msg { return savedMsg{err: session.Save(path, f)} }
}
