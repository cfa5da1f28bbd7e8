package tui

import (
	"testing"

	"github.com/charmbracelet/bubbles/key"
	"github.com/sweeptune/sweeptune/tui/keys"
	"github.com/sweeptune/sweeptune/tui/layout"
)

// TestNoKeyConflicts: in every pane and mode, no two enabled bindings that
// can fire share a key (the global ones count unless the pane captures).
func TestNoKeyConflicts(t *testing.T) {
	m := demoModel(t, 160, 50)
	check := func(mode string) {
		t.Helper()
		p := m.panes[m.focus]
		var bs []key.Binding
		if !p.Capturing() {
			bs = append(bs, m.keys.GlobalBindings()...)
		}
		bs = append(bs, p.Bindings()...)
		for _, c := range keys.Conflicts(layout.Names[m.focus]+" "+mode, bs) {
			t.Error(c)
		}
	}
	for i := range layout.Names {
		press(m, string(rune('1'+i)))
		check("normal")
	}
	press(m, "2", "/")
	check("filtering")
	press(m, "esc", "enter")
	check("details")
	press(m, "esc", "3", "enter")
	check("typing a value")
	press(m, "esc", "5", "t")
	check("targets form")
	press(m, "enter")
	check("typing a target")
	press(m, "esc", "esc")
}

func TestConflictsAreDetected(t *testing.T) {
	a := key.NewBinding(key.WithKeys("m", "x"), key.WithHelp("m", "mark"))
	b := key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "axis"))
	if got := keys.Conflicts("t", []key.Binding{a, b}); len(got) != 1 {
		t.Fatalf("Conflicts = %v, want one clash on x", got)
	}
	b.SetEnabled(false)
	if got := keys.Conflicts("t", []key.Binding{a, b}); len(got) != 0 {
		t.Fatalf("a disabled binding clashed: %v", got)
	}
}
