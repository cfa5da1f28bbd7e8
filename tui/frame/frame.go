// Package frame draws pane borders, tabs and fixed-size text blocks. Every
// function returns exactly the size it is asked for, which is what keeps
// the layout's widths and heights adding up.
package frame

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/sweeptune/sweeptune/themes"
)

// Fit cuts or pads s to exactly h lines of exactly w cells.
func Fit(s string, w, h int) []string {
	if w < 0 {
		w = 0
	}
	if h < 0 {
		h = 0
	}
	lines := strings.Split(s, "\n")
	if s == "" {
		lines = nil
	}
	out := make([]string, h)
	for i := range out {
		if i < len(lines) {
			out[i] = FitLine(lines[i], w)
		} else {
			out[i] = strings.Repeat(" ", w)
		}
	}
	return out
}

// FitLine cuts or pads one line to exactly w cells.
func FitLine(line string, w int) string {
	lw := ansi.StringWidth(line)
	if lw > w {
		line = ansi.Truncate(line, w, "")
		lw = ansi.StringWidth(line)
	}
	if lw < w {
		line += strings.Repeat(" ", w-lw)
	}
	return line
}

type runes struct{ tl, tr, bl, br, h, v string }

var (
	thin  = runes{"┌", "┐", "└", "┘", "─", "│"}
	thick = runes{"┏", "┓", "┗", "┛", "━", "┃"}
)

// Box frames body in a w×h border with the jump key and title in the top
// edge. Focus shows in shape (thick frame) as well as in colour.
func Box(st themes.Styles, jump int, title, body string, w, h int, focused bool) string {
	if w < 2 || h < 2 {
		return strings.Join(Fit("", w, h), "\n")
	}
	r, bs, ts := thin, st.Border, st.Title
	if focused {
		r, bs, ts = thick, st.FocusedBorder, st.FocusedTitle
	}
	var b strings.Builder
	// Top edge: ┏━ 1 curve ━━━┓, cut to fit.
	label := ""
	if jump > 0 {
		label = st.JumpKey.Render(strconv.Itoa(jump)) + " "
	}
	label += ts.Render(title)
	labelW := ansi.StringWidth(label)
	inner := w - 2
	if labelW+3 > inner {
		label = ansi.Truncate(label, max(inner-3, 0), "")
		labelW = ansi.StringWidth(label)
	}
	if inner >= labelW+3 {
		b.WriteString(bs.Render(r.tl + r.h + " "))
		b.WriteString(label)
		b.WriteString(bs.Render(" " + strings.Repeat(r.h, inner-labelW-3) + r.tr))
	} else {
		b.WriteString(bs.Render(r.tl + strings.Repeat(r.h, inner) + r.tr))
	}
	side := bs.Render(r.v)
	for _, line := range Fit(body, inner, h-2) {
		b.WriteByte('\n')
		b.WriteString(side)
		b.WriteString(line)
		b.WriteString(side)
	}
	b.WriteByte('\n')
	b.WriteString(bs.Render(r.bl + strings.Repeat(r.h, inner) + r.br))
	return b.String()
}

// Tabs draws a one-line tab bar; the active tab also shows in shape
// ([1 curve]) since the Ascii profile drops underline.
func Tabs(st themes.Styles, names []string, jumps []int, active int, w int) string {
	var parts []string
	for i, n := range names {
		label := strconv.Itoa(jumps[i]) + " " + n
		if i == active {
			parts = append(parts, st.TabActive.Render("["+label+"]"))
		} else {
			parts = append(parts, st.TabInactive.Render(" "+label+" "))
		}
	}
	return FitLine(strings.Join(parts, " "), w)
}

// Width is a string's width in cells, escape codes excluded.
func Width(s string) int { return ansi.StringWidth(s) }

// TabAt is the index of the tab under column x of a Tabs row of names
// (each label "N name" padded by one cell a side, one space apart), -1
// when x is between or past them.
func TabAt(names []string, x int) int {
	start := 0
	for i, n := range names {
		w := len([]rune(n)) + 4 // "N name" and its two pads
		if x >= start && x < start+w {
			return i
		}
		start += w + 1
	}
	return -1
}

// TooSmall is the whole w×h screen saying it is smaller than minW×minH.
func TooSmall(w, h, minW, minH int) string {
	msg := []string{
		"terminal too small",
		fmt.Sprintf("%d×%d, need at least %d×%d", w, h, minW, minH),
		"enlarge the window, or q to quit",
	}
	// a line wider than the screen is said in shorter ones, not cut
	var lines0 []string
	for _, l := range msg {
		cur := ""
		for _, word := range strings.Fields(l) {
			if cur != "" && len([]rune(cur))+1+len([]rune(word)) > w {
				lines0 = append(lines0, cur)
				cur = word
				continue
			}
			if cur != "" {
				cur += " "
			}
			cur += word
		}
		lines0 = append(lines0, cur)
	}
	msg = lines0
	lines := make([]string, h)
	top := max((h-len(msg))/2, 0)
	for i := range lines {
		s := ""
		if k := i - top; k >= 0 && k < len(msg) {
			s = strings.Repeat(" ", max((w-len([]rune(msg[k])))/2, 0)) + msg[k]
		}
		lines[i] = FitLine(s, w)
	}
	return strings.Join(lines, "\n")
}
