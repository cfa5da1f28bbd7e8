package render_test

import (
	"flag"
	fx "github.com/sweeptune/sweeptune/internal/fixtures"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/render"
	"github.com/sweeptune/sweeptune/sources/demo"
	"github.com/sweeptune/sweeptune/sources/export"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// TestPRBodyRetune writes the body of the retune's pull request from the
// export of the PR's change set on the whole demo, judged as of
// 2026-11-05 (before the merge, as the PR was), and compares it with the
// reviewed golden file.
func TestPRBodyRetune(t *testing.T) {
	ds := demo.Load()
	plan, _ := retunePlan(t, ds.Points, nil)
	in, err := render.NewPRBodyInput(plan, ds.Points, "2026-11-05", image, router)
	if err != nil {
		t.Fatal(err)
	}
	got := render.PRBody(in)
	prBodyAndChangelogAgree(t, got, plan.Entry)
	noFlagTokens(t, got)
	golden := filepath.Join("..", "testdata", "golden", "prbody-retune.md")
	fx.Golden(t, golden, got, *update)
	// The PR's numbers, as the PR formats them.
	for _, s := range []string{"243,084.79", "853,132.41", "1,100,893.85", "+11.05 %", "+5.00 %",
		"1,011,514 @ 75.5", "993,521 @ 145.6", "954,146 @ 196.5",
		"| disagg | 3 × DEP2 | 700 | 18 | 288 | total_tokens | new |", "| disagg | 3 × DEP2 | 1228 | 24 | 384 | total_tokens | kept |",
		"| disagg | 5 × DEP2 | 2884 | 40 | 640 | total_tokens | kept |", "| disagg | 7 × DEP2 | 5540 | 96 | 1536 | total_tokens | new, replaces 8P c4096 |",
		"| disagg | 9 × DEP2 | 7480 | 192 | 3072 | total_requests | new, replaces 9P c7480 BS160 |", "| agg TP4 | — | 1 / 4 / 16 | — | — | — | kept |",
		"vs vLLM", "which gives 984,315.45", "Speculative decoding: DSpark, acceptance length 3.51.",
		// what binds, as the planner reads it: the PR's binding cap at c5540 and free cap at c7480
		"- 7P c5540 BS96: binding decode cap. BS 96 holds the busiest rank, so the extra requests wait for admission",
		"- 9P c7480 BS192: the client's concurrency sets the rate; decode keeps up; free decode cap (the busiest rank runs 170.0 of BS 192).",
		"whether prefill saturates at these points is not known"} {
		if !strings.Contains(got, s) {
			t.Errorf("PR body lacks %q", s)
		}
	}
}

// retuneBodyInput is the retune's PR body input: the export of the PR's
// change set on the whole demo, judged as of 2026-11-05.
func retuneBodyInput(t *testing.T) (render.PRBodyInput, *export.ExportPlan) {
	t.Helper()
	ds := demo.Load()
	plan, _ := retunePlan(t, ds.Points, nil)
	in, err := render.NewPRBodyInput(plan, ds.Points, "2026-11-05", image, router)
	if err != nil {
		t.Fatal(err)
	}
	return in, plan
}

const image, router = "lmsysorg/sglang:nightly-dev-cu13-20261030-302b78cc", "1.7.0.dev20261029"

// retunePlan exports the pull request's change set on copies of the
// export fixtures: the README's sets, or sel's when given. It returns the
// plan and the copied target's recipe and master paths.
func retunePlan(t *testing.T, points []model.Point, sel *model.SelectionSet) (*export.ExportPlan, []string) {
	t.Helper()
	fixtures := filepath.Join("..", "testdata", "export")
	dir := t.TempDir()
	for _, n := range []string{"agg-variants.yaml", "disagg-dep16-hicache-variants.yaml", "nvidia-master.excerpt.yaml", "perf-changelog.excerpt.yaml"} {
		b, err := os.ReadFile(filepath.Join(fixtures, n))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, n), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	req := export.ExportRequest{
		Points:        points,
		Add:           []string{"3p1d-dep2-dep16-b18-c700", "7p1d-dep2-dep16-b96-c5540", "9p1d-dep2-dep16-b192-c7480"},
		Remove:        []string{"agg-tep2-c16", "8p1d-dep2-dep16-c4096", "9p1d-dep2-dep16-b160-c7480"},
		RecipePaths:   []string{filepath.Join(dir, "agg-variants.yaml"), filepath.Join(dir, "disagg-dep16-hicache-variants.yaml")},
		MasterPath:    filepath.Join(dir, "nvidia-master.excerpt.yaml"),
		ConfigKeys:    []string{"dsv41flash-fp4-gb300-dynamo-sglang-agentic-agg", "dsv41flash-fp4-gb300-dynamo-sglang-agentic-dspark-disagg-hicache"},
		ChangelogPath: filepath.Join(dir, "perf-changelog.excerpt.yaml"),
		Image:         image,
		RouterVersion: router,
		AsOf:          "2026-11-05",
		Selection:     sel,
	}
	if sel != nil {
		req.Add, req.Remove = sel.Add, sel.Remove
	}
	plan, err := export.BuildExport(req)
	if err != nil {
		t.Fatal(err)
	}
	return plan, append(append([]string{}, req.RecipePaths...), req.MasterPath)
}

// TestPRBodyFromSelection is the body of the done-when path: select on the
// demo as of 2026-11-05 against the export target (the default bands), accepted
// into the export. Each point says new / replaces / right of / kept as the
// pull request does, the reasons the selection computed are there, and no
// flag token is.
func TestPRBodyFromSelection(t *testing.T) {
	ds := demo.Load()
	_, target := retunePlan(t, ds.Points, nil)
	tg, err := export.ReadTarget(target[:2], target[2], []string{"dsv41flash-fp4-gb300-dynamo-sglang-agentic-agg", "dsv41flash-fp4-gb300-dynamo-sglang-agentic-dspark-disagg-hicache"})
	if err != nil {
		t.Fatal(err)
	}
	curve := ds.Points[model.FindID(ds.Points, "agg-tep2-c16")].Curve
	sel, err := model.Select(model.SelectRequest{Points: ds.Points, Curve: curve, X: model.AxisP90Intvty, Y: model.AxisTputPerGPU,
		AsOf: "2026-11-05", Target: tg.State, Margin: model.MarginFromNoiseAsOf(ds.Points, model.AxisP90Intvty, model.AxisTputPerGPU, "2026-11-05")})
	if err != nil {
		t.Fatal(err)
	}
	set := sel.Set()
	plan, _ := retunePlan(t, ds.Points, &set)
	in, err := render.NewPRBodyInput(plan, ds.Points, "2026-11-05", image, router)
	if err != nil {
		t.Fatal(err)
	}
	got := render.PRBody(in)
	noFlagTokens(t, got)
	fx.Golden(t, filepath.Join("..", "testdata", "golden", "prbody-select.md"), got, *update)
	for _, s := range []string{
		"| disagg | 3 × DEP2 | 700 | 18 | 288 | total_tokens | new, right of agg TP2/EP2 c16 on p90 interactivity |",
		"| disagg | 7 × DEP2 | 5540 | 96 | 1536 | total_tokens | new, replaces 8P c4096 |",
		"| disagg | 9 × DEP2 | 7480 | 192 | 3072 | total_requests | new, replaces 9P c7480 BS160 |",
		"| disagg | 5 × DEP2 | 2884 | 40 | 640 | total_tokens | kept |", "| disagg | 3 × DEP2 | 1228 | 24 | 384 | total_tokens | kept |",
		"3P c700 BS18 replaces agg TP2/EP2 c16 on the chart (p90 interactivity): 299.2 vs 292.4 (+2.33 %)",
		"there it lies 9.98 % under the line of its neighbouring choices on p90 interactivity, more than the margin, so it adds nothing to the curve (its range merged into 7P c5540 BS96's)",
		"The margin is 2.0 %: the default, no run-to-run noise measured on or before 2026-11-05.",
		"Run-to-run noise of throughput per GPU as of 2026-11-05: none measured (0 pairs",
		"- 3P c700 BS18 (local, 2026-11-05): a 1200 s run",
	} {
		if !strings.Contains(got, s) {
			t.Errorf("PR body lacks %q", s)
		}
	}
	if strings.Contains(got, "measured after 2026-11-05") {
		t.Errorf("a left-out point measured after the date cannot bear on a verdict:\n%s", got)
	}
}

// noFlagTokens: the body speaks in words, never in the CLI's axis and
// metric spellings.
func noFlagTokens(t *testing.T, body string) {
	t.Helper()
	for _, a := range append(append([]model.Axis{}, model.XAxes...), model.YAxes...) {
		if strings.Contains(body, a.Name) {
			t.Errorf("the PR body has the flag token %q", a.Name)
		}
	}
}

// prBodyAndChangelogAgree: the changelog entry names every point as the PR
// body does (one naming function): "agg TP2/EP2 c16" for a TEP2 agg
// worker, "3P c1228 BS24" with the concurrency before the batch size.
func prBodyAndChangelogAgree(t *testing.T, body, entry string) {
	t.Helper()
	for _, name := range []string{"agg TP2/EP2 c16", "8P c4096", "9P c7480 BS160", "5P c2884 BS40", "7P c5540 BS96", "9P c7480 BS192"} {
		if !strings.Contains(body, name) {
			t.Errorf("the PR body lacks %q", name)
		}
		if !strings.Contains(entry, name) {
			t.Errorf("the changelog entry lacks %q, which the PR body writes:\n%s", name, entry)
		}
	}
	for _, bad := range []string{"TEP2 c16", "BS24 c1228", "BS40 c2884", "BS96 c5540", "BS192 c7480", "8P1D c4096"} {
		if strings.Contains(body, bad) || strings.Contains(entry, bad) {
			t.Errorf("%q in the PR body or the changelog entry:\n%s\n%s", bad, body, entry)
		}
	}
}

// TestPRBodyNamesInsideNoise: on the margin fixture (the demo's curve with
// the pull request's c800 and c900), the accepted selection's body names
// c800 and c900 as winning only inside the margin, as the PR did.
func TestPRBodyNamesInsideNoise(t *testing.T) {
	pts := fx.Margin(t)
	curve := pts[model.FindID(pts, "agg-tep2-c16")].Curve
	_, target := retunePlan(t, demo.Load().Points, nil)
	tg, err := export.ReadTarget(target[:2], target[2], []string{"dsv41flash-fp4-gb300-dynamo-sglang-agentic-agg", "dsv41flash-fp4-gb300-dynamo-sglang-agentic-dspark-disagg-hicache"})
	if err != nil {
		t.Fatal(err)
	}
	sel, err := model.Select(model.SelectRequest{Points: pts, Curve: curve, X: model.AxisP90Intvty, Y: model.AxisTputPerGPU,
		Target: tg.State, Margin: model.Margin{Pct: 2, Source: "--margin"}})
	if err != nil {
		t.Fatal(err)
	}
	set := sel.Set()
	plan, _ := retunePlan(t, pts, &set)
	in, err := render.NewPRBodyInput(plan, pts, "", image, router)
	if err != nil {
		t.Fatal(err)
	}
	got := render.PRBody(in)
	noFlagTokens(t, got)
	want := "3P c900 BS18 (294.5, +0.72 %) and 3P c800 BS18 (296.8, +1.50 %) also beat agg TP2/EP2 c16, but by no more than the 2.0 % margin on p90 interactivity: inside run-to-run noise, so 3P c700 BS18 is the point with margin."
	if !strings.Contains(got, want) {
		t.Errorf("the body lacks %q:\n%s", want, got)
	}
}
