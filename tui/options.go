// Package tui is the workbench: a root model that dispatches messages to
// panes (each its own package), lays them out and draws the status line.
package tui

import (
	"github.com/charmbracelet/lipgloss"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/tui/export"
	"github.com/sweeptune/sweeptune/tui/session"
)

// Options configure the workbench. Everything that touches the outside
// world (loading, the session file, watching) is decided by the caller and
// handed in, so tests can inject fakes.
type Options struct {
	// Load reads the data; it runs in a tea.Cmd, never on the UI loop.
	Load func() (*sources.Dataset, error)
	// Theme is the starting theme (already resolved: NO_COLOR → none).
	Theme string
	// Renderer builds the styles; nil uses lipgloss' default.
	Renderer *lipgloss.Renderer
	// SessionPath is where the session is saved; "" disables saving.
	SessionPath string
	// Session is the restored session (session.Load by the caller).
	Session session.File
	// Inputs are the paths given, recorded in the session file.
	Inputs []string
	// Watch lists directories to re-read on change (--watch).
	Watch []string
	// Mouse enables mouse reporting (click to focus, wheel to scroll).
	Mouse bool
	// Export says where w writes (--recipe, --master, --changelog, …).
	Export export.Config
	// Note is shown in the status line at start (a session that could not
	// be read, nothing to watch).
	Note string
	// LockTheme keeps T from leaving the none theme (NO_COLOR, --color=never).
	LockTheme bool
}
