package tui_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/cli"
	"github.com/sweeptune/sweeptune/tui/export"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
	"github.com/sweeptune/sweeptune/tui/keys"
	"github.com/sweeptune/sweeptune/tui/msgs"
	"github.com/sweeptune/sweeptune/tui/workbench"
)

// The same change set written from the workbench (the export pane, its
// targets typed into the form: a PR number, the image, the router
// version) and from the command line (--pr, --image, --router-version)
// is the same bytes in every file.
func TestWorkbenchAndCLIWriteTheSameBytes(t *testing.T) {
	const (
		mark   = "8p1d-dep2-dep16-c4096"
		add    = "7p1d-dep2-dep16-b96-c5540"
		image  = "lmsysorg/sglang:nightly-dev-cu13-20261030-302b78cc"
		router = "1.7.0.dev20261029"
	)
	files := []string{testkit.ExportRecipe, testkit.ExportMaster, testkit.ExportChangelog}

	testkit.ExportFixtures(t)
	pane, _ := os.Getwd()
	st := workbench.New()
	st.SetPoints(testkit.Demo())
	st.ToggleMark(mark)
	st.ToggleAdded(add)
	st.TakeChanges()
	m := export.New(st, keys.Default().Export, testkit.Plain(), export.Config{RecipePath: testkit.ExportRecipe,
		MasterPath: testkit.ExportMaster, ChangelogPath: testkit.ExportChangelog, ConfigKeys: []string{testkit.ExportKey}})
	m.SetSize(160, 45)
	m.Update(testkit.Key("t"))
	for _, typed := range []struct {
		down int
		text string
	}{{4, "4673"}, {1, image}, {1, router}} { // PR link, image, router version
		for range typed.down {
			m.Update(testkit.Key("down"))
		}
		m.Update(testkit.Key("enter"))
		for _, r := range typed.text {
			m.Update(testkit.Key(string(r)))
		}
		m.Update(testkit.Key("enter"))
	}
	m.Update(testkit.Key("esc"))
	m.Sync()
	m.Update(testkit.Key("A")) // the loss accepted, as the command line's --accept-coverage-loss
	ask, ok := m.Update(testkit.Key("w"))().(msgs.Confirm)
	if !ok {
		t.Fatalf("w did not ask:\n%s", m.View())
	}
	if done := ask.Yes().(msgs.Exported); done.Err != nil {
		t.Fatal(done.Err)
	}

	testkit.ExportFixtures(t)
	var out, errOut bytes.Buffer
	code := cli.Run([]string{"export", "--accept-coverage-loss", "--add", add, "--remove", mark, "--recipe", testkit.ExportRecipe, "--master", testkit.ExportMaster,
		"--config-key", testkit.ExportKey, "--changelog", testkit.ExportChangelog, "--pr", "4673", "--image", image,
		"--router-version", router, "--accept-coverage-loss", "--write"}, strings.NewReader(""), &out, &errOut)
	if code != 0 {
		t.Fatalf("export: exit %d: %s", code, errOut.String())
	}
	for _, f := range files {
		a, b := readAt(t, pane, f), readAt(t, ".", f)
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs between the workbench and the command line:\n%s\n---\n%s", f, a, b)
		}
	}
	if cl := string(readAt(t, ".", testkit.ExportChangelog)); !strings.HasSuffix(cl, "pr-link: https://github.com/SemiAnalysisAI/InferenceX/pull/4673\n") {
		t.Errorf("the entry does not link the PR:\n%s", cl)
	}
	if master := string(readAt(t, ".", testkit.ExportMaster)); !strings.Contains(master, router) {
		t.Errorf("the router pin did not move")
	}
}

func readAt(t *testing.T, dir, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}
