// Package tui is the workbench's Bubble Tea program: a root model that
// dispatches messages (broadcast → owner → focused pane, one handler per
// message type), lays the panes out and composes their views. The panes
// and the pieces they share (curve keys, help, status line, copying) are
// packages of their own; see docs/architecture.md.
package tui

import (
	"io"

	"github.com/charmbracelet/lipgloss"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/tui/export"
	"github.com/sweeptune/sweeptune/tui/workbench/session"
)

// ExportTargets are where the workbench's export writes (the recipe,
// master config and its keys, changelog, PR link, image): the command
// line's flags, filled from the session for what they leave empty.
type ExportTargets = export.Config

// Options configure the workbench: plain values the caller resolved from
// its flags. The workbench reads the inputs itself, in a tea.Cmd.
type Options struct {
	// Inputs are the paths (and published URL) to read; none: the demo.
	Inputs sources.Inputs
	// Data, when set, is shown instead of reading Inputs (tests, benchmarks).
	Data *sources.Dataset
	// Theme is the starting theme (already resolved: NO_COLOR → none).
	Theme string
	// Renderer builds the styles; nil uses lipgloss' default.
	Renderer *lipgloss.Renderer
	// SessionPath is where the session is saved; "" disables saving.
	SessionPath string
	// Session is the restored session (session.Load by the caller).
	Session session.File
	// Watch lists directories to re-read on change (--watch).
	Watch []string
	// Mouse enables mouse reporting (click to focus, wheel to scroll).
	Mouse bool
	// Export says where w writes (--recipe, --master, --changelog, …).
	Export ExportTargets
	// Note is shown in the status line at start (a session that could not
	// be read, nothing to watch).
	Note string
	// LockTheme keeps T from leaving the none theme (NO_COLOR, --color=never).
	LockTheme bool
	// Specs are the GPUs' power and cost behind tput-per-mw and
	// cost-per-mtok; nil: the built-in table.
	Specs model.GPUSpecs
	// AsOf starts the view as of a date (YYYY-MM-DD); "": the latest runs.
	AsOf string
	// AllDates starts the view on every run of each configuration.
	AllDates bool
	// IncludeSuspect starts with suspect points brought into the geometry.
	IncludeSuspect bool
	// X is the starting x axis (--x); the zero Axis keeps the session's.
	X model.Axis
	// Y is the starting y metric; the zero Axis keeps tput-per-gpu.
	Y model.Axis
	// ViewDir is where e writes the view's CSV and plot; "": the current
	// directory.
	ViewDir string
	// Clipboard receives the OSC 52 sequences C and P write; nil: stdout,
	// the terminal.
	Clipboard io.Writer
	// Ledger is the prediction ledger a records in and the planner pane
	// scores against every load (docs/ledger.md); "": none.
	Ledger string
}
