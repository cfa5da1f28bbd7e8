// Package msgs holds the messages panes send the root: a status line, a
// yes/no question, the result of an export write. Panes never touch the
// status line themselves.
package msgs

import (
	tea "github.com/charmbracelet/bubbletea"
)

// Status is a line for the status bar.
type Status struct {
	Text string
	Err  bool
}

// StatusCmd sends a status line.
func StatusCmd(text string, isErr bool) tea.Cmd {
	return func() tea.Msg { return Status{Text: text, Err: isErr} }
}

// Confirm asks the root to put a yes/no question in the status line; Yes
// runs on y.
type Confirm struct {
	Prompt string
	Yes    tea.Cmd
}

// Exported reports an export write; Sig is the marks-and-plan signature
// the written plan was built from. Files are the paths written, Backups
// their backups (under the state directory), Entry the changelog entry; Marks, Planned and Added
// are what the export took, cleared from the workbench once written.
type Exported struct {
	Err                   error
	Files, Backups        []string
	Entry                 string
	Sig                   string
	Marks, Planned, Added []string
}

// Save asks the root to save the session now (a setting changed that no
// state change records).
type Save struct{}

// Copy asks the root to put Text on the clipboard (OSC 52); What names it
// in the status line ("point ID", "the export diff").
type Copy struct {
	Text, What string
}

// CopyCmd sends a Copy.
func CopyCmd(text, what string) tea.Cmd {
	return func() tea.Msg { return Copy{Text: text, What: what} }
}
