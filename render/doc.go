// Package render is the one place where a domain result becomes text: the
// report tables, the removal review, the plan, the history, the selection,
// the scorecard and the PR body. It knows nothing of Bubble Tea or
// lipgloss: a Doc is lines of spans, each span carrying a style Class. The
// command line prints a Doc plain; a workbench pane maps each Class to its
// theme's style. So the CLI and the workbench say the same words for the
// same result, and a test of the words serves both.
//
// See docs/architecture.md for where this floor sits and what it may import.
package render
