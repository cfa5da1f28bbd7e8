// Package paint colours a plot.Canvas with a theme, afterwards, so the
// renderer stays colour-free and NO_COLOR holds.
package paint

import (
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/sweeptune/sweeptune/render/plot"
	"github.com/sweeptune/sweeptune/themes"
)

// ClassStyle maps a canvas class to its style.
func ClassStyle(st themes.Styles, class uint8) lipgloss.Style {
	switch class {
	case plot.ClassAxis:
		return st.Muted
	case plot.ClassSelected:
		return st.MarkSelected
	case plot.ClassRemoved:
		return st.MarkRemoved
	}
	return st.SeriesStyle(int(class))
}

// Canvas returns the canvas' lines with each run of one class styled.
func Canvas(c plot.Canvas, st themes.Styles) []string {
	out := make([]string, len(c.Lines))
	for i, line := range c.Lines {
		if i >= len(c.Class) {
			out[i] = line
			continue
		}
		out[i] = paintLine([]rune(line), c.Class[i], st)
	}
	return out
}

func paintLine(rs []rune, classes []uint8, st themes.Styles) string {
	if len(rs) != len(classes) {
		return string(rs) // a cell is not one rune: leave it plain
	}
	var b strings.Builder
	start := 0
	for i := 1; i <= len(rs); i++ {
		if i < len(rs) && classes[i] == classes[start] {
			continue
		}
		run := string(rs[start:i])
		if strings.TrimSpace(run) == "" {
			b.WriteString(run) // blank runs need no escape codes
		} else {
			b.WriteString(ClassStyle(st, classes[start]).Render(run))
		}
		start = i
	}
	return b.String()
}
