package tui

import (
	"github.com/sweeptune/sweeptune/internal/par"
	"github.com/sweeptune/sweeptune/tui/workbench"
)

// deriver is a pane whose derivation of the shown view a key can make
// beside another pane's: Derive reads the state on the UI goroutine and
// returns work that reads only what it captured, and the keeping of its
// result (on the UI goroutine again); a nil work when there is nothing to
// make (kept already, or what Refresh makes depends on more).
type deriver interface {
	Derive(c workbench.Change) (work func() any, keep func(any))
}

// deriveSideBySide makes, before the panes refresh after change c, what
// the plot and the table derive from the shown view, on both cores: a
// view nothing made ahead (a new curve, an as-of date) costs each of them
// 2–4 ms at a million points, one after the other otherwise. Refresh then
// finds them made (docs/workbench-speed.md). It returns how many panes'
// work it made.
func (m *Model) deriveSideBySide(c workbench.Change) int {
	if m.oneByOne {
		return 0
	}
	var works []func()
	var keeps []func()
	for _, p := range m.panes {
		d, ok := p.(deriver)
		if !ok {
			continue
		}
		work, keep := d.Derive(c)
		if work == nil {
			continue
		}
		var out any
		works = append(works, func() { out = work() })
		keeps = append(keeps, func() { keep(out) })
	}
	if len(works) < 2 {
		return 0 // one pane's work gains nothing from a goroutine: Refresh makes it
	}
	par.Do(works...)
	for _, k := range keeps {
		k()
	}
	m.sideBySide += len(works)
	return len(works)
}
