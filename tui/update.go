package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/sweeptune/sweeptune/themes"
	"github.com/sweeptune/sweeptune/tui/layout"
	"github.com/sweeptune/sweeptune/tui/msgs"
	"github.com/sweeptune/sweeptune/tui/session"
	"github.com/sweeptune/sweeptune/tui/state"
	"github.com/sweeptune/sweeptune/tui/termsafe"
)

// Update dispatches: one handler per message type, then state changes are
// pushed to the panes and the frame is recomposed.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.handleResize(msg)
	case tea.KeyMsg:
		cmd = m.handleKey(msg)
	case tea.MouseMsg:
		cmd = m.handleMouse(msg)
	case spinner.TickMsg:
		cmd = m.handleSpin(msg)
	case loadedMsg:
		m.handleLoaded(msg)
	case savedMsg:
		m.handleSaved(msg)
	case watchMsg:
		cmd = m.handleWatch()
	case reloadMsg:
		cmd = m.handleReload(msg)
	case msgs.Status:
		m.setStatus(msg.Text, msg.Err)
	case msgs.Confirm:
		m.handleConfirmRequest(msg)
	case msgs.Exported:
		cmd = m.handleExported(msg)
	default:
		cmd = m.handleOther(msg)
	}
	cmd = tea.Batch(cmd, m.sync())
	m.compose()
	return m, cmd
}

// sync pushes the state's changes to every pane (owners get their data even
// when not visible) and saves the session when it changed.
func (m *Model) sync() tea.Cmd {
	c := m.st.TakeChanges()
	if c == 0 {
		return nil
	}
	var cmds []tea.Cmd
	for _, p := range m.panes {
		p.Refresh(c)
		cmds = append(cmds, p.Pending())
	}
	if c&(state.ChangeMarks|state.ChangeData|state.ChangeAxis) != 0 && !m.loading {
		cmds = append(cmds, m.saveCmd())
	}
	return tea.Batch(cmds...)
}

func (m *Model) handleResize(msg tea.WindowSizeMsg) {
	m.w, m.h = msg.Width, msg.Height
	m.relayout()
}

// relayout computes the layout and tells each visible pane its inner size.
func (m *Model) relayout() {
	m.lay = layout.Compute(m.w, m.h, allPanes, m.focus)
	for _, s := range m.lay.Slots {
		m.panes[s.Pane].SetSize(s.Inner())
	}
}

func (m *Model) handleKey(msg tea.KeyMsg) tea.Cmd {
	m.held = "" // seen: the next status replaces it
	g := m.keys.Global
	if key.Matches(msg, g.ForceQuit) {
		return tea.Sequence(m.saveCmd(), tea.Quit)
	}
	if m.confirm != nil {
		return m.handleConfirm(msg)
	}
	if m.showHelp {
		if key.Matches(msg, g.Help, g.Cancel, g.Quit) {
			m.showHelp = false
		}
		return nil
	}
	fp := m.panes[m.focus]
	if fp.Capturing() {
		return fp.Update(msg)
	}
	switch {
	case key.Matches(msg, g.Suspend):
		return tea.Suspend
	case key.Matches(msg, g.Quit):
		return m.quit()
	case key.Matches(msg, g.Help):
		m.showHelp = true
	case key.Matches(msg, g.NextPane):
		m.setFocus(m.nextPane(1))
	case key.Matches(msg, g.PrevPane):
		m.setFocus(m.nextPane(-1))
	case key.Matches(msg, g.XAxis):
		m.st.CycleX()
		m.info("x axis: " + m.st.X.Label)
	case key.Matches(msg, g.LogX):
		m.st.ToggleLogX()
		m.info(fmt.Sprintf("log-scale x: %v", m.st.LogX))
	case key.Matches(msg, g.Theme):
		return m.cycleTheme()
	case key.Matches(msg, g.Reload):
		m.info("reloading…")
		return tea.Batch(m.load(), m.spin.Tick)
	default:
		for i, j := range g.Jump {
			if key.Matches(msg, j) {
				m.setFocus(i)
				return nil
			}
		}
		return fp.Update(msg)
	}
	return nil
}

func (m *Model) handleConfirm(msg tea.KeyMsg) tea.Cmd {
	c := m.confirm
	switch {
	case key.Matches(msg, m.keys.Confirm.Yes):
		m.confirm = nil
		return c.yes
	case key.Matches(msg, m.keys.Confirm.No):
		m.confirm = nil
		m.info("cancelled")
	}
	return nil
}

// quit asks first when marks or planned points have not been exported.
func (m *Model) quit() tea.Cmd {
	done := tea.Sequence(m.saveCmd(), tea.Quit)
	if n := len(m.st.Marks) + len(m.st.Planned); n > 0 && session.Signature(m.st) != m.exported {
		m.confirm = &confirm{
			prompt: fmt.Sprintf("%d marks, %d planned points not exported (kept in the session). Quit? y/n", len(m.st.Marks), len(m.st.Planned)),
			yes:    done,
		}
		return nil
	}
	return done
}

func (m *Model) setFocus(i int) {
	if i == m.focus {
		return
	}
	m.focus = i
	if m.lay.Mode == layout.Tabs {
		m.relayout()
	}
}

// nextPane is the pane d steps from the focused one, around the ring.
func (m *Model) nextPane(d int) int {
	return (m.focus + d + layout.NumPanes) % layout.NumPanes
}

func (m *Model) cycleTheme() tea.Cmd {
	if m.opts.LockTheme {
		m.info("colour is off (NO_COLOR or --color=never)")
		return nil
	}
	m.theme = themes.Next(m.theme)
	m.styles = themes.New(m.theme, m.opts.Renderer)
	for _, p := range m.panes {
		p.SetStyles(m.styles)
	}
	m.boxes = [layout.NumPanes]boxCache{}
	m.info("theme: " + m.theme)
	return m.saveCmd()
}

func (m *Model) handleMouse(msg tea.MouseMsg) tea.Cmd {
	pane := m.lay.At(msg.X, msg.Y)
	switch {
	case msg.Action == tea.MouseActionPress && msg.Button == tea.MouseButtonLeft && pane >= 0:
		m.setFocus(pane)
	case msg.Button == tea.MouseButtonWheelUp || msg.Button == tea.MouseButtonWheelDown:
		if pane < 0 || m.panes[pane].Capturing() {
			return nil
		}
		k := tea.KeyMsg{Type: tea.KeyDown}
		if msg.Button == tea.MouseButtonWheelUp {
			k.Type = tea.KeyUp
		}
		return m.panes[pane].Update(k)
	}
	return nil
}

func (m *Model) handleSpin(msg spinner.TickMsg) tea.Cmd {
	if !m.loading {
		return nil // stop ticking between loads
	}
	var cmd tea.Cmd
	m.spin, cmd = m.spin.Update(msg)
	return cmd
}

// handleLoaded applies the latest load and drops stale ones.
func (m *Model) handleLoaded(msg loadedMsg) {
	if msg.gen != m.gen {
		return
	}
	m.loading = false
	if msg.err != nil {
		m.fail(msg.err.Error())
		return
	}
	if msg.ds == nil {
		m.fail("loading returned nothing")
		return
	}
	m.st.SetPoints(msg.ds.Points)
	switch n := len(msg.ds.Warnings); n {
	case 0:
		m.info(fmt.Sprintf("loaded %d points from %d files", len(msg.ds.Points), msg.ds.Files))
	case 1:
		m.fail("warning: " + msg.ds.Warnings[0].String())
	default:
		m.fail(fmt.Sprintf("%d warnings; first: %s", n, msg.ds.Warnings[0]))
	}
}

func (m *Model) handleSaved(msg savedMsg) {
	if msg.err != nil {
		m.fail("session not saved: " + msg.err.Error())
	}
}

// handleOther gives pane-owned messages (export results) to their owner.
func (m *Model) handleOther(msg tea.Msg) tea.Cmd {
	for _, p := range m.panes {
		if cmd, handled := p.Handle(msg); handled {
			return cmd
		}
	}
	return nil
}

// info and fail set the status line; a held note stays in front of what
// follows until a key is pressed, so a load or save cannot hide it.
func (m *Model) info(s string) { m.setStatus(s, false) }
func (m *Model) fail(s string) { m.setStatus(s, true) }

// hold shows a note that must be seen (a session kept aside, a directory
// that cannot be watched) until the next key.
func (m *Model) hold(s string) {
	s = termsafe.String(s)
	if m.held != "" && !strings.Contains(m.held, s) {
		s = m.held + " · " + s
	}
	m.held = s
	m.status, m.statusErr = s, true
}

// setStatus is the status line's one way in: messages carry file names
// and data, so they are escaped here.
func (m *Model) setStatus(s string, isErr bool) {
	s = termsafe.String(s)
	if m.held != "" && s != m.held {
		s, isErr = m.held+" · "+s, true
	}
	m.status, m.statusErr = s, isErr
}

// handleConfirmRequest shows a pane's yes/no question.
func (m *Model) handleConfirmRequest(msg msgs.Confirm) {
	m.confirm = &confirm{prompt: termsafe.String(msg.Prompt), yes: msg.Yes}
}

// handleExported records a successful export so q stops asking, and lets
// the export pane rebuild against the written files.
func (m *Model) handleExported(msg msgs.Exported) tea.Cmd {
	cmd := m.handleOther(msg)
	if msg.Err != nil {
		m.fail("export failed: " + msg.Err.Error())
		return cmd
	}
	m.exported = msg.Sig
	m.info(fmt.Sprintf("wrote %s", strings.Join(msg.Files, ", ")))
	cmd = tea.Batch(cmd, m.panes[layout.Export].Pending())
	return tea.Batch(cmd, m.saveCmd())
}
