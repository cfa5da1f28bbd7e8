package export

import (
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/tui/internal/testkit"
	"github.com/sweeptune/sweeptune/tui/msgs"
)

// The pane shows the curve after merge under the change set, worded as
// export prints it: with only the disagg key listed, the sweep (4 points)
// replaces the whole AgentX curve published on 2026-11-06 (8 points), and
// its agg arm and Check 14 are lost.
func TestPaneShowsTheCurveAfterMerge(t *testing.T) {
	m, _, _ := built(t, testkit.Plain())
	m.SetSize(120, 400)
	testkit.Contains(t, "after merge", m.View(),
		"── the curve after merge ──",
		"after merge · deepseek-ai/DeepSeek-V4.1-Flash · agentic-coding · gb300 · dynamo-sglang · fp4 · dspark",
		"the dashboard shows 8 published points of 2026-11-06; the sweep of the listed keys (4 points) replaces them",
		"✗ arms lost: agg-tp4",
		"before 8 / 7, after 3 / 3 measured:",
		"✗ COVERAGE LOST: the merge loses published coverage the change set does not ask to remove")
}

// w asks before writing a change set that loses coverage, and says so:
// its y is the pane's --accept-coverage-loss.
func TestWriteAsksAboutTheCoverageLoss(t *testing.T) {
	m, _, _ := built(t, testkit.Plain())
	cmd := m.write()
	if cmd == nil {
		t.Fatal("w did nothing")
	}
	c, ok := cmd().(msgs.Confirm)
	if !ok {
		t.Fatalf("w did not ask: %#v", cmd())
	}
	if !strings.HasPrefix(c.Prompt, "the curve after merge loses published coverage (the export pane says what) — ") {
		t.Errorf("prompt %q", c.Prompt)
	}
}
