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

// palette is a theme's colours as 256-colour codes, one theme a case:
// FG, Muted, Accent, Border, FocusedBorder, Good, Bad, Warn, SelectionFG,
// SelectionBG, then the Series. The high-contrast theme uses the 16 base
// colours only: they follow the user's terminal scheme and stay legible on
// any background. (A switch, not a map: a map literal is built at every
// run's start-up.)
func palette(name string) ([]string, bool) {
	switch name {
	case Dark:
		return []string{"252", "245", "111", "240", "111", "114", "203", "221", "231", "24", "75", "214", "177", "203", "114", "80", "221", "210", "147", "180"}, true
	case Light:
		return []string{"235", "242", "25", "248", "25", "28", "160", "130", "232", "153", "25", "166", "91", "160", "28", "30", "136", "125", "61", "94"}, true
	case HighContrast:
		return []string{"15", "7", "14", "7", "11", "10", "9", "11", "0", "11", "14", "11", "13", "9", "10", "12", "3", "5", "6", "1"}, true
	}
	return nil, false
}

// PaletteOf returns a theme's palette; unknown names get none.
func PaletteOf(name string) Palette {
	codes, ok := palette(name)
	if !ok {
		return Palette{}
	}
	c := make([]lipgloss.TerminalColor, len(codes))
	for i, code := range codes {
		c[i] = lipgloss.Color(code)
	}
	return Palette{FG: c[0], Muted: c[1], Accent: c[2], Border: c[3], FocusedBorder: c[4],
		Good: c[5], Bad: c[6], Warn: c[7], SelectionFG: c[8], SelectionBG: c[9], Series: c[10:]}
}
