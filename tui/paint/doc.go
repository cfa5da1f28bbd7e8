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
	byClass := [...]lipgloss.Style{render.Plain: lipgloss.NewStyle(), render.Muted: st.Muted, render.Accent: st.Accent, render.Bold: st.Bold,
		render.Good: st.Good, render.Bad: st.Bad, render.Warn: st.Warn}
	if int(c) < len(byClass) {
		return byClass[c]
	}
	return lipgloss.NewStyle()
}

// Doc is a rendered result in the theme's styles, without the final
// newline (a pane joins it with what follows).
func Doc(d render.Doc, st themes.Styles) string {
	return strings.TrimSuffix(d.Styled(func(c render.Class, s string) string { return Style(st, c).Render(s) }), "\n")
}
