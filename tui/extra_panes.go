package tui

import (
	"github.com/sweeptune/sweeptune/tui/export"
	"github.com/sweeptune/sweeptune/tui/layout"
	"github.com/sweeptune/sweeptune/tui/plan"
	"github.com/sweeptune/sweeptune/tui/review"
)

// addPanes builds the panes that sit on other packages' work (planner,
// model geometry, export). A pane whose package has not landed stays nil
// and is left out of the layout.
func (m *Model) addPanes() {
	m.panes[layout.Planner] = plan.New(m.st, m.keys.Planner, m.styles)
	m.panes[layout.Review] = review.New(m.st, m.keys.Review, m.styles)
	m.panes[layout.Export] = export.New(m.st, m.keys.Export, m.styles, m.opts.Export)
}
