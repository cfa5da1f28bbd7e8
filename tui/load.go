package tui

import (
	"fmt"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/sweeptune/sweeptune/render/termsafe"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/sources/demo"
	"github.com/sweeptune/sweeptune/workbench/session"
)

// load starts a new generation of loading. The command captures the
// inputs and the generation, never the model.
func (m *Model) load() tea.Cmd {
	m.gen++
	m.loading = true
	gen, in, data := m.gen, m.opts.Inputs, m.opts.Data
	if data != nil {
		return func() tea.Msg { return loadedMsg{gen: gen, ds: safeDataset(data)} }
	}
	return func() (msg tea.Msg) {
		defer func() {
			if r := recover(); r != nil {
				msg = loadedMsg{gen: gen, err: fmt.Errorf("loading failed: %v", r)}
			}
		}()
		start := time.Now()
		ds := demo.LoadInputs(in)
		debug.Printf("load %d: %d files, %d points, %d warnings in %s", gen, ds.Files, len(ds.Points), len(ds.Warnings), time.Since(start))
		return loadedMsg{gen: gen, ds: safeDataset(ds)}
	}
}

// saveCmd writes a snapshot of the session (taken now, on the UI loop).
func (m *Model) saveCmd() tea.Cmd { return m.save(false) }

// save is saveCmd; quit asks the answer to quit (handleSaved).
func (m *Model) save(quit bool) tea.Cmd {
	path := m.opts.SessionPath
	if path == "" {
		if quit {
			return tea.Quit
		}
		return nil
	}
	if m.store == nil {
		m.store = session.NewStore(path, m.opts.Session) // another workbench's saves are not overwritten (store.go)
	}
	store := m.store
	f := session.FromState(m.st, m.theme)
	f.Inputs = m.opts.Inputs.Paths
	f.Exported = m.exported
	f.Export = m.exportConfig().Targets()
	if v := m.pendingView; v != nil { // not applied yet: keep what the session had
		f.Curve, f.Overlays = v.Curve, v.Overlays
	}
	return func() tea.Msg {
		saved, err := store.Save(f)
		return savedMsg{saved: saved, err: err, quit: quit}
	}
}

// safeDataset is a copy of ds whose points are safe to show; ds itself
// (a test's fixed dataset, say) is left alone.
func safeDataset(ds *sources.Dataset) *sources.Dataset {
	if ds == nil {
		return nil
	}
	safe := *ds
	safe.Points = termsafe.Points(ds.Points)
	return &safe
}
