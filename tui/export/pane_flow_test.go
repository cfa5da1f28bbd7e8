package export

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	sexport "github.com/sweeptune/sweeptune/sources/export"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
	"github.com/sweeptune/sweeptune/tui/keys"
	"github.com/sweeptune/sweeptune/tui/msgs"
	"github.com/sweeptune/sweeptune/tui/workbench"
)

const local7P = "7p1d-dep2-dep16-b96-c5540"

func text(m *Model) string { return strings.Join(strings.Fields(ansi.Strip(m.View())), " ") }

// TestMeasuredPointExportsAsMeasured: a measured point added with a goes
// into the request as itself (its MRR as it ran), and the preview shows
// its measured throughput, with no @planned twin.
func TestMeasuredPointExportsAsMeasured(t *testing.T) {
	cfg := fixtures(t)
	st := workbench.New()
	st.SetPoints(testkit.Demo())
	st.ToggleAdded(local7P)
	req := Request(cfg, Work{Loaded: st.Points, Added: st.Added})
	if !slices.Equal(req.Add, []string{local7P}) || !slices.Equal(req.ExplicitMRR, []string{local7P}) || len(req.Points) != len(st.Points) {
		t.Fatalf("request: add %v, explicit %v, %d points", req.Add, req.ExplicitMRR, len(req.Points))
	}
	m := New(st, keys.Default().Export, testkit.Plain(), cfg)
	m.SetSize(120, 80)
	m.Sync()
	v := text(m)
	testkit.Contains(t, "preview", v, "override_7p1d_dep2_dep16_b96_c5540:", "# 1,033,494 tok/s/GPU @ mean 150.7", "cuda-graph-max-bs-decode: 96")
	if strings.Contains(v, "@planned") || strings.Contains(v, "refused") {
		t.Errorf("preview:\n%s", m.View())
	}
}

// TestAfterAWriteThePaneSaysWhatWasWritten: the files, their .bak names
// and the entry; the rebuild against the written files is not a refusal.
func TestAfterAWriteThePaneSaysWhatWasWritten(t *testing.T) {
	m, st, cfg := built(t, testkit.Plain())
	m.SetSize(120, 200)
	acceptLoss(t, m)
	ask := m.Update(testkit.Key("w"))().(msgs.Confirm)
	done := ask.Yes().(msgs.Exported)
	if done.Err != nil {
		t.Fatal(done.Err)
	}
	if !slices.Equal(done.Marks, []string{"8p1d-dep2-dep16-c4096"}) || !slices.Equal(done.Planned, []string{local7P + "@planned"}) {
		t.Fatalf("exported: marks %v, planned %v", done.Marks, done.Planned)
	}
	for _, b := range done.Backups {
		if _, err := os.Stat(b); err != nil {
			t.Errorf("no backup %s: %v", b, err)
		}
	}
	m.Handle(done)
	st.ClearExported(done.Marks, done.Planned, done.Added) // what the root does
	m.Refresh(st.TakeChanges())
	m.Sync()
	v := text(m)
	testkit.Contains(t, "after the write the pane", v,
		"✓ written: 3 files",
		"backups under "+sexport.BackupDir()+", each at its file's own path",
		cfg.RecipePath+" (previous contents in "+filepath.Base(cfg.RecipePath)+".bak)",
		cfg.ChangelogPath+" (previous contents in "+filepath.Base(cfg.ChangelogPath)+".bak)",
		"changelog entry: - config-keys: - "+disaggKey,
		"1 removal, 1 planned point exported: cleared from the workbench (u brings them back)",
		"nothing more to export",
	)
	if strings.Contains(v, "refused") {
		t.Errorf("after the write the pane shows a refusal:\n%s", m.View())
	}
}

func TestPlaceholderPRLinkWarnsBeforeWriting(t *testing.T) {
	m, _, _ := built(t, testkit.Plain())
	m.SetSize(120, 80)
	if v := text(m); !strings.Contains(v, "! the changelog entry's pr-link is still …/pull/XXX: t sets it before w") {
		t.Errorf("no pr-link warning:\n%s", m.View())
	}
	acceptLoss(t, m)
	ask := m.Update(testkit.Key("w"))().(msgs.Confirm)
	if !strings.Contains(ask.Prompt, "the changelog's pr-link is still …/pull/XXX (t sets it) — write 3 files:") {
		t.Errorf("prompt %q", ask.Prompt)
	}
	m.cfg.PRLink = "https://github.com/SemiAnalysisAI/InferenceX/pull/4242"
	m.Sync()
	if strings.Contains(text(m), "/pull/XXX") {
		t.Error("the warning stayed after the link was set")
	}
}

// TestTargetsAreSetInPlace: t opens the form; the PR link is typed in;
// the pane asks the root to save the session.
func TestTargetsAreSetInPlace(t *testing.T) {
	m, _, _ := built(t, testkit.Plain())
	m.SetSize(100, 30)
	m.Update(testkit.Key("t"))
	if v := text(m); !strings.Contains(v, "where the export goes") || !strings.Contains(v, "› recipe bundle disagg-dep16-hicache-variants.yaml") {
		t.Fatalf("t: %s", m.View())
	}
	for _, k := range []string{"down", "down", "down", "down", "enter"} {
		m.Update(testkit.Key(k))
	}
	if !m.Capturing() {
		t.Fatal("enter on the PR link does not take typing")
	}
	for _, r := range "https://github.com/x/y/pull/7" {
		m.Update(testkit.Key(string(r)))
	}
	cmd := m.Update(testkit.Key("enter"))
	if m.cfg.PRLink != "https://github.com/x/y/pull/7" {
		t.Fatalf("PR link %q", m.cfg.PRLink)
	}
	var saved, said, rebuilt bool
	for _, msg := range testkit.Messages(cmd) {
		switch msg := msg.(type) {
		case msgs.Save:
			saved = true
		case msgs.Status:
			said = msg.Text == "PR link set to https://github.com/x/y/pull/7 (remembered in the session)"
		case builtMsg:
			m.Handle(msg)
			rebuilt = !m.dirty && strings.Contains(m.plan.Entry, "https://github.com/x/y/pull/7")
		}
	}
	if !rebuilt {
		t.Error("setting the PR link did not rebuild the export with it")
	}
	if !saved || !said {
		t.Errorf("setting a target: saved %v, said %v", saved, said)
	}
	m.Update(testkit.Key("down"))
	m.Update(testkit.Key("enter"))
	for _, r := range "lmsysorg/sglang:v2" {
		m.Update(testkit.Key(string(r)))
	}
	m.Update(testkit.Key("enter"))
	if m.cfg.Image != "lmsysorg/sglang:v2" || Request(m.cfg, Work{}).Image != "lmsysorg/sglang:v2" {
		t.Errorf("the image target: %q", m.cfg.Image)
	}
	m.Update(testkit.Key("up"))
	m.Update(testkit.Key("up"))
	m.Update(testkit.Key("enter"))
	m.Update(testkit.Key("ctrl+u"))
	for _, r := range "nope.yaml" {
		m.Update(testkit.Key(string(r)))
	}
	for _, msg := range testkit.Messages(m.Update(testkit.Key("enter"))) {
		if s, ok := msg.(msgs.Status); ok && (!s.Err || s.Text != "changelog set to nope.yaml, but there is no such file") {
			t.Errorf("a missing changelog: %+v", s)
		}
	}
	m.Update(testkit.Key("esc"))
	if m.form.open {
		t.Error("esc did not close the form")
	}
}

// TestMessagesSpeakTheWorkbenchsLanguage: every export message that names
// a CLI flag reads, in the workbench, with its keys and panes instead.
func TestMessagesSpeakTheWorkbenchsLanguage(t *testing.T) {
	for _, c := range []struct{ cli, want string }{
		{"--recipe: a recipe bundle, a recipe or a directory of recipes to write into is required",
			"no recipe set: t in the export pane sets the recipe (a bundle, a recipe or a directory of them) the export goes into"},
		{"new/7p.yaml already exists; not replaced (remove it or use --replace)",
			"new/7p.yaml already exists; not replaced (remove it, or t in the export pane → replace existing overrides)"},
		{"--add: 7p has no concurrency", "7p has no concurrency"},
		{"7p: override override_7p already exists in r.yaml (use --replace to overwrite it)",
			"7p: override override_7p already exists in r.yaml (exported before? t in the export pane → replace existing overrides; or m/a takes the point out)"},
		{`7p: name "n" is already used by override_x (use --replace)`,
			`7p: name "n" is already used by override_x (t in the export pane → replace existing overrides)`},
		{"--config-key: which entry of m.yaml takes the rows?", "which entry of m.yaml takes the rows? t in the export pane sets the config key"},
		{"the changelog entry needs config keys (--config-key)", "the changelog entry needs a config key: t in the export pane sets it"},
		{"8p: the review does not clear its removal: NOT covered (use --force with a reason)",
			"8p: the review does not clear its removal: NOT covered (m unmarks it; the review pane says why)"},
		{"7p: max-running-requests 1 is not decode ranks 16 × BS 96 = 1536 (pass it as explicit if meant)",
			"7p: max-running-requests 1 is not decode ranks 16 × BS 96 = 1536 (the planner keeps MRR = ranks × BS)"},
		{"nothing to export: give points to add (--add) or remove (--remove)",
			"nothing to export: a adds a point (points pane or planner), m marks one for removal"},
		{"r.yaml changed since it was loaded; reload and export again",
			"r.yaml changed since it was loaded; the export pane re-reads it now: check the preview, then w again"},
		{"--add: agg-tp4-c1 is not a disaggregated point; export writes disagg bundles", "agg-tp4-c1 is not a disaggregated point; export writes disagg bundles"},
		{`--remove: no loaded point has ID "x"`, `no loaded point has ID "x"`},
		{"8p: removed although NOT covered (--force)", "8p: removed although NOT covered"},
		{"the points ran img:2 but the bundle's base container is img:1: pass it as --image to update model.container and the entry's image",
			"the points ran img:2 but the bundle's base container is img:1: set it as the image (t in the export pane) to update model.container and the entry's image"},
		{"model.container: img:1 → img:2 (--image)", "model.container: img:1 → img:2 (the image set with t)"},
		{"8p: 8p is disaggregated but the base of agg.yaml is aggregated: pass --recipe with the disaggregated DEP2 prefill + DEP16 decode bundle that runs it too (several --recipe make one change set)",
			"8p: 8p is disaggregated but the base of agg.yaml is aggregated: add the disaggregated DEP2 prefill + DEP16 decode bundle that runs it to the recipe (t in the export pane; a comma list of recipes makes one change set)"},
		{"8p (disaggregated DEP2 prefill + DEP16 decode) fits none of the recipes given (agg.yaml: aggregated TP4): to remove it, pass --recipe with the disaggregated DEP2 prefill + DEP16 decode bundle that runs it",
			"8p (disaggregated DEP2 prefill + DEP16 decode) fits none of the recipes given (agg.yaml: aggregated TP4): to remove it, add the disaggregated DEP2 prefill + DEP16 decode bundle that runs it to the recipe (t in the export pane; a comma list makes one change set)"},
	} {
		got := speak(c.cli)
		if got != c.want {
			t.Errorf("speak(%q)\n = %q\nwant %q", c.cli, got, c.want)
		}
		for _, f := range flagWords {
			if strings.Contains(got, f) {
				t.Errorf("speak(%q) still names %s", c.cli, f)
			}
		}
	}
}

// TestExistingOverrideRefusalSaysWhatToDo: exporting a point whose override
// is in the recipe already (exported before) names the form's toggle, and
// the toggle makes the export go through.
func TestExistingOverrideRefusalSaysWhatToDo(t *testing.T) {
	m, _, cfg := built(t, testkit.Plain())
	m.SetSize(120, 80)
	acceptLoss(t, m)
	ask := m.Update(testkit.Key("w"))().(msgs.Confirm)
	if done := ask.Yes().(msgs.Exported); done.Err != nil {
		t.Fatal(done.Err)
	}
	m.Sync() // the same marks and plan against the written files
	v := text(m)
	if !strings.Contains(v, "already exists in "+cfg.RecipePath+" (exported before? t in the export pane → replace existing overrides") {
		t.Fatalf("the refusal does not say what to do:\n%s", m.View())
	}
	for _, f := range flagWords {
		if strings.Contains(v, f) {
			t.Errorf("the pane names %s:\n%s", f, m.View())
		}
	}
	m.Update(testkit.Key("t"))
	for range fieldReplace {
		m.Update(testkit.Key("down"))
	}
	m.Update(testkit.Key("enter"))
	m.Update(testkit.Key("esc"))
	if !m.cfg.Replace {
		t.Fatal("enter on 'replace existing' did not toggle it")
	}
	m.Sync()
	if v := text(m); strings.Contains(v, "already exists") {
		t.Errorf("with replace on, the refusal stays:\n%s", m.View())
	}
}

func TestBadTargetsAreNamedAtStart(t *testing.T) {
	cfg := fixtures(t)
	cfg.RecipePath = "missing.yaml"
	got := CheckTargets(cfg)
	if len(got) != 1 || got[0] != "--recipe missing.yaml: there is no such file (t in the export pane sets another)" {
		t.Errorf("CheckTargets = %q", got)
	}
}
