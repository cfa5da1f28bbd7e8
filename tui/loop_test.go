package tui

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sweeptune/sweeptune/internal/fixtures"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/planner/ledger"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
	"github.com/sweeptune/sweeptune/tui/plan"
)

// The loop in the workbench: a records the planned point in the ledger;
// the reload that brings its run scores it in the planner pane.
func TestARecordsAndTheReloadScoresIt(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ledger.jsonl")
	var before []model.Point // the demo without its 7P runs: not measured yet
	for _, p := range testkit.Demo() {
		if p.Knobs.Prefill.Workers != 7 {
			before = append(before, p)
		}
	}
	// Recorded before the demo's dated 7P runs, so that they score it.
	old := plan.Now
	plan.Now = func() time.Time { return time.Date(2026, 10, 29, 9, 0, 0, 0, time.UTC) }
	t.Cleanup(func() { plan.Now = old })
	m := start(Options{Ledger: path}, 160, 60, before, 4)
	do(m, "3", "enter")
	typeText(m, "7")
	do(m, "enter", "down", "enter")
	typeText(m, "96")
	do(m, "enter", "down", "enter")
	typeText(m, "5540")
	do(m, "enter", "a")
	if !strings.Contains(m.bar.Text, "planned 7p1d-dep2-dep16-b96-c5540; recorded pred-") {
		t.Fatalf("a: status %q", m.bar.Text)
	}
	res, err := ledger.Read(path)
	if err != nil || len(res.Records) != 1 || res.Records[0].Origin != ledger.OriginWorkbench || res.Records[0].Config != "7p1d-dep2-dep16-b96-c5540" {
		t.Fatalf("ledger: %v %+v", err, res)
	}
	rec := res.Records[0]
	planner := m.panes[2].(*plan.Model)
	if !strings.Contains(planner.Scorecard(), "waiting: 7P BS96 c5540") {
		t.Errorf("planner pane before the run:\n%s", planner.Scorecard())
	}
	reload(m, testkit.Demo(), 4) // the 7P runs land (r, --watch)
	if !strings.Contains(m.bar.Text, "scorecard: 2 new runs of recorded predictions scored (planner pane)") {
		t.Errorf("reload: status %q", m.bar.Text)
	}
	card := m.State().Loop.Card
	if len(card.Matched) != 1 || len(card.Matched[0].Runs) != 2 {
		t.Fatalf("card %+v", card)
	}
	e, _ := card.Matched[0].Runs[0].ErrorOf(model.TputPerGPU)
	pred := rec.Predicted["tput_per_gpu"]
	if e.Measured != 1033494 || e.Predicted != pred || math.Abs(e.ErrPct-100*(pred-1033494)/1033494) > 1e-12 {
		t.Errorf("7P error %+v", e)
	}
	if v := planner.Scorecard(); !strings.Contains(v, "7P BS96 c5540 ← 7p1d-dep2-dep16-b96-c5540 (local, 2026-11-02, 3600 s): tput-per-gpu") {
		t.Errorf("planner pane after the run:\n%s", v)
	}
}

// % with an overlay: a gain no larger than the curve's run-to-run noise
// says so in the curve pane's readout. The demo's twins give ±0.87 % on
// throughput; a rival 0.5 % under 7P c5540 at its p90 is within it.
func TestGainWithinNoiseInTheReadout(t *testing.T) {
	pts := testkit.Demo()
	rival := model.CurveKey{Model: "deepseek-ai/DeepSeek-V4.1-Flash", Scenario: "agentic-coding", Hardware: "gb300", Framework: "vllm", Precision: "fp4"}
	for _, v := range []struct{ y, x float64 }{{1033494 / 1.005, 150.7}, {600000, 250}, {1100000, 90}} {
		p := model.Point{ID: "rival-" + model.Thousands(v.x, 0), Curve: rival, Source: model.SourceCompetitor}
		p.Metrics.Set(model.TputPerGPU, v.y)
		p.Metrics.Set(model.MeanIntvty, v.x)
		pts = append(pts, p)
	}
	m := start(Options{}, 160, 45, pts, 5)
	st := m.State()
	if mn, ok := st.Noise().For(model.TputPerGPU); !ok || mn.Pairs != 5 {
		t.Fatalf("demo noise %+v", st.Noise())
	}
	st.SetOverlays([]model.CurveKey{rival})
	g, ok := st.Gains()
	if !ok {
		t.Fatal("no gains with an overlay")
	}
	flagged := map[string]bool{}
	for _, pg := range g.Gains {
		if pg.WithinNoise {
			flagged[pg.ID] = true
		}
	}
	if !flagged["7p1d-dep2-dep16-b96-c5540"] || flagged["9p1d-dep2-dep16-b192-c7480"] {
		t.Errorf("within noise: %v (gains %+v)", flagged, g.Gains)
	}
	do(m, "%")
	st.Select("7p1d-dep2-dep16-b96-c5540")
	m.State().TakeChanges()
	m.panes[0].Refresh(0xffff)
	if v := m.panes[0].View(); !strings.Contains(v, "within noise (±0.87 %, 5 pairs)") {
		t.Errorf("readout:\n%s", v)
	}
}

// The load command scores the ledger beside its reading (a million points
// take tens of milliseconds of it): the first frame adopts its card.
func TestTheLoadCommandScoresTheLedger(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ledger.jsonl")
	fc, cal, k, pr, err := fixtures.Predict7P()
	if err != nil {
		t.Fatal(err)
	}
	rec := ledger.New(cal, ledger.Fit{IDs: fc.IDs()}, fc.Curve, k, pr, ledger.OriginPlan, time.Date(2026, 10, 29, 9, 0, 0, 0, time.UTC))
	if err := ledger.Append(path, rec); err != nil {
		t.Fatal(err)
	}
	var before []model.Point
	for _, p := range testkit.Demo() {
		if p.Knobs.Prefill.Workers != 7 {
			before = append(before, p)
		}
	}
	m := start(Options{Ledger: path}, 160, 60, before, 4)
	if card := m.State().Loop.Card; len(card.Waiting) != 1 || len(card.Matched) != 0 {
		t.Fatalf("before the 7P runs: %+v", card)
	}
	m.load()
	prep := m.loadAhead().run(testkit.Demo())
	if prep.score == nil || prep.score.Path != path || len(prep.score.Card.Matched) != 1 {
		t.Fatalf("the load command's score: %+v", prep.score)
	}
	os.Remove(path) // the card shown is the load command's: the ledger is not read again
	m.Update(loadedMsg{gen: m.gen, ds: &sources.Dataset{Points: testkit.Demo(), Files: 4}, prep: prep})
	if !strings.Contains(m.bar.Text, "scorecard: 2 new runs of recorded predictions scored (planner pane)") {
		t.Errorf("status %q", m.bar.Text)
	}
	if card := m.State().Loop.Card; len(card.Matched) != 1 || len(card.Matched[0].Runs) != 2 || !m.State().Scored() {
		t.Fatalf("card %+v", card)
	}
}
