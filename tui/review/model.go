package review

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/sweeptune/sweeptune/themes"
	"github.com/sweeptune/sweeptune/tui/keys"
	"github.com/sweeptune/sweeptune/tui/scroll"
	"github.com/sweeptune/sweeptune/tui/state"
)

// Model is the review pane; it recomputes on marks, data or axis changes,
// never on a mere selection move.
type Model struct {
	st     *state.State
	keys   keys.Scroll
	styles themes.Styles
	report Report
	view   scroll.View
}

// New returns the pane over the shared state.
func New(st *state.State, km keys.Scroll, styles themes.Styles) *Model {
	m := &Model{st: st, keys: km, styles: styles, view: scroll.New(km)}
	m.Refresh(state.ChangeAll)
	return m
}

// SetSize sets the inner size.
func (m *Model) SetSize(w, h int) { m.view.SetSize(w, h) }

// SetStyles switches the theme.
func (m *Model) SetStyles(s themes.Styles) { m.styles = s; m.redraw() }

// Refresh recomputes the review when marks, points or axes changed.
func (m *Model) Refresh(c state.Change) {
	if c&(state.ChangeData|state.ChangeMarks|state.ChangeAxis) != 0 {
		m.report = Compute(m.st.All(), m.st.Marks, m.st.X, m.st.Y)
		m.redraw()
	}
}

func (m *Model) redraw() { m.view.SetContent(Render(m.report, m.styles)) }

// Report is the current review (for tests and the export pane).
func (m *Model) Report() Report { return m.report }

// Update scrolls.
func (m *Model) Update(msg tea.KeyMsg) tea.Cmd { m.view.Update(msg); return nil }

// View is the cached body.
func (m *Model) View() string { return m.view.String() }

// Bindings are the scroll keys.
func (m *Model) Bindings() []key.Binding { return m.keys.Bindings() }
