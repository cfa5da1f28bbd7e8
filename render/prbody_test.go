package render_test

import (
	"flag"
	fx "github.com/sweeptune/sweeptune/internal/fixtures"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/render"
	"github.com/sweeptune/sweeptune/sources/demo"
	"github.com/sweeptune/sweeptune/sources/export"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// TestPRBodyRetune writes the body of the retune's pull request from the
// export of the PR's change set on the whole demo, judged as of
// 2026-11-05 (before the merge, as the PR was), and compares it with the
// reviewed golden file.
// retuneBodyInput is the retune's PR body input: the export of the PR's
// change set on the whole demo, judged as of 2026-11-05.
func retuneBodyInput(t *testing.T) (render.PRBodyInput, *export.ExportPlan) {
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
	ds := demo.Load()
	const image, router = "lmsysorg/sglang:nightly-dev-cu13-20261030-302b78cc", "1.7.0.dev20261029"
	plan, err := export.BuildExport(export.ExportRequest{
		Points:        ds.Points,
		Add:           []string{"3p1d-dep2-dep16-b18-c700", "7p1d-dep2-dep16-b96-c5540", "9p1d-dep2-dep16-b192-c7480"},
		Remove:        []string{"agg-tep2-c16", "8p1d-dep2-dep16-c4096", "9p1d-dep2-dep16-b160-c7480"},
		RecipePaths:   []string{filepath.Join(dir, "agg-variants.yaml"), filepath.Join(dir, "disagg-dep16-hicache-variants.yaml")},
		MasterPath:    filepath.Join(dir, "nvidia-master.excerpt.yaml"),
		ConfigKeys:    []string{"dsv41flash-fp4-gb300-dynamo-sglang-agentic-agg", "dsv41flash-fp4-gb300-dynamo-sglang-agentic-dspark-disagg-hicache"},
		ChangelogPath: filepath.Join(dir, "perf-changelog.excerpt.yaml"),
		Image:         image,
		RouterVersion: router,
		AsOf:          "2026-11-05",
	})
	if err != nil {
		t.Fatal(err)
	}
	in, err := render.NewPRBodyInput(plan, ds.Points, "2026-11-05", image, router)
	if err != nil {
		t.Fatal(err)
	}
	return in, plan
}

func TestPRBodyRetune(t *testing.T) {
	in, plan := retuneBodyInput(t)
	got := render.PRBody(in)
	prBodyAndChangelogAgree(t, got, plan.Entry)
	golden := filepath.Join("..", "testdata", "golden", "prbody-retune.md")
	fx.Golden(t, golden, got, *update)
	// The PR's numbers, as the PR formats them.
	for _, s := range []string{"243,084.79", "853,132.41", "1,100,893.85", "+11.05 %", "+5.00 %",
		"1,011,514 @ 75.5", "993,521 @ 145.6", "954,146 @ 196.5",
		"| disagg | 3 × DEP2 | 700 | 18 | 288 | total_tokens | new |", "| disagg | 3 × DEP2 | 1228 | 24 | 384 | total_tokens | unchanged |",
		"| disagg | 5 × DEP2 | 2884 | 40 | 640 | total_tokens | unchanged |", "| disagg | 7 × DEP2 | 5540 | 96 | 1536 | total_tokens | new |",
		"| disagg | 9 × DEP2 | 7480 | 192 | 3072 | total_requests | new |", "| agg TP4 | — | 1 / 4 / 16 | — | — | — | unchanged |"} {
		if !strings.Contains(got, s) {
			t.Errorf("PR body lacks %q", s)
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
