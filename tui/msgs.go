package tui

import (
	tea "github.com/charmbracelet/bubbletea"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/tui/workbench/session"
)

// loadedMsg is a finished load; gen tells a stale result from the latest.
type loadedMsg struct {
	gen  int
	ds   *sources.Dataset
	prep *preparedLoad // the points indexed and the first view made, in the command; nil: on Update
	err  error
	// unbound undoes the heap's bound while the load read (loadheap.Bound),
	// once the load is settled (settleAhead); nil: none.
	unbound func()
	// unchecked: ds's points are not escaped for the screen, only found
	// clean where the first frame reads them (aheadOfLoad.prepare).
	unchecked bool
}

// release undoes the heap's bound of a load that will not be settled.
func (msg loadedMsg) release() {
	if msg.unbound != nil {
		msg.unbound()
	}
}

// targetsCheckedMsg names export target files that cannot be read.
type targetsCheckedMsg struct{ problems []string }

// savedMsg reports a session save; quit says q is waiting for it.
type savedMsg struct {
	saved session.Saved
	err   error
	quit  bool
}

// watchMsg says a watched file changed; reloadMsg fires after the
// debounce (seq tells whether a newer change superseded it) or at a burst's
// deadline.
type (
	watchMsg  struct{}
	reloadMsg struct {
		seq      int
		burst    int
		deadline bool
	}
)

// confirm is a yes/no question in the status line.
type confirm struct {
	prompt string
	yes    tea.Cmd
}
