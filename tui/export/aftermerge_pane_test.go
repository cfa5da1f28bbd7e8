package export

import (
	"os"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/internal/gitfixture"
	"github.com/sweeptune/sweeptune/render"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
	"github.com/sweeptune/sweeptune/tui/keys"
	"github.com/sweeptune/sweeptune/tui/msgs"
	"github.com/sweeptune/sweeptune/tui/workbench"
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

// acceptLoss presses A on a change set whose curve after merge loses
// coverage, as export's --accept-coverage-loss.
func acceptLoss(t *testing.T, m *Model) {
	t.Helper()
	say, ok := m.Update(testkit.Key("A"))().(msgs.Status)
	if !ok || say.Err || !strings.HasPrefix(say.Text, "coverage loss accepted for this change set") {
		t.Fatalf("A: %#v", say)
	}
}

// w and B refuse a change set that loses coverage, in export's words (the
// sentence render.CoverageRefusal words for both), until A accepts the
// loss; the pane and the PR body then say it was accepted. Another change
// set needs its own acceptance, and A again withdraws it.
func TestCoverageLossIsRefusedUntilAccepted(t *testing.T) {
	m, st, _ := built(t, testkit.Plain())
	m.SetSize(160, 400)
	cli := render.CoverageRefusal(m.afterMerge, "pass --accept-coverage-loss")
	want := "refused: " + strings.TrimSuffix(cli, "pass --accept-coverage-loss") + "press A to accept the loss for this change set (export's --accept-coverage-loss)"
	if !strings.HasPrefix(cli, "the curve after merge loses published coverage the change set does not remove (deepseek-ai/DeepSeek-V4.1-Flash") {
		t.Fatalf("the guard's words: %q", cli)
	}
	for _, k := range []string{"w", "B"} {
		say, ok := m.Update(testkit.Key(k))().(msgs.Status)
		if !ok || !say.Err || say.Text != want {
			t.Fatalf("%s before A: %#v, want the refusal %q", k, say, want)
		}
	}
	if _, err := os.Stat("sweeptune-pr-body.md"); err == nil {
		t.Fatal("B wrote a PR body for a refused change set")
	}
	testkit.Contains(t, "refused", text(m), "✗ "+want, "(A accepts it)")

	acceptLoss(t, m)
	testkit.Contains(t, "accepted", text(m), "! coverage loss accepted for this change set (A withdraws it): w writes it, and the PR body (B) says so")
	if strings.Contains(m.View(), "✗ refused") {
		t.Errorf("still refused after A:\n%s", m.View())
	}
	ask, ok := m.Update(testkit.Key("w"))().(msgs.Confirm)
	if !ok || !strings.HasPrefix(ask.Prompt, "coverage loss accepted (the export pane says what) — ") {
		t.Fatalf("w after A: %#v", ask)
	}
	say := m.Update(testkit.Key("B"))().(msgs.Status)
	body, err := os.ReadFile("sweeptune-pr-body.md")
	if say.Err || err != nil {
		t.Fatalf("B after A: %+v (%v)", say, err)
	}
	testkit.Contains(t, "PR body", string(body), "## What the dashboard will publish",
		"- **Lost without being removed**: ", "- **Coverage loss accepted**: this change set loses published coverage it does not remove, and was exported with the loss accepted")

	// A withdraws; another change set is refused again.
	m.Update(testkit.Key("A"))
	if say, _ := m.Update(testkit.Key("w"))().(msgs.Status); say.Text != want {
		t.Fatalf("w after A twice: %#v", say)
	}
	acceptLoss(t, m)
	st.ToggleMark("8p1d-dep2-dep16-c4096") // the mark taken back: the planned point alone
	m.Refresh(st.TakeChanges())
	m.Sync()
	if say, ok := m.Update(testkit.Key("w"))().(msgs.Status); !ok || !strings.HasPrefix(say.Text, "refused: the curve after merge loses published coverage") {
		t.Fatalf("w on another change set: %#v", say)
	}
}

// The pane's curve published now is report --as-published's: on the
// 1185-shaped curve with an append-only sweep (TP8 c18, 2026-09-16, its
// entry committed that day), the narrow export of one key replaces 36
// points, c18 among those lost, as export says.
func TestPaneJoinsAnAppendOnlyDate(t *testing.T) {
	dir := t.TempDir()
	testkit.CopyTestdata(t, dir, "dashboard/narrow-sweep", "published-2026-09-13.yaml", "local-2026-09-19.yaml",
		"h200-agg-variants.yaml", "nvidia-master.yaml", "perf-changelog.yaml")
	testkit.CopyTestdata(t, dir, "dashboard/append-only", "published-2026-09-16.yaml")
	gitfixture.Init(t, dir)
	gitfixture.Commit(t, dir, "2026-09-13", "perf-changelog.yaml")
	testkit.CopyTestdata(t, dir, "dashboard/append-only", "perf-changelog.yaml")
	gitfixture.Commit(t, dir, "2026-09-16", "perf-changelog.yaml")
	t.Chdir(dir)

	ds := sources.LoadPaths([]string{"published-2026-09-13.yaml", "published-2026-09-16.yaml", "local-2026-09-19.yaml"}, sources.Options{})
	st := workbench.New()
	st.SetPoints(ds.Points)
	st.ToggleAdded("agg-tp8-c20")
	st.TakeChanges()
	m := New(st, keys.Default().Export, testkit.Plain(), Config{RecipePath: "h200-agg-variants.yaml", MasterPath: "nvidia-master.yaml",
		ChangelogPath: "perf-changelog.yaml", ConfigKeys: []string{"kimik3-fp8-h200-sglang-agentic-tp8"}})
	m.SetSize(400, 400)
	m.Sync()
	testkit.Contains(t, "append-only", text(m),
		"the dashboard shows 36 published points of 2026-09-13 with the append-only 2026-09-16; the sweep of the listed keys (13 points) replaces them",
		"agg-dep8-c32 (frontier), agg-tp8-c18 (frontier)",
		"✗ refused: the curve after merge loses published coverage")
}
