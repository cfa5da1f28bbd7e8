package tui

import (
	"bytes"
	"encoding/base64"
	tuiclip "github.com/sweeptune/sweeptune/tui/clip"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/sources/demo"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
	"github.com/sweeptune/sweeptune/tui/layout"
)

// osc52Seq is the sequence that asks the terminal to put s on its clipboard.
func osc52Seq(s string) string {
	return "\x1b]52;c;" + base64.StdEncoding.EncodeToString([]byte(s)) + "\a"
}

// TestCopySelectedID: C in the points pane writes the selected point's ID
// as OSC 52 and says so; C in the review pane copies nothing and says why.
func TestCopySelectedID(t *testing.T) {
	t.Setenv("TMUX", "")
	t.Setenv("TERM", "xterm-256color")
	var clip bytes.Buffer
	m := start(Options{Clipboard: &clip}, 160, 45, testkit.Demo(), 1)
	do(m, "2", "/")
	typeText(m, "src:local np:7")
	do(m, "enter", "C")
	if clip.String() != osc52Seq(local7P) {
		t.Fatalf("clipboard got %q, want %q", clip.String(), osc52Seq(local7P))
	}
	if want := "copied point ID " + local7P + " to the clipboard"; !strings.HasPrefix(m.bar.Text, want) {
		t.Errorf("status %q, want it to start %q", m.bar.Text, want)
	}
	clip.Reset()
	do(m, "esc", "4", "C")
	if clip.Len() != 0 || !strings.HasPrefix(m.bar.Text, "nothing to copy in the review pane") {
		t.Errorf("review pane: clipboard %q, status %q", clip.String(), m.bar.Text)
	}
}

// TestCopyExportSelectorAndDiff: with a removal marked and a point added,
// C in the export pane copies recipe.yaml:override_key and P the diff.
func TestCopyExportSelectorAndDiff(t *testing.T) {
	t.Setenv("TMUX", "")
	t.Setenv("TERM", "xterm-256color")
	var clip bytes.Buffer
	m := New(Options{Theme: "none", Renderer: testkit.Renderer(), Data: demo.Load(), Export: exportFixtures(t), Clipboard: &clip})
	resize(m, 160, 45)
	run(m, m.load())
	do(m, "2", "/")
	typeText(m, "src:local np:7")
	do(m, "enter", "a")
	settle(m)
	do(m, "5", "C")
	ex := m.panes[layout.Export]
	sel, ok := ex.(tuiclip.Copier).Copy()
	if !ok || !strings.HasPrefix(sel.Text, testkit.ExportRecipe+":override_") {
		t.Fatalf("export selector %+v (ok %v)", sel, ok)
	}
	if clip.String() != osc52Seq(sel.Text) || !strings.HasPrefix(m.bar.Text, "copied override selector ") {
		t.Errorf("C: clipboard %q, status %q", clip.String(), m.bar.Text)
	}
	clip.Reset()
	do(m, "P")
	if !strings.HasPrefix(m.bar.Text, "copied the export diff (") || !strings.HasPrefix(clip.String(), "\x1b]52;c;") {
		t.Errorf("P: clipboard %.40q, status %q", clip.String(), m.bar.Text)
	}
}

// TestHelpListsCopyKeys: ? names C (everywhere) and P (export pane).
func TestHelpListsCopyKeys(t *testing.T) {
	m := start(Options{}, 160, 60, testkit.Demo(), 1)
	do(m, "?")
	v := strings.Join(strings.Fields(m.View()), " ")
	for _, w := range []string{"C copy ID/selector", "P copy the diff"} {
		if !strings.Contains(v, w) {
			t.Errorf("help lacks %q:\n%s", w, m.View())
		}
	}
}
