package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/x/ansi"
	"github.com/sweeptune/sweeptune/render/termsafe"
	"github.com/sweeptune/sweeptune/tui/frame"
	"github.com/sweeptune/sweeptune/tui/layout"
)

// View returns the frame composed after the last Update.
func (m *Model) View() string { return m.screen }

// boxCache keeps a pane's framed lines until its body or focus changes.
type boxCache struct {
	body    string
	title   string
	focused bool
	w, h    int
	lines   []string
}

func (m *Model) box(s layout.Slot) []string {
	body := m.panes[s.Pane].View()
	if m.loading && len(m.st.Points) == 0 {
		body = m.spin.View() + " loading…"
	}
	focused := s.Pane == m.focus
	title := layout.Names[s.Pane]
	if t, ok := m.panes[s.Pane].(titled); ok {
		title = t.Title()
	}
	if m.lay.Mode == layout.Zoom {
		title += " · zoomed (z restores)"
	}
	c := &m.boxes[s.Pane]
	if c.lines != nil && c.body == body && c.title == title && c.focused == focused && c.w == s.W && c.h == s.H {
		return c.lines
	}
	out := frame.Box(m.styles, s.Pane+1, title, body, s.W, s.H, focused)
	*c = boxCache{body: body, title: title, focused: focused, w: s.W, h: s.H, lines: strings.Split(out, "\n")}
	return c.lines
}

// compose builds the whole frame; View only returns it.
func (m *Model) compose() {
	if m.w == 0 || m.h == 0 {
		m.screen = m.spin.View() + " sweeptune: loading…"
		return
	}
	if m.lay.Mode == layout.TooSmall {
		m.screen = m.tooSmall()
		return
	}
	status := m.statusLines()
	if len(status) != m.statusH {
		m.statusH = len(status) // the panes give the status line its rows
		m.relayout()
	}
	rows := make([]string, 0, m.h)
	if m.lay.TabRow >= 0 {
		rows = append(rows, m.tabs())
	}
	switch bodyH := m.h - len(status) - len(rows); {
	case m.showHelp:
		m.help.SetSize(m.w-2, bodyH-2)
		help := frame.Box(m.styles, 0, m.helpTitle(), m.help.String(), m.w, bodyH, true)
		rows = append(rows, help)
	case m.pick != nil:
		rows = append(rows, frame.Box(m.styles, 0, m.pick.Title+" (esc cancels)", m.pick.View(m.styles, m.w-2, bodyH-2), m.w, bodyH, true))
	case m.dates != nil:
		m.dates.SetSize(m.w-2, bodyH-2)
		rows = append(rows, frame.Box(m.styles, 0, m.dates.Title, m.dates.String(), m.w, bodyH, true))
	default:
		for _, r := range m.lay.Rows {
			rows = append(rows, m.joinRow(r))
		}
	}
	rows = append(rows, status...)
	// The last guard: only styling escapes reach the terminal.
	m.screen = termsafe.Frame(strings.Join(rows, "\n"))
}

// joinRow puts the boxes of one grid row side by side.
func (m *Model) joinRow(slots []int) string {
	var boxes [][]string
	h := 0
	for _, i := range slots {
		b := m.box(m.lay.Slots[i])
		boxes = append(boxes, b)
		h = max(h, len(b))
	}
	var sb strings.Builder
	for line := 0; line < h; line++ {
		if line > 0 {
			sb.WriteByte('\n')
		}
		for _, b := range boxes {
			if line < len(b) {
				sb.WriteString(b[line])
			}
		}
	}
	return sb.String()
}

func (m *Model) tabs() string {
	var names []string
	var jumps []int
	active := 0
	for _, p := range allPanes {
		if p == m.focus {
			active = len(names)
		}
		names = append(names, layout.Names[p])
		jumps = append(jumps, p+1)
	}
	return frame.Tabs(m.styles, names, jumps, active, m.w)
}

func (m *Model) tooSmall() string {
	msg := []string{
		"terminal too small",
		fmt.Sprintf("%d×%d, need at least %d×%d", m.w, m.h, layout.MinW, layout.MinH),
		"enlarge the window, or q to quit",
	}
	lines := make([]string, m.h)
	top := max((m.h-len(msg))/2, 0)
	for i := range lines {
		s := ""
		if k := i - top; k >= 0 && k < len(msg) {
			s = strings.Repeat(" ", max((m.w-len([]rune(msg[k])))/2, 0)) + msg[k]
		}
		lines[i] = frame.FitLine(s, m.w)
	}
	return strings.Join(lines, "\n")
}

// statusLine is the message (or prompt) on the left, short help on the right.
func (m *Model) statusLines() []string {
	st := m.styles
	var left string
	switch {
	case m.confirm != nil:
		left = st.Warn.Render("? " + m.confirm.prompt)
	case m.loading:
		left = m.spin.View() + " " + st.StatusDesc.Render("loading…")
	case m.status != "" && m.statusErr:
		left = st.StatusErr.Render(m.status)
	case m.status != "":
		left = st.StatusInfo.Render(m.status)
	}
	lw := frame.Width(left)
	if lw > m.w {
		// A message longer than the screen wraps (up to maxStatusLines)
		// rather than being cut: it is read whole, the help waits.
		lines := frame.Wrap(left, m.w)
		// Never so many that the panes fall below the minimum size.
		if n := max(min(maxStatusLines, m.h-layout.MinH+1), 1); len(lines) > n {
			lines = lines[:n]
			lines[n-1] = ansi.Truncate(lines[n-1], m.w-1, "") + "…"
		}
		for i := range lines {
			lines[i] = frame.FitLine(lines[i], m.w)
		}
		return lines
	}
	// Drop the pane's keys before the global ones when space is short.
	right := m.shortHelp(true)
	if lw+frame.Width(right)+2 > m.w {
		right = m.shortHelp(false)
	}
	if lw+frame.Width(right)+2 > m.w {
		right = ""
	}
	rw := frame.Width(right)
	return []string{frame.FitLine(left+strings.Repeat(" ", max(m.w-lw-rw, 0))+right, m.w)}
}

// maxStatusLines bounds the status line's growth for a long message.
const maxStatusLines = 3

// shortHelp names the focused pane's last keys (its own, past the
// movement ones) and the always-there ones.
func (m *Model) shortHelp(pane bool) string {
	var bs []key.Binding
	if fp := m.panes[m.focus]; fp.Capturing() && m.confirm == nil && !m.showHelp {
		// Typing: only the input's own keys work, so only they are named.
		return m.keyList(fp.Bindings())
	}
	if pane {
		bs = m.panes[m.focus].Bindings()
		if len(bs) > 3 {
			bs = bs[len(bs)-3:]
		}
	}
	g := m.keys.Global
	bs = append(bs, g.NextPane, g.Help, g.Quit)
	return m.keyList(bs)
}

// keyList is "key desc · key desc" in the status line's styles.
func (m *Model) keyList(bs []key.Binding) string {
	parts := make([]string, 0, len(bs))
	for _, b := range bs {
		parts = append(parts, m.styles.StatusKey.Render(b.Help().Key)+" "+m.styles.StatusDesc.Render(b.Help().Desc))
	}
	return strings.Join(parts, m.styles.StatusDesc.Render(" · "))
}
