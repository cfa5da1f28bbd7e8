package render_test

import (
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/internal/check"
	"github.com/sweeptune/sweeptune/internal/fixtures"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/planner"
	"github.com/sweeptune/sweeptune/render"
	"github.com/sweeptune/sweeptune/sources/demo"
)

func selection(t *testing.T, pts []model.Point) *model.Selection {
	t.Helper()
	s, err := model.Select(model.SelectRequest{Points: pts, Curve: pts[0].Curve, X: model.AxisP90Intvty, Y: model.AxisTputPerGPU,
		Margin: model.Margin{Pct: 2, Source: "--margin"}})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// The PR's sentence, as the tool says it: c700 replaces agg TP2/EP2 c16,
// c800 and c900 inside noise.
func TestSelectionText(t *testing.T) {
	pts := fixtures.Margin(t)
	out := render.Selection(selection(t, pts), pts, nil).Plain()
	check.Contains(t, "output", out,
		"margin ±2.0 % (--margin)",
		"5 bands, 1 cut where the line test would not cover a removal, 1 merged into a neighbour: its kept point lay under the line of its neighbours by more than the margin",
		"287.9 – 299.2 (cut)     replaces  3P c700 BS18 (local, short run)       299.2       222,000  replaces agg TP2/EP2 c16: +2.33 % p90-intvty, +284.95 % tput-per-gpu",
		"97.4 – 137.8            replaces  9P c7480 BS192 (local)                 97.4     1,117,063  replaces 9P c7480 BS160 (no p90-intvty: placed by its mean interactivity): −8.55 % mean-intvty, +2.08 % tput-per-gpu",
		"137.8 – 218.5 (merged)  replaces  7P c5540 BS96 (local)                 157.5     1,033,494  replaces 8P c4096 (no p90-intvty: placed by its mean interactivity): −21.26 % mean-intvty, +28.67 % tput-per-gpu; 8P c4096 lay 10.0 % under the line of its neighbours",
		"  ~ 3P c800 BS18 (local): +1.50 % p90-intvty, +330.03 % tput-per-gpu over agg TP2/EP2 c16",
		"  ~ 3P c900 BS18 (local): +0.72 % p90-intvty, +369.92 % tput-per-gpu over agg TP2/EP2 c16",
		"Removals (rule 18(g): line test on mean-intvty × tput-per-gpu against the review's kept curve, steady-state runs):",
		"  ✓ agg TP2/EP2 c16 covered: 57,670 under the line 243,084.79 of 3P c1228 BS24 – agg TP4 c16 at 377.4 (−76.28 %)",
		"  ✓ 9P c7480 BS160 covered: 1,094,347 under the line 1,100,893.85 of 9P c7480 BS192 – 7P c5540 BS96 at 111.1 (−0.59 %) (inside noise: within the 2.0 % margin)",
		"  ✓ 8P c4096 covered: 803,198 under the line 853,132.41 of 7P c5540 BS96 – 5P c2884 BS40 at 191.4 (−5.85 %)",
		"Remove: 9P c7480 BS160, 8P c4096, agg TP2/EP2 c16",
		"Placed by their mean interactivity (no p90-intvty): agg TP4 c16, 8P c4096, 9P c7480 BS160",
		// the fixture has no E2EL: coverage says so, as the review does
		"Coverage (frontier points on the dashboard): p90 E2EL no data, p75 E2EL no data (no candidate has the latency)",
	)
	if strings.Contains(out, "0 → 0") {
		t.Errorf("coverage counted a latency no point has:\n%s", out)
	}
}

// With proposals: the model's error and where it comes from, each run's
// kind. The edges leave a band between 7P and 5P (and 8P c4096, placed at
// its mean 191.4) empty.
func TestSelectionProposalsText(t *testing.T) {
	pts := demo.Load().Points
	s, err := model.Select(model.SelectRequest{Points: pts, Curve: pts[0].Curve, X: model.AxisP90Intvty, Y: model.AxisTputPerGPU,
		Edges: []float64{90, 140, 195, 225, 300}, Margin: model.Margin{Pct: 2, Source: "--margin"}})
	if err != nil {
		t.Fatal(err)
	}
	p, err := planner.Propose(planner.ProposeRequest{Selection: s, Points: pts, MaxGPUs: 34})
	if err != nil {
		t.Fatal(err)
	}
	out := render.Selection(s, pts, p).Plain()
	for _, want := range []string{"Proposals (the model's error on this curve: 3.4 % throughput", "backtest (leave-one-out, 5 points)", "short 1200 s  5P BS56 c3444", "within the model's ±3.4 % error: a short run first",
		"full 3600 s   3P BS18 c700", "chosen from a short run: 3600 s confirms it"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
}

// TestSelectionInFitsWidth: in a pane narrower than the band table each
// band is a block of lines that fit (the pane wrapped the table's rows,
// its rule included, into a jumble).
func TestSelectionInFitsWidth(t *testing.T) {
	pts := fixtures.Margin(t)
	sel := selection(t, pts)
	wide := render.SelectionIn(sel, pts, nil, 0).Plain()
	if !strings.Contains(wide, "137.8 – 218.5 (merged)  replaces  7P c5540 BS96 (local)") {
		t.Fatalf("width 0 is not the table:\n%s", wide)
	}
	out := render.SelectionIn(sel, pts, nil, 100).Plain()
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "──") {
			t.Errorf("a table rule in the narrow layout: %q", l)
		}
	}
	for _, want := range []string{
		"287.9 – 299.2 (cut)  replaces  3P c700 BS18 (local, short run)\n    p90-intvty 299.2  tput-per-gpu 222,000\n    replaces agg TP2/EP2 c16: +2.33 % p90-intvty, +284.95 % tput-per-gpu",
		"258.8 – 287.9 (cut)  kept  3P c1228 BS24 (published)\n    p90-intvty 283.3  tput-per-gpu 383,313\n    nothing beats it by more than 2.0 % on both axes",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
}
