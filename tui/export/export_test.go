package export

import (
	"os"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/themes"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
	"github.com/sweeptune/sweeptune/tui/keys"
	"github.com/sweeptune/sweeptune/tui/msgs"
	"github.com/sweeptune/sweeptune/tui/workbench"
)

func TestMain(m *testing.M) { testkit.Main(m) }

const disaggKey = testkit.ExportKey

// fixtures copies the project's export fixtures to a temp dir and changes
// to it (relative paths: the previews do not depend on the temp dir).
func fixtures(t *testing.T) Config {
	testkit.ExportFixtures(t)
	return Config{RecipePath: testkit.ExportRecipe, MasterPath: testkit.ExportMaster,
		ChangelogPath: testkit.ExportChangelog, ConfigKeys: []string{disaggKey}}
}

// planned7P is the planner's 7P BS96 c5540 (same knobs as the local run).
func planned7P(st *workbench.State) model.Point {
	p := *testkit.ByID(st.Points, "7p1d-dep2-dep16-b96-c5540")
	p.ID += "@planned"
	p.Source = model.SourcePlanned
	return p
}

func built(t *testing.T, styles themes.Styles) (*Model, *workbench.State, Config) {
	cfg := fixtures(t)
	st := workbench.New()
	st.SetPoints(testkit.Demo())
	st.ToggleMark("8p1d-dep2-dep16-c4096")
	st.AddPlanned(planned7P(st))
	st.TakeChanges()
	m := New(st, keys.Default().Export, styles, cfg)
	cmd := m.Pending()
	if cmd == nil {
		t.Fatal("no build command")
	}
	if _, handled := m.Handle(cmd()); !handled {
		t.Fatal("the build result was not handled by the pane")
	}
	return m, st, cfg
}

func TestRequestExportsTheMeasuredTwinOfAPlannedPoint(t *testing.T) {
	st := workbench.New()
	st.SetPoints(testkit.Demo())
	p := planned7P(st)
	req := Request(Config{}, Work{Loaded: st.Points, Planned: []model.Point{p}, Marks: []string{"8p1d-dep2-dep16-c4096"}})
	if len(req.Add) != 1 || req.Add[0] != "7p1d-dep2-dep16-b96-c5540" || len(req.Points) != len(st.Points) {
		t.Fatalf("add %v with %d points", req.Add, len(req.Points))
	}
}

func TestPreviewShowsTheOverride(t *testing.T) {
	m, _, _ := built(t, testkit.Plain())
	m.SetSize(100, 70) // the parity warnings (docs/parity.md) take the lines above the blocks
	out := m.View()
	testkit.Contains(t, "preview", out, "override_7p1d_dep2_dep16_b96_c5540:", "cuda-graph-max-bs-decode: 96", "── master rows ──", "── changelog entry ──", "perf-changelog.excerpt.yaml")
}

func TestStaleBuildIsDropped(t *testing.T) {
	m, st, _ := built(t, testkit.Plain())
	old := m.plan
	st.ToggleMark("agg-tep2-c16")
	m.Refresh(st.TakeChanges())
	cmd := m.Pending()
	m.Handle(builtMsg{gen: m.gen - 1, plan: nil})
	if m.plan != old {
		t.Fatal("a stale build replaced the plan")
	}
	m.Handle(cmd())
	if m.plan == old {
		t.Fatal("the current build was not applied")
	}
}

func TestWriteAsksThenWrites(t *testing.T) {
	m, _, cfg := built(t, testkit.Plain())
	before, _ := os.ReadFile(cfg.ChangelogPath)
	acceptLoss(t, m)
	msg := m.Update(testkit.Key("w"))()
	ask, ok := msg.(msgs.Confirm)
	if !ok || !strings.Contains(ask.Prompt, "perf-changelog.excerpt.yaml") {
		t.Fatalf("w gave %#v, want a confirmation naming the files", msg)
	}
	after, _ := os.ReadFile(cfg.ChangelogPath)
	if string(after) != string(before) {
		t.Fatal("w wrote before the confirmation")
	}
	done, ok := ask.Yes().(msgs.Exported)
	if !ok || done.Err != nil || len(done.Files) != 3 {
		t.Fatalf("write: %+v", done)
	}
	after, _ = os.ReadFile(cfg.ChangelogPath)
	if !strings.HasPrefix(string(after), string(before)) || len(after) <= len(before) {
		t.Error("the changelog was not appended to (or its old bytes changed)")
	}
}

func TestWithoutRecipeSaysHow(t *testing.T) {
	st := workbench.New()
	st.SetPoints(testkit.Demo())
	st.ToggleMark("8p1d-dep2-dep16-c4096")
	m := New(st, keys.Default().Export, testkit.Plain(), Config{})
	m.SetSize(80, 10)
	if cmd := m.Pending(); cmd != nil || !strings.Contains(m.View(), "no recipe bundle set: t sets where the export goes") {
		t.Errorf("without a recipe: cmd %v, view:\n%s", cmd != nil, m.View())
	}
	for _, f := range flagWords {
		if strings.Contains(m.View(), f) {
			t.Errorf("the pane names the CLI flag %s:\n%s", f, m.View())
		}
	}
}

func TestRenderGolden(t *testing.T) {
	pkgDir, _ := os.Getwd()
	testkit.Matrix(t, func(t *testing.T, c testkit.Cell) string {
		m, _, _ := built(t, c.Styles)
		m.SetSize(c.W, c.H)
		out := m.View()
		os.Chdir(pkgDir) // golden files live beside the test; t.Chdir restores anyway
		return out
	})
}

// The workbench keeps a plan for minutes: a recipe edited meanwhile used to
// be overwritten without a word. The write is refused, the edit kept, and
// the pane rebuilds against the edited file so the next w keeps both.
func TestWriteRefusesAnEditMadeSinceTheBuild(t *testing.T) {
	m, _, cfg := built(t, testkit.Plain())
	edited, _ := os.ReadFile(cfg.RecipePath)
	edited = append(edited, "# tuned by hand meanwhile\n"...)
	os.WriteFile(cfg.RecipePath, edited, 0o644)
	acceptLoss(t, m)
	ask := m.Update(testkit.Key("w"))().(msgs.Confirm)
	done := ask.Yes().(msgs.Exported)
	if done.Err == nil || !strings.Contains(done.Err.Error(), cfg.RecipePath+" changed since it was loaded") {
		t.Fatalf("write over an edit: %v", done.Err)
	}
	if now, _ := os.ReadFile(cfg.RecipePath); string(now) != string(edited) {
		t.Fatal("the edit was lost")
	}
	m.Handle(done)
	m.Handle(m.Pending()())
	ask = m.Update(testkit.Key("w"))().(msgs.Confirm)
	if done := ask.Yes().(msgs.Exported); done.Err != nil {
		t.Fatalf("after the rebuild: %v", done.Err)
	}
	if now, _ := os.ReadFile(cfg.RecipePath); !strings.Contains(string(now), "# tuned by hand meanwhile") || !strings.Contains(string(now), "override_7p1d_dep2_dep16_b96_c5540:") {
		t.Error("the second write lost the edit or the override")
	}
}
