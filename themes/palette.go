// Package themes holds the workbench's palettes and the one Styles struct
// built from them. It is the only package with colour literals, so a theme
// change or a move to another renderer touches nothing else.
package themes

import "github.com/charmbracelet/lipgloss"

// Palette is the semantic colour set a theme fills in. A nil colour means
// "the terminal's own" (lipgloss.NoColor).
type Palette struct {
	FG, Muted, Accent        lipgloss.TerminalColor
	Border, FocusedBorder    lipgloss.TerminalColor
	Good, Bad, Warn          lipgloss.TerminalColor
	SelectionFG, SelectionBG lipgloss.TerminalColor
	// Series are the source colours in model.Sources order: published,
	// local, planned, competitor; then colours for the overlaid curves
	// (the first overlay takes the competitor's); more wrap around.
	Series []lipgloss.TerminalColor
}

// Theme names in the order T cycles them.
const (
	Dark         = "dark"
	Light        = "light"
	HighContrast = "high-contrast"
	None         = "none"
)

// Names lists the themes in cycle order.
func Names() []string { return []string{Dark, Light, HighContrast, None} }

// Next is the theme after name in cycle order.
func Next(name string) string {
	names := Names()
	for i, n := range names {
		if n == name {
			return names[(i+1)%len(names)]
		}
	}
	return names[0]
}

// Valid reports whether name is a theme.
func Valid(name string) bool {
	for _, n := range Names() {
		if n == name {
			return true
		}
	}
	return false
}

func c(s string) lipgloss.TerminalColor { return lipgloss.Color(s) }

// PaletteOf returns a theme's palette; unknown names get none.
func PaletteOf(name string) Palette {
	switch name {
	case Dark:
		return Palette{
			FG: c("252"), Muted: c("245"), Accent: c("111"),
			Border: c("240"), FocusedBorder: c("111"),
			Good: c("114"), Bad: c("203"), Warn: c("221"),
			SelectionFG: c("231"), SelectionBG: c("24"),
			Series: []lipgloss.TerminalColor{c("75"), c("214"), c("177"), c("203"),
				c("114"), c("80"), c("221"), c("210"), c("147"), c("180")},
		}
	case Light:
		return Palette{
			FG: c("235"), Muted: c("242"), Accent: c("25"),
			Border: c("248"), FocusedBorder: c("25"),
			Good: c("28"), Bad: c("160"), Warn: c("130"),
			SelectionFG: c("232"), SelectionBG: c("153"),
			Series: []lipgloss.TerminalColor{c("25"), c("166"), c("91"), c("160"),
				c("28"), c("30"), c("136"), c("125"), c("61"), c("94")},
		}
	case HighContrast:
		// The 16 base colours only: they follow the user's terminal scheme
		// and stay legible on any background.
		return Palette{
			FG: c("15"), Muted: c("7"), Accent: c("14"),
			Border: c("7"), FocusedBorder: c("11"),
			Good: c("10"), Bad: c("9"), Warn: c("11"),
			SelectionFG: c("0"), SelectionBG: c("11"),
			Series: []lipgloss.TerminalColor{c("14"), c("11"), c("13"), c("9"),
				c("10"), c("12"), c("3"), c("5"), c("6"), c("1")},
		}
	}
	return Palette{}
}
