package tui

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/sweeptune/sweeptune/themes"
	"github.com/sweeptune/sweeptune/tui/layout"
	"github.com/sweeptune/sweeptune/tui/workbench"
)

// pane is what the root needs of a pane: soft-serve's component (model +
// key help + size) with state changes pushed in by Refresh.
type pane interface {
	SetSize(w, h int)
	SetStyles(themes.Styles)
	Refresh(workbench.Change)
	Update(tea.KeyMsg) tea.Cmd
	View() string
	// Bindings are the keys that work in the pane right now.
	Bindings() []key.Binding
	// Capturing is an input mode (a filter, a number field) in which every
	// key but ctrl+c belongs to the pane.
	Capturing() bool
	// Pending is the work a state change started (a review, an export
	// build), run as a command; nil when there is none.
	Pending() tea.Cmd
	// Handle takes a message the pane owns (a command's result); handled
	// is false for anyone else's.
	Handle(tea.Msg) (cmd tea.Cmd, handled bool)
}

// clicker is a pane that acts on a left click at a cell of its body (the
// row or the plot point under the mouse).
type clicker interface {
	Click(x, y int) tea.Cmd
}

// titled is a pane whose border names what it shows (the curve pane
// names its curve).
type titled interface {
	Title() string
}

// fitTitled is a pane whose title shortens itself to fit its border.
type fitTitled interface {
	TitleFit(w int) string
}

// allPanes lists every pane in ring order (the layout shows what fits).
var allPanes = []int{layout.Curve, layout.Points, layout.Planner, layout.Review, layout.Export}
