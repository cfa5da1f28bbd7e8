package paint

import (
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/sweeptune/sweeptune/render"
	"github.com/sweeptune/sweeptune/themes"
)

// Style is the theme's style for a render class: the one place where the
// presentation layer's classes meet the workbench's colours.
func Style(st themes.Styles, c render.Class) lipgloss.Style {
	switch c {
	case render.Muted:
		return st.Muted
	case render.Accent:
		return st.Accent
	case render.Bold:
		return st.Bold
	case render.Good:
		return st.Good
	case render.Bad:
		return st.Bad
	case render.Warn:
		return st.Warn
	}
	return lipgloss.NewStyle()
}

// Doc is a rendered result in the theme's styles, without the final
// newline (a pane joins it with what follows).
func Doc(d render.Doc, st themes.Styles) string {
	return strings.TrimSuffix(d.Styled(func(c render.Class, s string) string { return Style(st, c).Render(s) }), "\n")
}
