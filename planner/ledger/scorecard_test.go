package ledger_test

import (
	"math"
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/planner"
	"github.com/sweeptune/sweeptune/planner/ledger"
	"github.com/sweeptune/sweeptune/sources/demo"
)

// TestScorecardOfThe7PRun: predict 7P BS96 c5540 from the published-before
// points, record it, load the retune's local runs: the 7P run (1,033,494 @
// mean 150.7) scores it with (predicted − measured) / measured from the
// ledger's own numbers, and the refit says which parameters moved.
func TestScorecardOfThe7PRun(t *testing.T) {
	path := t.TempDir() + "/ledger.jsonl"
	rec, _ := predict7P(t)
	// A second prediction nobody has run yet: waiting.
	other := rec
	other.Knobs.Concurrency, other.Knobs.Prefill.Workers = 4000, 6
	other.Config, other.Label, other.ID = other.Knobs.BaseID(), other.Knobs.ShortLabel(), ""
	if err := ledger.Append(path, rec, other); err != nil {
		t.Fatal(err)
	}
	res, err := ledger.Read(path)
	if err != nil || len(res.Records) != 2 {
		t.Fatalf("read: %v %+v", err, res)
	}
	ds := demo.Tables("a", "b")
	sc := ledger.Score(res.Records, ds.Points)
	if len(sc.Matched) != 1 || len(sc.Waiting) != 1 || sc.Waiting[0].Config != "6p1d-dep2-dep16-b96-c4000" {
		t.Fatalf("matched %d, waiting %+v", len(sc.Matched), sc.Waiting)
	}
	m := sc.Matched[0]
	if len(m.Runs) != 1 || m.Runs[0].ID != id7PC5540 || m.Runs[0].Source != model.SourceLocal {
		t.Fatalf("runs %+v", m.Runs)
	}
	read := res.Records[0]
	for _, c := range []struct {
		metric model.Metric
		meas   float64
	}{{model.TputPerGPU, 1033494}, {model.MeanIntvty, 150.7}} {
		e, ok := m.Runs[0].ErrorOf(c.metric)
		pred := read.Predicted[c.metric.JSONName()]
		if !ok || e.Measured != c.meas || e.Predicted != pred || e.ErrPct != 100*(pred-c.meas)/c.meas {
			t.Errorf("%s: %+v, want predicted %v measured %v", c.metric.Name(), e, pred, c.meas)
		}
		t.Logf("%s: predicted %.1f measured %.1f error %+.2f %%", c.metric.Name(), e.Predicted, e.Measured, e.ErrPct)
	}
	// p90 is predicted too (r90 from table A's 3P c1228): every metric
	// both sides have is scored.
	if _, ok := read.Metric(model.P90Intvty); ok {
		if _, ok := m.Runs[0].ErrorOf(model.P90Intvty); !ok {
			t.Error("p90 predicted and measured but not scored")
		}
	}
	if len(sc.ByCurve) != 1 || len(sc.ByRegime) != 1 || sc.ByRegime[0].Regime != read.Regime {
		t.Fatalf("groups %+v %+v", sc.ByCurve, sc.ByRegime)
	}
	tp := sc.ByCurve[0].Metrics[0]
	e, _ := m.Runs[0].ErrorOf(model.TputPerGPU)
	if tp.Name != "tput_per_gpu" || tp.Count != 1 || tp.BiasPct != e.ErrPct || tp.MaxAbsPct != math.Abs(e.ErrPct) || tp.MeanAbsPct != math.Abs(e.ErrPct) {
		t.Errorf("per-curve tput stats %+v", tp)
	}
	if len(sc.Refits) != 1 || sc.Refits[0].Err != "" {
		t.Fatalf("refits %+v", sc.Refits)
	}
	rf := sc.Refits[0]
	want := []string{id3PC1228, id8PC4096, id9PB160, id7PC5540}
	if len(rf.Points) != 4 {
		t.Fatalf("refit points %v, want %v", rf.Points, want)
	}
	for i := range want {
		if rf.Points[i] != want[i] {
			t.Errorf("refit points %v, want %v", rf.Points, want)
		}
	}
	// The moves are the record's parameters against a fit on the four.
	fc, _ := planner.ChooseFit(ds.Points, want)
	cal, err := planner.Calibrate(fc.Points)
	if err != nil {
		t.Fatal(err)
	}
	if rf.Params.Alpha != cal.Params.Alpha || len(rf.Moves) == 0 {
		t.Fatalf("refit alpha %v, want %v; moves %+v", rf.Params.Alpha, cal.Params.Alpha, rf.Moves)
	}
	for _, mv := range rf.Moves {
		if mv.Param == "alpha" && (mv.Before != read.Params.Alpha || mv.After != cal.Params.Alpha) {
			t.Errorf("alpha move %+v", mv)
		}
		t.Logf("%s: %.6g → %.6g (%+.1f %%)", mv.Param, mv.Before, mv.After, mv.ChangePct)
	}
}

func TestMatchKeepsBothRunsAndLeavesOutWhatCannotScore(t *testing.T) {
	rec, _ := predict7P(t)
	ds := demo.Tables("a", "b", "c") // table C measures 7P again (after the merge)
	ms := ledger.MatchRuns([]ledger.Record{rec, rec}, ds.Points)
	if len(ms) != 1 {
		t.Fatalf("one record twice: %d matches", len(ms))
	}
	if len(ms[0].Runs) != 2 {
		t.Fatalf("runs %+v, want the local and the sweep 7P", ms[0].Runs)
	}
	if e, _ := ms[0].Runs[1].ErrorOf(model.TputPerGPU); e.Measured != 1014363 {
		t.Errorf("sweep 7P measured %v", e.Measured)
	}
	// A run dated before the prediction does not score it.
	pts := append([]model.Point(nil), ds.Points...)
	for i := range pts {
		if pts[i].ID == id7PC5540 {
			pts[i].Prov.Date = "2026-10-01"
		}
	}
	ms = ledger.MatchRuns([]ledger.Record{rec}, pts)
	if len(ms[0].Runs) != 1 || len(ms[0].Unscored) != 1 {
		t.Errorf("early run: runs %+v unscored %+v", ms[0].Runs, ms[0].Unscored)
	}
	// A fit point does not score a prediction of its own configuration.
	fitRec := rec
	fitRec.Config, fitRec.ID = id9PB160, "pred-fit"
	if ms := ledger.MatchRuns([]ledger.Record{fitRec}, ds.Points); len(ms[0].Runs) != 0 {
		t.Errorf("a fit point scored: %+v", ms[0].Runs)
	}
}

func TestARunThatDoesNotStateItsCapMatches(t *testing.T) {
	rec, _ := predict7P(t)
	pts := demo.Tables("b").Points
	var run model.Point
	for _, p := range pts {
		if p.ID == id7PC5540 {
			run = p
		}
	}
	run.Knobs.DecodeBS, run.ID = 0, "7p1d-dep2-dep16-c5540"
	ms := ledger.MatchRuns([]ledger.Record{rec}, []model.Point{run})
	if len(ms[0].Runs) != 1 || !ms[0].Runs[0].CapUnknown {
		t.Fatalf("runs %+v", ms[0].Runs)
	}
	// A run of another cap does not.
	run.Knobs.DecodeBS = 128
	if ms := ledger.MatchRuns([]ledger.Record{rec}, []model.Point{run}); len(ms[0].Runs) != 0 {
		t.Errorf("BS128 matched a BS96 prediction: %+v", ms[0].Runs)
	}
}

// Points of other curves, interleaved with the record's (a dashboard dump
// loaded beside the retune's runs), change nothing in the matches; no record
// matches nothing.
func TestMatchReadsOnlyTheRecordsCurves(t *testing.T) {
	rec, _ := predict7P(t)
	ds := demo.Tables("a", "b", "c")
	want := ledger.MatchRuns([]ledger.Record{rec}, ds.Points)
	var mixed []model.Point
	for i, p := range ds.Points {
		other := p
		other.Curve.Hardware = "b200"
		other.ID = p.ID + "@b200"
		if i%2 == 0 {
			mixed = append(mixed, other, p)
		} else {
			mixed = append(mixed, p, other)
		}
	}
	got := ledger.MatchRuns([]ledger.Record{rec}, mixed)
	if len(got) != 1 || len(got[0].Runs) != len(want[0].Runs) || len(got[0].Runs) != 2 {
		t.Fatalf("with other curves: %+v, alone %+v", got, want)
	}
	for i := range want[0].Runs {
		if got[0].Runs[i].ID != want[0].Runs[i].ID || got[0].Runs[i].Errors[0] != want[0].Runs[i].Errors[0] {
			t.Errorf("run %d: %+v, alone %+v", i, got[0].Runs[i], want[0].Runs[i])
		}
	}
	if ms := ledger.MatchRuns(nil, mixed); ms != nil {
		t.Errorf("no record: %+v", ms)
	}
}

// The scorecard groups by trust class and counts the runs inside the
// class's stated band; a record made before classes groups under "" with
// no band.
func TestScorecardByClass(t *testing.T) {
	rec, _ := predict7P(t)
	if rec.Class == "" {
		t.Fatal("a new record carries no class")
	}
	old := rec
	old.Class, old.ID = "", ""
	ds := demo.Tables("a", "b")
	sc := ledger.Score([]ledger.Record{rec, old}, ds.Points)
	if len(sc.ByClass) != 2 || sc.ByClass[0].Class != "" || sc.ByClass[0].Band != nil || sc.ByClass[1].Class != rec.Class {
		t.Fatalf("by class %+v", sc.ByClass)
	}
	b := sc.ByClass[1].Band
	if b == nil {
		t.Fatalf("class %s: no band", rec.Class)
	}
	e, _ := sc.Matched[0].Runs[0].ErrorOf(model.TputPerGPU)
	inside := 0
	if math.Abs(e.ErrPct) <= b.TputPct {
		inside = 1
	}
	if b.TputRuns != 1 || b.TputInside != inside || b.Tested == 0 {
		t.Errorf("band %+v for a %+.2f %% throughput error", b, e.ErrPct)
	}
}
