package tui_test

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"
	"github.com/sweeptune/sweeptune/cli"
	"github.com/sweeptune/sweeptune/planner"
	"github.com/sweeptune/sweeptune/sources/demo"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
	"github.com/sweeptune/sweeptune/tui/keys"
	"github.com/sweeptune/sweeptune/tui/plan"
	"github.com/sweeptune/sweeptune/tui/review"
	"github.com/sweeptune/sweeptune/tui/workbench"
)

// The CLI and the workbench word a result once (render): these tests run
// the real command and the real pane on the same input and compare what a
// reader sees, styles stripped.

func runCLI(t *testing.T, args ...string) string {
	t.Helper()
	var out, errOut bytes.Buffer
	if code := cli.Run(args, strings.NewReader(""), &out, &errOut); code > 1 {
		t.Fatalf("%v: exit %d: %s", args, code, errOut.String())
	}
	return out.String()
}

// lines are a text's lines, styles and trailing blanks stripped.
func lines(s string) []string {
	var out []string
	for _, l := range strings.Split(ansi.Strip(s), "\n") {
		out = append(out, strings.TrimRight(l, " "))
	}
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	return out
}

// unhinted drops what only one front end says: how its user acts (a key in
// the pane, a flag on the command line) and the kept IDs the pane names
// only the first few of.
func unhinted(ls []string) []string {
	var out []string
	for _, l := range ls {
		if strings.HasPrefix(l, "kept (") {
			continue
		}
		for _, h := range []string{" (x cycles the axis)", " (--x chooses the axis)", " (p toggles)", " (--with-planned)"} {
			l = strings.ReplaceAll(l, h, "")
		}
		out = append(out, l)
	}
	return out
}

// TestReviewSaysTheSameInCLIAndPane: `sweeptune review --remove A,B` on
// the demo and the review pane with A and B marked print the same lines.
func TestReviewSaysTheSameInCLIAndPane(t *testing.T) {
	remove := []string{"8p1d-dep2-dep16-c4096", "5p1d-dep2-dep16-b40-c2884"}
	cliText := runCLI(t, "review", "--remove", strings.Join(remove, ","))

	st := workbench.New()
	st.SetPoints(demo.Load().Points)
	for _, id := range remove {
		st.ToggleMark(id)
	}
	pane := review.New(st, keys.Default().Review, testkit.Styles("dark", termenv.ANSI256))
	pane.SetSize(400, 200) // wide enough for the CLI's tables
	pane.Sync()
	paneText := pane.View()
	if !strings.Contains(paneText, "\x1b[") {
		t.Fatal("the pane is not styled: the test would not strip anything")
	}
	got, want := unhinted(lines(paneText)), unhinted(lines(cliText))
	if !slices.Equal(got, want) {
		t.Fatalf("pane and CLI differ:\npane:\n%s\n\ncli:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if !strings.Contains(cliText, "5p1d-dep2-dep16-b40-c2884  line        221.9       717,972") ||
		!strings.Contains(cliText, "1 of 2 removed points are NOT covered by the kept curve.") {
		t.Errorf("the CLI's review lacks its verdicts:\n%s", cliText)
	}
}

// block is the lines from the first that starts with head through the
// last indented one after it.
func block(ls []string, head string) []string {
	for i, l := range ls {
		if strings.HasPrefix(l, head) {
			j := i + 1
			for j < len(ls) && strings.HasPrefix(ls[j], "  ") {
				j++
			}
			return ls[i:j]
		}
	}
	return nil
}

// TestPlanSaysTheSameInCLIAndPane: `sweeptune plan --fit … --prefill-workers
// 7 --decode-bs 96 --concurrency 5540` and the planner pane on the same fit
// and knobs print the same parameters and the same prediction.
func TestPlanSaysTheSameInCLIAndPane(t *testing.T) {
	fit := []string{"3p1d-dep2-dep16-b24-c1228@2026-10-29", "5p1d-dep2-dep16-b40-c2884", "9p1d-dep2-dep16-b192-c7480"}
	cliLines := lines(runCLI(t, "plan", "--fit", strings.Join(fit, ","), "--prefill-workers", "7", "--decode-bs", "96", "--concurrency", "5540"))

	st := workbench.New()
	st.SetPoints(demo.Load().Points)
	st.SetAsOf("", true) // every run: the fit names the published 3P c1228 a later run replaces
	view := st.View()
	f := plan.Calibrate(view, fit)
	if f.Err != nil {
		t.Fatal(f.Err)
	}
	k := testkit.ByID(view, "7p1d-dep2-dep16-b96-c5540").Knobs
	cfg := planner.ConfigFromKnobs(k)
	pred, err := f.Cal.Predict(cfg)
	if err != nil {
		t.Fatal(err)
	}
	rec, _ := f.Cal.Recommend(cfg)
	in := plan.Input{Fit: f, Knobs: k, Pred: pred, Rec: rec}
	paneLines := lines(plan.Text(in, testkit.Styles("dark", termenv.ANSI256)))

	for _, head := range []string{"prediction: ", "  f = OSL/L"} {
		want := block(cliLines, head)
		if head == "  f = OSL/L" { // the parameters run to τP in both
			want = want[:slices.IndexFunc(want, func(l string) bool { return strings.HasPrefix(l, "  τP") })+1]
		}
		got := block(paneLines, head)
		if len(want) < 3 || len(got) < len(want) || !slices.Equal(got[:len(want)], want) {
			t.Errorf("%q: pane and CLI differ:\npane:\n%s\n\ncli:\n%s", head, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
	// τP unknown: one recommendation, a range, in both (planner.Recommend).
	want := "  recommended BS     96–112 (τP unknown: 96 if prefill saturates at the highest load measured, 112 if it keeps up at c5,540)"
	if !slices.Contains(cliLines, want) || !slices.Contains(paneLines, want) {
		t.Errorf("the CLI's and the pane's prediction lack %q:\ncli:\n%s\npane:\n%s", want, strings.Join(cliLines, "\n"), strings.Join(paneLines, "\n"))
	}
}
