package tui

import (
	"fmt"
	"strings"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/tui/frame"
	"github.com/sweeptune/sweeptune/tui/keys"
	"github.com/sweeptune/sweeptune/tui/layout"
)

// helpColW is one help column: a 12-cell key and its description.
const helpColW = 38

// openHelp shows every key of every pane, the focused pane's first, then
// the global ones, then the other panes in ring order.
func (m *Model) openHelp() {
	m.showHelp = true
	text := m.helpText(max(m.w-2, 1))
	if len(m.warnings) > 0 {
		var b strings.Builder
		b.WriteString(m.styles.Bold.Render(fmt.Sprintf("the last load's %s", model.Plural(len(m.warnings), "warning"))) + "\n")
		for _, w := range m.warnings {
			b.WriteString(m.styles.Warn.Render("  ! "+w) + "\n")
		}
		text = b.String() + "\n" + text
	}
	m.help.SetContent(text)
}

// helpGroups orders the key groups for the help.
func (m *Model) helpGroups() []keys.Group {
	panes := m.keys.PaneGroups()
	title := func(i int) string { return layout.Names[i] + " pane (" + string(rune('1'+i)) + ")" }
	out := []keys.Group{{Title: title(m.focus) + " · focused", Keys: panes[m.focus].Keys}}
	out = append(out, keys.Group{Title: "everywhere", Keys: m.keys.EverywhereBindings()},
		keys.Group{Title: "curves (everywhere)", Keys: m.keys.CurveBindings()},
		keys.Group{Title: "pickers (c o @ H): type to filter", Keys: m.keys.PickerBindings()})
	for d := 1; d < len(panes); d++ {
		i := (m.focus + d) % len(panes)
		out = append(out, keys.Group{Title: title(i), Keys: panes[i].Keys})
	}
	return out
}

// helpText lays the groups out in as many columns as fit in w, each group
// kept whole and put in the shortest column so far.
func (m *Model) helpText(w int) string {
	ncols := max(w/helpColW, 1)
	colW := w / ncols
	cols := make([][]string, ncols)
	for _, g := range m.helpGroups() {
		block := []string{m.styles.Bold.Render(g.Title)}
		for _, b := range g.Keys {
			block = append(block, m.styles.StatusKey.Render(pad(b.Help().Key, 12))+" "+m.styles.StatusDesc.Render(b.Help().Desc))
		}
		c := 0
		for i := range cols {
			if len(cols[i]) < len(cols[c]) {
				c = i
			}
		}
		if len(cols[c]) > 0 {
			cols[c] = append(cols[c], "")
		}
		cols[c] = append(cols[c], block...)
	}
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
		lines[i] = strings.TrimRight(sb.String(), " ")
	}
	return strings.Join(lines, "\n")
}

// helpTitle names the scroll keys when the help is longer than the screen.
func (m *Model) helpTitle() string {
	if m.help.More() || m.help.Offset() > 0 {
		return "keys of every pane (j/k scroll · ? or esc closes)"
	}
	return "keys of every pane (? or esc closes)"
}

func pad(s string, n int) string {
	if r := n - len([]rune(s)); r > 0 {
		return s + strings.Repeat(" ", r)
	}
	return s
}
