package testkit

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"
	"github.com/sweeptune/sweeptune/internal/check"
	"github.com/sweeptune/sweeptune/themes"
)

// Plain is the none theme with colour off: what most pane tests draw with.
func Plain() themes.Styles { return Styles("none", termenv.Ascii) }

// CheckSize fails unless out is exactly h lines of exactly w cells.
func CheckSize(t testing.TB, out string, w, h int) {
	t.Helper()
	lines := strings.Split(out, "\n")
	if len(lines) != h {
		t.Fatalf("%d lines, want %d", len(lines), h)
	}
	for i, l := range lines {
		if ansi.StringWidth(l) != w {
			t.Fatalf("line %d is %d wide, want %d: %q", i, ansi.StringWidth(l), w, l)
		}
	}
}

// Contains reports each of wants that text lacks, naming what text is.
var Contains = check.Contains
