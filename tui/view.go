package tui

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/x/ansi"
	"github.com/sweeptune/sweeptune/render/termsafe"
	"github.com/sweeptune/sweeptune/tui/frame"
	"github.com/sweeptune/sweeptune/tui/help"
	"github.com/sweeptune/sweeptune/tui/layout"
	"github.com/sweeptune/sweeptune/tui/statusline"
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
		// Still: the status line's spinner turns, and the frames of a
		// long load redraw no box (at a million rows, 20 frames redrawing
		// six were 30 ms of CPU before the first table).
		body = "loading…"
	}
	focused := s.Pane == m.focus
	title := layout.Names[s.Pane]
	zoom := ""
	if m.lay.Mode == layout.Zoom {
		zoom = " · zoomed (z restores)"
	}
	switch t := m.panes[s.Pane].(type) {
	case fitTitled: // the border's room: its corners, the jump key and spaces
		title = t.TitleFit(s.W - 7 - ansi.StringWidth(zoom))
	case titled:
		title = t.Title()
	}
	title += zoom
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
		m.screen = frame.TooSmall(m.w, m.h, layout.MinW, layout.MinH)
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
		m.help.SetSize(m.w-2, bodyH-2)
		title := help.Title(m.help.More() || m.help.Offset() > 0)
		rows = append(rows, frame.Box(m.styles, 0, title, m.help.String(), m.w, bodyH, true))
	case m.curves.Open():
		title, body, _ := m.curves.Show(m.styles, m.w-2, bodyH-2)
		rows = append(rows, frame.Box(m.styles, 0, title, body, m.w, bodyH, true))
	default:
		for _, r := range m.lay.Rows {
			rows = append(rows, m.joinRow(r))
		}
	}
	rows = append(rows, status...)
	// The last guard: only styling escapes reach the terminal.
	m.screen = termsafe.Frame(strings.Join(rows, "\n"))
}

// joinRow puts the boxes of one grid row side by side; the row is joined
// again only when one of its boxes was drawn again.
func (m *Model) joinRow(slots []int) string {
	var boxes [][]string
	h := 0
	for _, i := range slots {
		b := m.box(m.lay.Slots[i])
		boxes = append(boxes, b)
		h = max(h, len(b))
	}
	if m.rows == nil {
		m.rows = map[int]joinedRow{}
	}
	key := slots[0]
	if r, ok := m.rows[key]; ok && sameBoxes(r.boxes, boxes) {
		return r.joined
	}
	joined := joinBoxes(boxes, h)
	m.rows[key] = joinedRow{boxes: boxes, joined: joined}
	return joined
}

// joinedRow is a grid row joined, and the boxes' lines it was joined of.
type joinedRow struct {
	boxes  [][]string
	joined string
}

// sameBoxes reports whether a and b are the same boxes' lines: the box
// cache returns a box's lines as they were until it draws it again.
func sameBoxes(a, b [][]string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if len(a[i]) != len(b[i]) || (len(a[i]) > 0 && &a[i][0] != &b[i][0]) {
			return false
		}
	}
	return true
}

// joinBoxes puts boxes of h lines at most side by side.
func joinBoxes(boxes [][]string, h int) string {
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
	var jumps []int
	active := 0
	for i, p := range allPanes {
		if p == m.focus {
			active = i
		}
		jumps = append(jumps, p+1)
	}
	return frame.Tabs(m.styles, paneNames(), jumps, active, m.w)
}

// paneNames are the panes' names in ring order, as the tabs show them.
func paneNames() []string {
	names := make([]string, len(allPanes))
	for i, p := range allPanes {
		names[i] = layout.Names[p]
	}
	return names
}

// openHelp shows every key of every pane, laid out for the width.
func (m *Model) openHelp() {
	m.showHelp = true
	status := ""
	if statusline.Cut(m.bar.Shown, m.w, m.h-layout.MinH+1) {
		status = m.bar.Shown // the status line ended in … on screen
	}
	m.help.SetContent(help.TextWithStatus(m.keys, m.focus, status, m.warnings, m.styles, max(m.w-2, 1)))
}

// statusLines are the message (or question) on the left, the short help
// on the right.
func (m *Model) statusLines() []string {
	question := ""
	if m.confirm != nil {
		question = m.confirm.prompt
	}
	left := m.bar.Left(m.styles, question, m.loading, m.spin.View())
	return statusline.Lines(left, m.w, m.h-layout.MinH+1, m.shortHelp)
}

// shortHelp names the focused pane's last keys (its own, past the
// movement ones; dropped when pane is false) and the always-there ones.
func (m *Model) shortHelp(pane bool) string {
	var bs []key.Binding
	if fp := m.panes[m.focus]; fp.Capturing() && m.confirm == nil && !m.showHelp {
		// Typing: only the input's own keys work, so only they are named.
		return statusline.Keys(m.styles, fp.Bindings())
	}
	if pane {
		bs = m.panes[m.focus].Bindings()
		if len(bs) > 3 {
			bs = bs[len(bs)-3:]
		}
	}
	g := m.keys.Global
	bs = append(bs, g.NextPane, g.Help, g.Quit)
	return statusline.Keys(m.styles, bs)
}
