package sources

import (
	"reflect"
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/synth"
)

// The latest the load prepares is LatestIndex of its points, and only
// while they are the points it was found on.
func TestPreparedLatest(t *testing.T) {
	const asOf = "2026-11-20"
	ds := LoadBytes("rows.json", synth.Rows(concurrentFinishMin+5000, 12), Options{PrepareLatest: true, LatestAsOf: asOf})
	idx, curves, ok := ds.PreparedLatest(asOf)
	want := model.LatestIndex(ds.Points, asOf)
	if !ok || !reflect.DeepEqual(idx, want) || len(want) == 0 || len(want) == len(ds.Points) {
		t.Fatalf("prepared %v: %d points, LatestIndex %d of %d", ok, len(idx), len(want), len(ds.Points))
	}
	if !reflect.DeepEqual(curves, model.NumberCurves(ds.Points)) {
		t.Error("the prepared numbering is not the points' curves")
	}
	if _, _, ok := ds.PreparedLatest(""); ok {
		t.Error("prepared as of one date, given for another")
	}
	ds.Points = append(ds.Points[:len(ds.Points):len(ds.Points)], ds.Points[0])
	if _, _, ok := ds.PreparedLatest(asOf); ok {
		t.Error("given for points added to since")
	}
	ds.Points = append([]model.Point(nil), ds.Points[:len(ds.Points)-1]...)
	if _, _, ok := ds.PreparedLatest(asOf); ok {
		t.Error("given for another array of as many points")
	}
	if _, _, ok := LoadBytes("rows.json", synth.Rows(100, 2), Options{}).PreparedLatest(""); ok {
		t.Error("given when not asked for")
	}
}
