package tui

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/sweeptune/sweeptune/themes"
	"github.com/sweeptune/sweeptune/tui/state"
)

// pane is what the root needs of a pane: soft-serve's component (model +
// key help + size) with state changes pushed in by Refresh.
type pane interface {
	SetSize(w, h int)
	SetStyles(themes.Styles)
	Refresh(state.Change)
	Update(tea.KeyMsg) tea.Cmd
	View() string
	// Bindings are the keys that work in the pane right now.
	Bindings() []key.Binding
}

// capturer is a pane with an input mode (a filter, a number field) in
// which every key but ctrl+c belongs to the pane.
type capturer interface{ Capturing() bool }

func capturing(p pane) bool {
	c, ok := p.(capturer)
	return ok && c.Capturing()
}
