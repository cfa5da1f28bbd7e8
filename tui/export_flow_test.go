package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sweeptune/sweeptune/sources/demo"
	sexport "github.com/sweeptune/sweeptune/sources/export"
	"github.com/sweeptune/sweeptune/tui/export"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
	"github.com/sweeptune/sweeptune/tui/layout"
	"github.com/sweeptune/sweeptune/tui/workbench/session"
)

const local7P = "7p1d-dep2-dep16-b96-c5540"

// exportFixtures copies the export fixtures to a temp dir, changes to it
// and returns the targets.
func exportFixtures(t *testing.T) export.Config {
	testkit.ExportFixtures(t)
	return export.Config{RecipePath: testkit.ExportRecipe, MasterPath: testkit.ExportMaster,
		ChangelogPath: testkit.ExportChangelog, ConfigKeys: []string{testkit.ExportKey}}
}

func exportModel(t *testing.T, cfg export.Config, sessionPath string) *Model {
	m := New(Options{Theme: "none", Renderer: testkit.Renderer(), Data: demo.Load(), Export: cfg, SessionPath: sessionPath})
	resize(m, 160, 45)
	run(m, m.load())
	return m
}

// TestAOnAMeasuredPointAddsItToTheExport: a in the points pane puts the
// measured point in the export as measured; a again takes it out.
func TestAOnAMeasuredPointAddsItToTheExport(t *testing.T) {
	m := exportModel(t, exportFixtures(t), "")
	do(m, "2", "/")
	typeText(m, "src:local np:7")
	do(m, "enter", "a")
	if m.bar.Text != "added "+local7P+" to the export as measured · 1 measured point to export" {
		t.Fatalf("a: status %q", m.bar.Text)
	}
	if !strings.Contains(m.panes[layout.Points].View(), "›◇ 7p1d-dep2-dep16-b96-c5540") {
		t.Errorf("the added row does not show ◇:\n%s", m.panes[layout.Points].View())
	}
	settle(m)
	v := paneText(m.panes[layout.Export].View())
	if !strings.Contains(v, "target files") || strings.Contains(v, "@planned") {
		t.Errorf("export pane:\n%s", m.panes[layout.Export].View())
	}
	do(m, "a")
	if len(m.State().Added) != 0 || !strings.HasPrefix(m.bar.Text, "took "+local7P+" out of the export") {
		t.Errorf("a again: added %v, status %q", m.State().Added, m.bar.Text)
	}
	// The competitor's points are another curve: ] shows it.
	do(m, "esc", "]", "2", "/")
	typeText(m, "vllm-p90-75")
	do(m, "enter", "a")
	if len(m.State().Added) != 0 || m.bar.Text != "vllm-p90-75-5 is a competitor's point: only our own points go into the recipe" {
		t.Errorf("a on a competitor: added %v, status %q", m.State().Added, m.bar.Text)
	}
}

// TestAWriteClearsWhatItExportedAndSaysWhat: after w and y the status and
// the export pane say what was written; the marks and points it took are
// cleared, u brings them back, and q no longer asks.
func TestAWriteClearsWhatItExportedAndSaysWhat(t *testing.T) {
	cfg := exportFixtures(t)
	m := exportModel(t, cfg, "")
	m.State().ToggleMark(removed8P)
	m.State().ToggleAdded(local7P)
	do(m, "5")
	settle(m)
	do(m, "A", "w") // the disagg key alone loses the agg arm: accepted first
	if m.confirm == nil || !strings.Contains(m.confirm.prompt, "pr-link is still …/pull/XXX (t sets it) — write 3 files") {
		t.Fatalf("w: confirm %+v", m.confirm)
	}
	do(m, "y")
	if want := "wrote disagg-dep16-hicache-variants.yaml, nvidia-master.excerpt.yaml, perf-changelog.excerpt.yaml (backups under " + sexport.BackupDir() + ")"; !strings.HasPrefix(m.bar.Text, want) {
		t.Fatalf("status %q\nwant %q…", m.bar.Text, want)
	}
	if len(m.State().Marks) != 0 || len(m.State().Added) != 0 {
		t.Fatalf("after the write: marks %v, added %v", m.State().Marks, m.State().Added)
	}
	settle(m)
	v := paneText(m.panes[layout.Export].View())
	testkit.Contains(t, "export pane", v, "✓ written: 3 files", "perf-changelog.excerpt.yaml (previous contents in perf-changelog.excerpt.yaml.bak)",
		"1 removal, 1 measured point exported: cleared from the workbench (u brings them back)",
	)
	if strings.Contains(v, "refused") {
		t.Errorf("export pane shows a refusal after a good write:\n%s", m.panes[layout.Export].View())
	}
	if cmd := press(m, "q"); cmd == nil || m.confirm != nil {
		t.Error("q asked although everything was exported")
	}
	do(m, "u")
	if !m.State().Marks[removed8P] || len(m.State().Added) != 1 {
		t.Errorf("u after the write: marks %v, added %v", m.State().Marks, m.State().Added)
	}
}

// TestBadRecipeIsReportedAtStart: within a second of start, before any
// planning, the status line names a --recipe that is not there.
func TestBadRecipeIsReportedAtStart(t *testing.T) {
	cfg := exportFixtures(t)
	cfg.RecipePath = "no-such-recipe.yaml"
	m := New(Options{Theme: "none", Renderer: testkit.Renderer(), Data: demo.Load(), Export: cfg})
	r := newTerm(t, m, 160, 45)
	r.waitWithin("--recipe no-such-recipe.yaml: there is no such file", time.Second)
	r.quit()
}

// TestTargetsAreRememberedInTheSession: a PR link set in the export pane
// is saved and comes back with the session.
func TestTargetsAreRememberedInTheSession(t *testing.T) {
	cfg := exportFixtures(t)
	path := filepath.Join(t.TempDir(), "session.json")
	m := exportModel(t, cfg, path)
	do(m, "5", "t", "down", "down", "down", "down", "enter")
	typeText(m, "https://github.com/SemiAnalysisAI/InferenceX/pull/4242")
	do(m, "enter", "esc")
	f, err := session.Load(path)
	wd, _ := os.Getwd()
	recipe := filepath.Join(wd, cfg.RecipePath) // kept absolute: the next start may be elsewhere
	if err != nil || f.Export == nil || f.Export.PRLink != "https://github.com/SemiAnalysisAI/InferenceX/pull/4242" || f.Export.Recipe != recipe {
		t.Fatalf("session: %+v, %v", f.Export, err)
	}
	t.Chdir(t.TempDir())
	again := New(Options{Theme: "none", Renderer: testkit.Renderer(), Data: demo.Load(), Session: f, SessionPath: path})
	if got := again.exportConfig(); got.PRLink != f.Export.PRLink || got.RecipePath != recipe || len(got.ConfigKeys) != 1 {
		t.Errorf("restored targets %+v", got)
	}
	if p := export.CheckTargets(again.exportConfig()); len(p) != 0 {
		t.Errorf("restored targets from another directory: %v", p)
	}
}

// TestCoverageLossIsRefusedUntilAAccepts: in the workbench, w on a change
// set that loses published coverage (the disagg key alone drops the agg
// arm) is refused in export's words, nothing is asked or written; A
// accepts the loss, and then w asks.
func TestCoverageLossIsRefusedUntilAAccepts(t *testing.T) {
	cfg := exportFixtures(t)
	before, _ := os.ReadFile(cfg.ChangelogPath)
	m := exportModel(t, cfg, "")
	m.State().ToggleMark(removed8P)
	m.State().ToggleAdded(local7P)
	do(m, "5")
	settle(m)
	do(m, "w")
	if m.confirm != nil || !strings.HasPrefix(m.bar.Text, "refused: the curve after merge loses published coverage the change set does not remove (") ||
		!strings.HasSuffix(m.bar.Text, "; list the keys whose points it drops, or press A to accept the loss for this change set (export's --accept-coverage-loss)") {
		t.Fatalf("w on a loss: confirm %+v, status %q", m.confirm, m.bar.Text)
	}
	if after, _ := os.ReadFile(cfg.ChangelogPath); string(after) != string(before) {
		t.Fatal("a refused change set was written")
	}
	do(m, "A")
	if !strings.HasPrefix(m.bar.Text, "coverage loss accepted for this change set") {
		t.Fatalf("A: status %q", m.bar.Text)
	}
	do(m, "w")
	if m.confirm == nil || !strings.HasPrefix(m.confirm.prompt, "coverage loss accepted (the export pane says what) — ") {
		t.Fatalf("w after A: confirm %+v, status %q", m.confirm, m.bar.Text)
	}
}
