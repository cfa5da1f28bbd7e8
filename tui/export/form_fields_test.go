package export

import (
	"os"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/tui/internal/testkit"
	"github.com/sweeptune/sweeptune/tui/msgs"
)

// The form means what the flags mean: a PR number is the link --pr
// writes, a URL is --pr-link's; the router version is --router-version.
func TestFormPRNumberIsTheLinkPrWrites(t *testing.T) {
	for in, want := range map[string]string{
		"4673":  "https://github.com/SemiAnalysisAI/InferenceX/pull/4673",
		"#4673": "https://github.com/SemiAnalysisAI/InferenceX/pull/4673",
		" https://github.com/SemiAnalysisAI/InferenceX/pull/12 ": "https://github.com/SemiAnalysisAI/InferenceX/pull/12",
		"": "",
	} {
		if got := put(Config{}, fieldPR, in).PRLink; got != want {
			t.Errorf("PR field %q: link %q, want %q", in, got, want)
		}
	}
}

func TestFormRouterVersionReachesTheRequest(t *testing.T) {
	m, _, _ := built(t, testkit.Plain())
	m.SetSize(160, 45)
	m.Update(testkit.Key("t"))
	for range fieldRouter {
		m.Update(testkit.Key("down"))
	}
	m.Update(testkit.Key("enter"))
	for _, r := range "1.7.0.dev20261029" {
		m.Update(testkit.Key(string(r)))
	}
	m.Update(testkit.Key("enter"))
	if m.cfg.RouterVersion != "1.7.0.dev20261029" || !strings.Contains(text(m), "router version 1.7.0.dev20261029") {
		t.Fatalf("router version %q:\n%s", m.cfg.RouterVersion, m.View())
	}
	if req := Request(m.cfg, m.current()); req.RouterVersion != "1.7.0.dev20261029" {
		t.Errorf("the request's router version is %q", req.RouterVersion)
	}
	if got := FromTargets(*m.cfg.Targets()).RouterVersion; got != "1.7.0.dev20261029" {
		t.Errorf("the session keeps %q", got)
	}
}

// B after w writes the body of what w just wrote, though the workbench has
// nothing left to export.
func TestPRBodyAfterAWriteIsOfWhatWasWritten(t *testing.T) {
	m, st, _ := built(t, testkit.Plain())
	m.SetSize(160, 45)
	acceptLoss(t, m)
	ask := m.Update(testkit.Key("w"))().(msgs.Confirm)
	done := ask.Yes().(msgs.Exported)
	if done.Err != nil {
		t.Fatal(done.Err)
	}
	m.Handle(done)
	st.ClearExported(done.Marks, done.Planned, done.Added)
	m.Refresh(st.TakeChanges())
	m.Sync()
	say := m.Update(testkit.Key("B"))().(msgs.Status)
	if say.Err || say.Text != "wrote the PR body to sweeptune-pr-body.md (from the change set w wrote)" {
		t.Fatalf("B: %+v", say)
	}
	body, err := os.ReadFile("sweeptune-pr-body.md")
	if err != nil || !strings.Contains(string(body), "Removed: 8P c4096.") {
		t.Errorf("body (%v):\n%s", err, body)
	}
}
