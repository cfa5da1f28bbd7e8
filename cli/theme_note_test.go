package cli

import (
	"testing"

	"github.com/sweeptune/sweeptune/themes"
)

// TestChooseThemeNamesAnUnknownSavedTheme: a theme the saved session
// names and the build does not know is named in the start-up note, as the
// session's other bad values are; a known one, a --theme flag or no
// colour at all say nothing.
func TestChooseThemeNamesAnUnknownSavedTheme(t *testing.T) {
	t.Setenv("NO_COLOR", "")
	theme, lock, note := chooseTheme(tuiFlags{color: "auto"}, "solarized")
	if !themes.Valid(theme) || lock {
		t.Fatalf("theme %q, lock %v", theme, lock)
	}
	if want := `session: theme "solarized" unknown: ` + theme + ` used`; note != want {
		t.Errorf("note %q, want %q", note, want)
	}
	for _, c := range []struct {
		f     tuiFlags
		saved string
	}{{tuiFlags{color: "auto"}, "light"}, {tuiFlags{color: "auto", theme: "dark"}, "solarized"},
		{tuiFlags{color: "never"}, "solarized"}, {tuiFlags{color: "auto"}, ""}} {
		if _, _, note := chooseTheme(c.f, c.saved); note != "" {
			t.Errorf("%+v, saved %q: note %q", c.f, c.saved, note)
		}
	}
}
