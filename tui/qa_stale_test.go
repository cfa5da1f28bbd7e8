package tui

import (
	"strings"
	"testing"
)

// TestReviewSelectionToggleNotStale: s in the review pane shows the
// selection at once and s again the review, as the runtime runs the
// commands (no Sync): it showed "no selection" for good, both ways.
func TestReviewSelectionToggleNotStale(t *testing.T) {
	m := demoModel(t, 200, 60)
	settle(m)
	do(m, "4", "z")
	if !strings.Contains(m.View(), "removals · line test") {
		t.Fatalf("the review is not shown:\n%s", m.View())
	}
	do(m, "s")
	if v := m.View(); !strings.Contains(v, "Selection on deepseek-ai/DeepSeek-V4.1-Flash") {
		t.Errorf("s did not show the selection:\n%s", v)
	}
	do(m, "s")
	if v := m.View(); !strings.Contains(v, "removals · line test") || strings.Contains(v, "no selection") {
		t.Errorf("s again did not show the review:\n%s", v)
	}
}
