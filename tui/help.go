package tui

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/sweeptune/sweeptune/tui/frame"
	"github.com/sweeptune/sweeptune/tui/layout"
)

// helpText lays the global keys and the focused pane's keys out in columns.
func (m *Model) helpText(w int) string {
	groups := []struct {
		title string
		keys  []key.Binding
	}{{"global", m.keys.GlobalBindings()}}
	if p := m.panes[m.focus]; p != nil {
		groups = append(groups, struct {
			title string
			keys  []key.Binding
		}{layout.Names[m.focus] + " pane", p.Bindings()})
	}
	var cols [][]string
	for _, g := range groups {
		col := []string{m.styles.Bold.Render(g.title)}
		for _, b := range g.keys {
			if !b.Enabled() {
				continue
			}
			col = append(col, m.styles.StatusKey.Render(pad(b.Help().Key, 10))+" "+m.styles.StatusDesc.Render(b.Help().Desc))
		}
		cols = append(cols, col)
	}
	colW := max(w/max(len(cols), 1), 20)
	rows := 0
	for _, c := range cols {
		rows = max(rows, len(c))
	}
	lines := make([]string, rows)
	for i := range lines {
		var sb strings.Builder
		for _, c := range cols {
			cell := ""
			if i < len(c) {
				cell = c[i]
			}
			sb.WriteString(frame.FitLine(cell, colW))
		}
		lines[i] = sb.String()
	}
	return strings.Join(lines, "\n")
}

func pad(s string, n int) string {
	if r := n - len([]rune(s)); r > 0 {
		return s + strings.Repeat(" ", r)
	}
	return s
}
