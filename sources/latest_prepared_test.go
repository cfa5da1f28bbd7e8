package sources

import (
	"os"
	"path/filepath"
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
	if scan, ok := ds.PreparedRuns(); !ok || !reflect.DeepEqual(model.ProjectScannedRuns(ds.Points, scan), model.ProjectRuns(ds.Points)) {
		t.Errorf("prepared run scan %v: not ProjectRuns'", ok)
	}
	if _, _, ok := ds.PreparedLatest(""); ok {
		t.Error("prepared as of one date, given for another")
	}
	ds.Points = append(ds.Points[:len(ds.Points):len(ds.Points)], ds.Points[0])
	if _, _, ok := ds.PreparedLatest(asOf); ok {
		t.Error("given for points added to since")
	}
	if _, ok := ds.PreparedRuns(); ok {
		t.Error("run scan given for points added to since")
	}
	ds.Points = append([]model.Point(nil), ds.Points[:len(ds.Points)-1]...)
	if _, _, ok := ds.PreparedLatest(asOf); ok {
		t.Error("given for another array of as many points")
	}
	if _, _, ok := LoadBytes("rows.json", synth.Rows(100, 2), Options{}).PreparedLatest(""); ok {
		t.Error("given when not asked for")
	}
}

// Every measurement the load prepares (--all-dates) is DatedIndex of its
// points, given for that view and date only.
func TestPreparedDated(t *testing.T) {
	const asOf = "2026-11-20"
	ds := LoadBytes("rows.json", synth.Rows(concurrentFinishMin+5000, 12), Options{PrepareLatest: true, LatestAsOf: asOf, LatestAllDates: true})
	idx, curves, ok := ds.PreparedDated(asOf)
	want := model.DatedIndex(ds.Points, asOf)
	if !ok || !reflect.DeepEqual(idx, want) || len(want) == 0 || len(want) == len(ds.Points) {
		t.Fatalf("prepared %v: %d points, DatedIndex %d of %d", ok, len(idx), len(want), len(ds.Points))
	}
	if !reflect.DeepEqual(curves, model.NumberCurves(ds.Points)) {
		t.Error("the prepared numbering is not the points' curves")
	}
	if _, _, ok := ds.PreparedLatest(asOf); ok {
		t.Error("every measurement given as the latest")
	}
	if _, _, ok := ds.PreparedDated(""); ok {
		t.Error("prepared as of one date, given for another")
	}
}

// The run scan the load prepares beside the naming gives the projections
// ProjectRuns gives, on the demo's runs of two lengths.
func TestPreparedRunsProject(t *testing.T) {
	paths, _ := filepath.Glob(filepath.Join("demo", "*.yaml"))
	var names []string
	var data [][]byte
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		names, data = append(names, p), append(data, b)
	}
	ds := LoadFiles(names, data, Options{PrepareLatest: true})
	scan, ok := ds.PreparedRuns()
	if !ok {
		t.Fatal("no run scan prepared")
	}
	got, want := model.ProjectScannedRuns(ds.Points, scan), model.ProjectRuns(ds.Points)
	if len(want) == 0 || len(want[0].Factors)+len(want[0].Projected)+len(want[0].Superseded)+len(want[0].Unprojected) == 0 {
		t.Fatalf("the demo projects no run: the test checks nothing (%d projections)", len(want))
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("from the scan %+v, ProjectRuns %+v", got, want)
	}
}
