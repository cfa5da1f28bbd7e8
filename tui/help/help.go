// Package help is the workbench's full help (?): every key of every pane,
// the focused pane's first, then the ones that work everywhere, then the
// other panes in ring order, laid out in as many columns as fit; the last
// load's warnings head it. The root shows it in a scrolled view.
package help

import (
	"fmt"
	"strings"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/themes"
	"github.com/sweeptune/sweeptune/tui/frame"
	"github.com/sweeptune/sweeptune/tui/keys"
	"github.com/sweeptune/sweeptune/tui/layout"
)

// colW is one help column: a 12-cell key and its description.
const colW = 38

// Text is the help for a screen w cells wide with pane focus focused.
func Text(km keys.KeyMap, focus int, warnings []string, st themes.Styles, w int) string {
	return TextWithStatus(km, focus, "", warnings, st, w)
}

// TextWithStatus is Text headed by the status line's message when the
// screen had to cut it (status is "" otherwise), so all of it can be read.
func TextWithStatus(km keys.KeyMap, focus int, status string, warnings []string, st themes.Styles, w int) string {
	text := columns(groups(km, focus), st, w)
	var b strings.Builder
	if status != "" {
		b.WriteString(st.Bold.Render("the status line, whole (the screen cut it)") + "\n")
		b.WriteString(st.StatusDesc.Render("  "+status) + "\n\n")
	}
	if len(warnings) == 0 {
		return b.String() + text
	}
	b.WriteString(st.Bold.Render(fmt.Sprintf("the last load's %s", model.Plural(len(warnings), "warning"))) + "\n")
	for _, w := range warnings {
		b.WriteString(st.Warn.Render("  ! "+w) + "\n")
	}
	return b.String() + "\n" + text
}

// Title names the scroll keys when the help is longer than the screen
// (scrolled: it is scrolled or has more below).
func Title(scrolled bool) string {
	if scrolled {
		return "keys of every pane (j/k scroll · ? or esc closes)"
	}
	return "keys of every pane (? or esc closes)"
}

// groups orders the key groups.
func groups(km keys.KeyMap, focus int) []keys.Group {
	panes := km.PaneGroups()
	title := func(i int) string { return layout.Names[i] + " pane (" + string(rune('1'+i)) + ")" }
	out := []keys.Group{{Title: title(focus) + " · focused", Keys: panes[focus].Keys}}
	out = append(out, keys.Group{Title: "everywhere", Keys: km.EverywhereBindings()},
		keys.Group{Title: "curves (everywhere)", Keys: km.CurveBindings()},
		keys.Group{Title: "pickers (c o @ H): type to filter", Keys: km.PickerBindings()})
	for d := 1; d < len(panes); d++ {
		i := (focus + d) % len(panes)
		out = append(out, keys.Group{Title: title(i), Keys: panes[i].Keys})
	}
	return out
}

// columns lays the groups out in as many columns as fit in w, each group
// kept whole and put in the shortest column so far.
func columns(gs []keys.Group, st themes.Styles, w int) string {
	ncols := max(w/colW, 1)
	cw := w / ncols
	cols := make([][]string, ncols)
	for _, g := range gs {
		block := []string{st.Bold.Render(g.Title)}
		for _, b := range g.Keys {
			// one cell of the column is left blank so it never touches the
			// next; a description too long for the rest wraps under itself.
			for i, d := range wrap(b.Help().Desc, cw-1-13) {
				k := ""
				if i == 0 {
					k = b.Help().Key
				}
				block = append(block, st.StatusKey.Render(pad(k, 12))+" "+st.StatusDesc.Render(d))
			}
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
			sb.WriteString(frame.FitLine(frame.FitLine(cell, cw-1), cw))
		}
		lines[i] = strings.TrimRight(sb.String(), " ")
	}
	return strings.Join(lines, "\n")
}

func pad(s string, n int) string {
	if r := n - len([]rune(s)); r > 0 {
		return s + strings.Repeat(" ", r)
	}
	return s
}

// wrap breaks s at spaces into lines of at most n cells (a word longer
// than n stays whole; the column's cut then shortens it).
func wrap(s string, n int) []string {
	if n < 1 || len([]rune(s)) <= n {
		return []string{s}
	}
	var out []string
	line := ""
	for _, w := range strings.Fields(s) {
		switch {
		case line == "":
			line = w
		case len([]rune(line))+1+len([]rune(w)) <= n:
			line += " " + w
		default:
			out = append(out, line)
			line = w
		}
	}
	return append(out, line)
}
