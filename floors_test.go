package main

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The floors of docs/architecture.md, checked from the code's own imports:
// the domain, the presentation layer and the workbench state (tui/workbench) import nothing
// of Bubble Tea or lipgloss, and nothing below the CLI imports it.
func TestFloorsImportNoTerminal(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	for _, pkg := range []string{"./model", "./planner", "./sources/...", "./planner/ledger", "./render/...", "./tui/workbench/..."} {
		out, err := exec.Command("go", "list", "-deps", pkg).Output()
		if err != nil {
			t.Fatalf("go list -deps %s: %v", pkg, err)
		}
		for _, dep := range strings.Fields(string(out)) {
			// tui/workbench is the workbench's pure state: it stands below the program it serves.
			pane := strings.Contains(dep, "/sweeptune/tui/") && !strings.Contains(dep, "/sweeptune/tui/workbench")
			if strings.HasPrefix(dep, "github.com/charmbracelet/") || strings.HasSuffix(dep, "/sweeptune/tui") ||
				pane || strings.HasSuffix(dep, "/sweeptune/cli") {
				t.Errorf("%s depends on %s", pkg, dep)
			}
		}
	}
}

// Colours live in themes/ only.
func TestColourLiteralsOnlyInThemes(t *testing.T) {
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (path == "themes" || path == ".git" || path == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, lit := range []string{"lipgloss.Color(", "AdaptiveColor{"} {
			if strings.Contains(string(b), lit) {
				t.Errorf("%s holds a colour literal (%s): colours belong in themes/", path, lit)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
