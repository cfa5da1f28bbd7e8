package export

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/sweeptune/sweeptune/sources/export"
	"github.com/sweeptune/sweeptune/themes"
	"github.com/sweeptune/sweeptune/tui/keys"
	"github.com/sweeptune/sweeptune/tui/msgs"
	"github.com/sweeptune/sweeptune/tui/scroll"
	"github.com/sweeptune/sweeptune/tui/session"
	"github.com/sweeptune/sweeptune/tui/state"
)

// builtMsg is a finished BuildExport; gen drops stale builds.
type builtMsg struct {
	gen  int
	plan *export.ExportPlan
	err  error
	sig  string
}

// Model is the export pane. Building reads the target files, so it runs
// in a command; the pane asks for one whenever the marks or plan change.
type Model struct {
	st     *state.State
	keys   keys.Export
	styles themes.Styles
	cfg    Config

	gen     int
	dirty   bool
	plan    *export.ExportPlan
	planSig string
	err     error
	view    scroll.View
}

// New returns the pane over the shared state.
func New(st *state.State, km keys.Export, styles themes.Styles, cfg Config) *Model {
	m := &Model{st: st, keys: km, styles: styles, cfg: cfg, view: scroll.New(km.Scroll), dirty: true}
	m.redraw()
	return m
}

// SetSize sets the inner size.
func (m *Model) SetSize(w, h int) { m.view.SetSize(w, h) }

// SetStyles switches the theme.
func (m *Model) SetStyles(s themes.Styles) { m.styles = s; m.redraw() }

// Refresh notes that the export must be rebuilt.
func (m *Model) Refresh(c state.Change) {
	if c&(state.ChangeData|state.ChangeMarks) != 0 {
		m.dirty = true
	}
}

func (m *Model) empty() bool { return len(m.st.Planned) == 0 && len(m.st.Marks) == 0 }

// Pending returns the build command when the preview is out of date. It
// captures copies of the points and IDs, never the model.
func (m *Model) Pending() tea.Cmd {
	if !m.dirty {
		return nil
	}
	m.dirty = false
	m.gen++
	if m.empty() {
		m.plan, m.err = nil, nil
		m.redraw()
		return nil
	}
	if m.cfg.RecipePath == "" {
		m.plan, m.err = nil, fmt.Errorf("no --recipe given: start the workbench with --recipe BUNDLE.yaml (and --master, --changelog, --config-key) to preview and write the export")
		m.redraw()
		return nil
	}
	gen, sig, cfg := m.gen, session.Signature(m.st), m.cfg
	loaded, planned, marks, withPlanned := m.st.Points, m.st.Planned, m.st.MarkedIDs(), m.st.WithPlanned
	return func() (msg tea.Msg) {
		defer func() {
			if r := recover(); r != nil {
				msg = builtMsg{gen: gen, err: fmt.Errorf("export failed: %v", r)}
			}
		}()
		plan, err := export.BuildExport(Request(cfg, loaded, planned, marks, withPlanned))
		return builtMsg{gen: gen, plan: plan, err: err, sig: sig}
	}
}

// Sync builds the export now, on the caller's goroutine (tests).
func (m *Model) Sync() {
	m.dirty = true
	if cmd := m.Pending(); cmd != nil {
		m.Handle(cmd())
	}
}

// Handle takes the pane's own messages (build results, write results).
func (m *Model) Handle(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case builtMsg:
		if msg.gen == m.gen {
			m.plan, m.err, m.planSig = msg.plan, msg.err, msg.sig
			m.redraw()
		}
		return nil, true
	case msgs.Exported:
		m.dirty = true // the files changed: rebuild against them
		return nil, false
	}
	return nil, false
}

func (m *Model) redraw() {
	m.view.SetContent(Render(m.plan, m.err, m.empty(), m.styles))
}

// Update scrolls and writes.
func (m *Model) Update(msg tea.KeyMsg) tea.Cmd {
	if key.Matches(msg, m.keys.Write) {
		return m.write()
	}
	m.view.Update(msg)
	return nil
}

// write asks for confirmation, naming the target files, then writes.
func (m *Model) write() tea.Cmd {
	plan, sig := m.plan, m.planSig
	switch {
	case m.empty():
		return msgs.StatusCmd("nothing to export", true)
	case plan == nil && m.err != nil:
		return msgs.StatusCmd(m.err.Error(), true)
	case plan == nil:
		return msgs.StatusCmd("the export is still being built", true)
	case len(plan.Refusals) > 0:
		return msgs.StatusCmd("export refused: "+strings.Join(plan.Refusals, "; "), true)
	}
	targets := Targets(plan)
	if len(targets) == 0 {
		return msgs.StatusCmd("nothing would change", false)
	}
	prompt := fmt.Sprintf("write %d files: %s? y/n", len(targets), strings.Join(targets, ", "))
	return func() tea.Msg {
		return msgs.Confirm{Prompt: prompt, Yes: func() tea.Msg {
			return msgs.Exported{Err: plan.Write(), Files: targets, Sig: sig}
		}}
	}
}

// View is the cached body.
func (m *Model) View() string { return m.view.String() }

// Bindings are the scroll keys and w.
func (m *Model) Bindings() []key.Binding { return append(m.keys.Scroll.Bindings(), m.keys.Write) }

// Capturing is false: the pane has no input mode.
func (m *Model) Capturing() bool { return false }
