package tui

import (
	"os"
	"strings"
	"testing"
)

// TestPRBodyAfterKSaysWhyPointsAreOut: after K takes a point out of the
// kept curve, the PR body B writes gives the review pane's reasons for the
// left-out points (taken out by hand, the default's own reasons), never
// "not in --keep": the user gave no --keep.
func TestPRBodyAfterKSaysWhyPointsAreOut(t *testing.T) {
	m := twoBundleModel(t)
	st := retuneAsOfMerge(m)
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
