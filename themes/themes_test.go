package themes

import (
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

func TestChoose(t *testing.T) {
	cases := []struct {
		flag               string
		never, noEnv, dark bool
		want               string
	}{
		{"", false, false, true, Dark},
		{"", false, false, false, Light},
		{"high-contrast", false, false, false, HighContrast},
		{"dark", true, false, true, None},   // --color=never wins over --theme
		{"light", false, true, false, None}, // NO_COLOR too
		{"bogus", false, false, true, Dark},
	}
	for _, c := range cases {
		if got := Choose(c.flag, c.never, c.noEnv, c.dark); got != c.want {
			t.Errorf("Choose(%q, never=%v, NO_COLOR=%v, dark=%v) = %q, want %q", c.flag, c.never, c.noEnv, c.dark, got, c.want)
		}
	}
}

func TestNextCyclesEveryTheme(t *testing.T) {
	seen := map[string]bool{}
	name := Dark
	for range Names() {
		seen[name] = true
		name = Next(name)
	}
	if name != Dark || len(seen) != 4 {
		t.Fatalf("cycle from dark saw %v and ended on %q", seen, name)
	}
	if Next("nope") != Dark {
		t.Errorf("Next of an unknown theme = %q, want dark", Next("nope"))
	}
}

func TestNoneThemeEmitsNoColour(t *testing.T) {
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.TrueColor)
	s := New(None, r)
	for _, out := range []string{s.Text.Render("x"), s.Accent.Render("x"), s.SeriesStyle(2).Render("x"), s.Bad.Render("x")} {
		if strings.Contains(out, "38;") || strings.Contains(out, "48;") {
			t.Errorf("none theme rendered a colour: %q", out)
		}
	}
	d := New(Dark, r)
	if out := d.SeriesStyle(1).Render("x"); !strings.Contains(out, "38;") {
		t.Errorf("dark theme series 1 has no foreground colour: %q", out)
	}
}

func TestSeriesStyleWraps(t *testing.T) {
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.ANSI256)
	s := New(Dark, r)
	if a, b := s.SeriesStyle(1).Render("x"), s.SeriesStyle(1+len(s.Series)).Render("x"); a != b {
		t.Errorf("class %d should wrap to class 1: %q vs %q", 1+len(s.Series), b, a)
	}
	if s.SeriesStyle(0).Render("x") != s.Text.Render("x") {
		t.Error("class 0 should use the text style")
	}
}

// TestColourLiteralsOnlyInThemes keeps the rule of docs/architecture.md: no colour
// literal anywhere in the TUI but here.
func TestColourLiteralsOnlyInThemes(t *testing.T) {
	re := regexp.MustCompile(`lipgloss\.(Color|AdaptiveColor|ANSIColor|CompleteColor)\b|#[0-9a-fA-F]{6}\b`)
	var bad []string
	for _, root := range []string{"../tui", ".."} {
		filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			if d.IsDir() && root == ".." && p != ".." {
				return filepath.SkipDir // only the main package's files at the top
			}
			if d.IsDir() || !strings.HasSuffix(p, ".go") {
				return nil
			}
			if root == ".." && !strings.HasPrefix(filepath.Base(p), "cmd_tui") {
				return nil
			}
			b, _ := os.ReadFile(p)
			if re.Match(b) {
				bad = append(bad, p)
			}
			return nil
		})
	}
	if len(bad) > 0 {
		t.Errorf("colour literals outside themes/: %v", bad)
	}
}
