package render_test

import (
	"strings"
	"testing"
	"time"

	"github.com/sweeptune/sweeptune/internal/fixtures"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/planner/ledger"
	"github.com/sweeptune/sweeptune/render"
	"github.com/sweeptune/sweeptune/sources/demo"
)

func scorecardOf7P(t *testing.T) (ledger.Scorecard, ledger.Record) {
	t.Helper()
	fc, cal, k, pr, err := fixtures.Predict7P()
	if err != nil {
		t.Fatal(err)
	}
	rec := ledger.New(cal, ledger.FitOf(fc.Points, nil), fc.Curve, k, pr, ledger.OriginPlan, time.Date(2026, 10, 29, 9, 0, 0, 0, time.UTC))
	wait := rec
	wait.Knobs.Concurrency = 6000
	wait.Config, wait.Label, wait.ID = wait.Knobs.BaseID(), wait.Knobs.ShortLabel(), "pred-waiting0000"
	return ledger.Score([]ledger.Record{rec, wait}, demo.Tables("a", "b").Points), rec
}

func TestScorecardText(t *testing.T) {
	sc, rec := scorecardOf7P(t)
	out := render.Scorecard(sc, "ledger.jsonl").Plain()
	t.Log("\n" + out)
	e, _ := sc.Matched[0].Runs[0].ErrorOf(model.TputPerGPU)
	for _, want := range []string{
		"scorecard · 1 prediction scored, 1 prediction waiting · ledger.jsonl",
		rec.ID + " 7P BS96 c5540",
		"7p1d-dep2-dep16-b96-c5540 (local, 2026-11-02, 3600 s)",
		model.FormatValue(model.TputPerGPU, e.Predicted), "1,033,494", render.SignedPct(e.ErrPct),
		"150.7",
		"errors per curve", "errors per regime", "cap-bound",
		"waiting for a run", "pred-waiting0000 7P BS96 c6000",
		"refit with the new measurements",
		"on 3p1d-dep2-dep16-b24-c1228, 8p1d-dep2-dep16-c4096, 9p1d-dep2-dep16-b160-c7480, 7p1d-dep2-dep16-b96-c5540",
		"moved by more than 1 %: f, beta, d0, tau_p_lower_bound",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("scorecard lacks %q", want)
		}
	}
	if got := render.SignedPct(e.ErrPct); got != "-2.03 %" {
		t.Errorf("7P throughput error %s, want -2.03 %%", got)
	}
}

func TestNoiseAndProjectionText(t *testing.T) {
	n := model.EstimateNoise(demo.Load().Points)
	lines := render.NoiseLines(n)
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(l.Text() + "\n")
	}
	if !strings.Contains(b.String(), "tput-per-gpu ±0.87 %, 5 pairs (5 rerun)") {
		t.Errorf("noise lines:\n%s", b.String())
	}
	if got := render.NoiseVerdict(n, model.TputPerGPU, 0.5); got != "within noise (±0.87 %, 5 pairs)" {
		t.Errorf("verdict %q", got)
	}
	if got := render.NoiseVerdict(n, model.TputPerGPU, 5); got != "" {
		t.Errorf("a 5 %% gain flagged %q", got)
	}
	none := render.NoiseLines(model.Noise{})
	if got := none[0].Text(); got != "run-to-run noise: none known (no configuration measured twice; --noise PCT sets one)" {
		t.Errorf("none: %q", got)
	}
	if got := render.NoiseVerdict(model.Noise{}.WithDefault(2), model.TputPerGPU, 1); got != "within noise (±2.00 %, assumed (--noise))" {
		t.Errorf("assumed: %q", got)
	}
}
