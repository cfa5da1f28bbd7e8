package ledger

import (
	"slices"
	"strconv"
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/demo"
)

func TestConfigConcurrency(t *testing.T) {
	for cfg, want := range map[string]int{"7p1d-dep2-dep16-b96-c5540": 5540, "agg-tp4-c16": 16, "x-c12-c3": 3} {
		if c, ok := configConcurrency(cfg); !ok || c != want {
			t.Errorf("configConcurrency(%q) = %d, %v", cfg, c, ok)
		}
	}
	for _, cfg := range []string{"", "7p1d", "agg-tp4-c", "agg-c16x"} {
		if _, ok := configConcurrency(cfg); ok {
			t.Errorf("configConcurrency(%q) takes it", cfg)
		}
	}
}

// The candidates are the points of the records' curves at the records'
// concurrencies, in load order, with a few curves and with many.
func TestCandidateRuns(t *testing.T) {
	curve := func(hw string) model.CurveKey { return model.CurveKey{Model: "m", Hardware: hw} }
	var points []model.Point
	for i := range 40 {
		points = append(points, model.Point{Curve: curve([]string{"gb200", "gb300", "b200", "h200"}[i%4]),
			Knobs: model.Knobs{Concurrency: []int{16, 64}[i/4%2]}})
	}
	rec := func(hw string, conc int) Record {
		return Record{Curve: curve(hw), Config: "1p1d-tp4-tp8-c" + strconv.Itoa(conc)}
	}
	got := candidateRuns([]Record{rec("gb300", 64)}, points)
	var want []int
	for i, p := range points {
		if p.Curve.Hardware == "gb300" && p.Knobs.Concurrency == 64 {
			want = append(want, i)
		}
	}
	if len(got) != 5 || !slices.Equal(got, want) {
		t.Errorf("one record: %v, want %v", got, want)
	}
	var many []Record // past the few compared in turn
	for _, hw := range []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "gb300"} {
		many = append(many, rec(hw, 64))
	}
	if got := candidateRuns(many, points); !slices.Equal(got, want) {
		t.Errorf("ten records: %v, want %v", got, want)
	}
	// a record that states its cap also reads its runs that do not
	capped := rec("b200", 16)
	capped.Config = "1p1d-tp4-tp8-b64-c16"
	capped.Knobs.DecodeBS, capped.Knobs.Concurrency = 64, 16
	if got := candidateRuns([]Record{capped}, points); len(got) != 5 || points[got[0]].Curve.Hardware != "b200" {
		t.Errorf("capped: %v", got)
	}
}

// A refit with none of its record's fit points loaded and no run it can
// use falls back on its own curve's default fit, never another curve's
// (ChooseFit over the whole load took the largest curve of all).
func TestRefitWithNothingNamedStaysOnItsCurve(t *testing.T) {
	demoPts := demo.Tables("a", "b").Points
	c := demoPts[0].Curve
	all := append([]model.Point(nil), demoPts...)
	for round := range 3 { // a larger curve of another hardware
		for _, p := range demoPts {
			q := p
			q.Curve.Hardware = "b200"
			q.ID = p.ID + "@b200-" + strconv.Itoa(round)
			all = append(all, q)
		}
	}
	m := Match{Record: Record{ID: "pred-x", Curve: c, Fit: Fit{IDs: []string{"not-loaded"}}},
		Runs: []Run{{ID: demoPts[0].ID, Projected: true}}}
	rfs := refits([]Match{m}, all)
	if len(rfs) != 1 || len(rfs[0].Missing) != 1 {
		t.Fatalf("refits %+v", rfs)
	}
	rf := rfs[0]
	if rf.Err != "" || len(rf.Points) == 0 {
		t.Fatalf("refit %+v", rf)
	}
	for _, id := range rf.Points {
		if i := model.FindID(all, id); i < 0 || all[i].Curve != c {
			t.Errorf("refit point %s is not on %v", id, c)
		}
	}
}
