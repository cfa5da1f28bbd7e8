package tui

import (
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/tui/export"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
	"github.com/sweeptune/sweeptune/tui/layout"
	"github.com/sweeptune/sweeptune/tui/review"
	"github.com/sweeptune/sweeptune/tui/workbench"
)

// TestReviewAndExportAgreeAtP90: with the view on p90 interactivity, the
// review pane shows the verdicts the export will write (rule 18(g)'s
// mean interactivity × throughput per GPU), names that axis and the
// view's; the export pane's plan (both bundles, both keys) agrees on every
// verdict, also after K takes a point out of the kept curve.
func TestReviewAndExportAgreeAtP90(t *testing.T) {
	m, st := twoBundleRetune(t)
	st.SetX(model.AxisP90Intvty)
	m.compose()
	settle(m)
	verdicts := func() (pane, plan []string) {
		rp := m.panes[layout.Review].(*review.Model).Report()
		if len(rp.Curves) != 1 {
			t.Fatalf("review pane: %d curves", len(rp.Curves))
		}
		for _, v := range rp.Curves[0].Removed {
			pane = append(pane, fmt.Sprintf("%s %v %.2f", v.ID, v.Covered, v.LineValue))
		}
		p := m.panes[layout.Export].(*export.Model).Plan()
		if p == nil {
			t.Fatalf("no export plan:\n%s", m.panes[layout.Export].View())
		}
		for _, v := range p.Verdicts {
			plan = append(plan, fmt.Sprintf("%s %v %.2f", v.ID, v.Covered, v.LineValue))
		}
		sort.Strings(pane)
		sort.Strings(plan)
		return pane, plan
	}
	pane, plan := verdicts()
	want := "[8p1d-dep2-dep16-c4096 true 853132.41 9p1d-dep2-dep16-b160-c7480 true 1100893.85 agg-tep2-c16 true 243084.79]"
	if fmt.Sprint(pane) != want || fmt.Sprint(plan) != want {
		t.Fatalf("review pane %v, export %v, want %s", pane, plan, want)
	}
	full := func() string {
		return paneText(review.Render(m.panes[layout.Review].(*review.Model).Report(), testkit.Plain(), 200))
	}
	v := full()
	for _, s := range []string{"removal review on mean-intvty × tput-per-gpu",
		"the view shows p90-intvty; the verdicts stay on rule 18(g)'s axis, mean-intvty × tput-per-gpu, as the export judges",
		"Judged against the curve as of 2026-11-05."} {
		if !strings.Contains(v, s) {
			t.Errorf("review pane lacks %q:\n%s", s, v)
		}
	}
	// K on 5P c2884 takes it out of the kept curve: 8P c4096 is now judged
	// between 7P c5540 and 3P c1228 (806,738.50), in both panes.
	st.Select("5p1d-dep2-dep16-b40-c2884")
	press(m, "4", "K")
	settle(m)
	pane, plan = verdicts()
	if fmt.Sprint(pane) != fmt.Sprint(plan) || !strings.Contains(fmt.Sprint(pane), "8p1d-dep2-dep16-c4096 true 806738.50") {
		t.Errorf("after K: review pane %v, export %v", pane, plan)
	}
	if v := full(); !strings.Contains(v, "left out of the kept curve: 5p1d-dep2-dep16-b40-c2884 (taken out of the kept curve by hand)") || !strings.Contains(v, "kept (4, set by hand (K toggles the selected point)):") {
		t.Errorf("review pane after K:\n%s", v)
	}
}

// TestPRBodyKeyInTheExportPane: B writes the PR body of the change set the
// export pane previews, with the PR's numbers.
func TestPRBodyKeyInTheExportPane(t *testing.T) {
	m, _ := twoBundleRetune(t)
	settle(m)
	run(m, press(m, "5", "B"))
	if !strings.HasPrefix(m.bar.Text, "wrote the PR body to sweeptune-pr-body.md") {
		t.Fatalf("B: status %q", m.bar.Text)
	}
	b, err := os.ReadFile("sweeptune-pr-body.md")
	if err != nil || !strings.Contains(string(b), "| agg TP2/EP2 c16 | 57,670 @ 377.4 | agg TP4 c16 (29,428 @ 545.0) to 3P c1228 BS24 (383,313 @ 267.4) | 243,084.79 (-76.28 %) |") {
		t.Errorf("PR body (%v):\n%s", err, b)
	}
}

// TestPRBodyAfterKSaysWhyPointsAreOut: after K takes a point out of the
// kept curve, the PR body B writes gives the review pane's reasons for the
// left-out points (taken out by hand, the default's own reasons), never
// "not in --keep": the user gave no --keep.
func TestPRBodyAfterKSaysWhyPointsAreOut(t *testing.T) {
	m, st := twoBundleRetune(t)
	settle(m)
	st.Select("5p1d-dep2-dep16-b40-c2884")
	press(m, "4", "K")
	settle(m)
	run(m, press(m, "5", "B"))
	if !strings.HasPrefix(m.bar.Text, "wrote the PR body to sweeptune-pr-body.md") {
		t.Fatalf("B: status %q", m.bar.Text)
	}
	b, err := os.ReadFile("sweeptune-pr-body.md")
	if err != nil {
		t.Fatal(err)
	}
	body := string(b)
	if strings.Contains(body, "not in --keep") {
		t.Errorf("the PR body says \"not in --keep\" of the workbench's kept curve:\n%s", body)
	}
	if !strings.Contains(body, ": taken out of the kept curve by hand\n") {
		t.Errorf("the PR body does not say 5P c2884 was taken out by hand:\n%s", body)
	}
	if !strings.Contains(body, "(local, 2026-11-05): a 1200 s run: not steady state, so not leaned on unless projected\n") {
		t.Errorf("the PR body does not give 3P c700's short run as the reason:\n%s", body)
	}
}

// TestAsOfOnTheDemo: the demo's sets carry their dates, so @ offers them
// and judges the review as of the date chosen.
func TestAsOfOnTheDemo(t *testing.T) {
	m := demoModel(t, 160, 45)
	press(m, "@")
	if strings.Contains(m.bar.Text, "no run dates") {
		t.Fatalf("@ on the dated demo: %q", m.bar.Text)
	}
	v := m.View()
	for _, d := range []string{"2026-10-29", "2026-11-05", "2026-11-06"} {
		if !strings.Contains(v, d) {
			t.Errorf("the date picker lacks %s:\n%s", d, v)
		}
	}
}

// twoBundleRetune is twoBundleModel where the PR's review stood: the curve
// as of 2026-11-05, the PR's three removals marked.
func twoBundleRetune(t *testing.T) (*Model, *workbench.State) {
	t.Helper()
	m := twoBundleModel(t)
	st := m.State()
	st.SetAsOf("2026-11-05", false)
	for _, id := range []string{"agg-tep2-c16", "8p1d-dep2-dep16-c4096", "9p1d-dep2-dep16-b160-c7480"} {
		st.ToggleMark(id)
	}
	m.compose()
	return m, st
}

// twoBundleModel is the workbench on the demo exporting into both bundles
// (the agg variants and the disaggregated one) and both config keys.
func twoBundleModel(t *testing.T) *Model {
	t.Helper()
	cfg := exportFixtures(t)
	testkit.CopyTestdata(t, ".", "export", "agg-variants.yaml")
	cfg.RecipePath = "agg-variants.yaml," + testkit.ExportRecipe
	cfg.ConfigKeys = []string{"dsv41flash-fp4-gb300-dynamo-sglang-agentic-agg", testkit.ExportKey}
	return exportModel(t, cfg, "")
}
