package sources

import (
	"reflect"
	"runtime"
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/model/numbering"
	"github.com/sweeptune/sweeptune/sources/synth"
)

// Marking and naming at once gives what one after the other gives: the
// same IDs and the same suspects (run with -race, it also checks that the
// two steps share no field they write).
func TestMarkAndNameAtOnce(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("one core: the steps run one after the other")
	}
	ds := &Dataset{}
	parseAPIRows("rows.json", synth.Rows(concurrentFinishMin+5000, 12), ds)
	// Some points suspect by their run's health before the curve rule.
	for i := 0; i < len(ds.Points); i += 97 {
		ds.Points[i].Suspicion = &model.Suspicion{Rule: "health", Why: "failed requests"}
	}
	seq := append([]model.Point(nil), ds.Points...)
	model.MarkImplausible(seq)
	model.AssignIDs(seq)
	var latest []int
	markAndName(ds.Points, nil, func(curves *model.CurveNumbering, facts *numbering.NamingFacts) {
		latest = numbering.LatestIndexFrom(ds.Points, facts, curves, "2026-11-20")
	}, true)
	if !reflect.DeepEqual(ds.Points, seq) {
		t.Fatal("marking and naming at once differs from one after the other")
	}
	if want := model.LatestIndex(seq, "2026-11-20"); !reflect.DeepEqual(latest, want) || len(want) == len(seq) || len(want) == 0 {
		t.Fatalf("the latest found alongside: %d points, after: %d of %d", len(latest), len(want), len(seq))
	}
	suspects := 0
	for i := range seq {
		if seq[i].Suspicion != nil && seq[i].Suspicion.Rule != "health" {
			suspects++
		}
	}
	if suspects == 0 {
		t.Fatal("no point marked implausible: the test checks nothing")
	}
}
