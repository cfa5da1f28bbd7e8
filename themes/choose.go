package themes

// Choose picks the starting theme: --color=never and NO_COLOR force none;
// an explicit --theme wins otherwise; else dark or light from the
// terminal's background, which the caller must query before the program
// starts (the query reads from the terminal and would race Bubble Tea).
func Choose(flagTheme string, colorNever, noColorEnv, darkBackground bool) string {
	if colorNever || noColorEnv {
		return None
	}
	if Valid(flagTheme) {
		return flagTheme
	}
	if darkBackground {
		return Dark
	}
	return Light
}
