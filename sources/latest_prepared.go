package sources

import "github.com/sweeptune/sweeptune/model"

// preparedLatest is model.LatestIndex of the points as the load left them
// (Options.PrepareLatest): which array, how many points, as of when; and
// their run scan (model.ScanRuns), whatever the date.
type preparedLatest struct {
	first  *model.Point
	n      int
	asOf   string
	all    bool // idx is every measurement on or before asOf (model.DatedIndex)
	idx    []int
	curves *model.CurveNumbering // the points' curves, as the load numbered them
	runs   *model.RunScan
}

func newPreparedLatest(points []model.Point, asOf string, all bool, idx []int, curves *model.CurveNumbering, runs *model.RunScan) *preparedLatest {
	pl := &preparedLatest{n: len(points), asOf: asOf, all: all, idx: idx, curves: curves, runs: runs}
	if len(points) > 0 {
		pl.first = &points[0]
	}
	return pl
}

// PreparedLatest is model.LatestIndex(d.Points, asOf) as the load found it
// (Options.PrepareLatest), while d.Points is still the array it was found
// on, of as many points; false when it was not prepared, or for another
// date, or the points have changed since (published results added). The
// curves are the points' curves as the load numbered them, for as long as
// no curve is changed.
func (d *Dataset) PreparedLatest(asOf string) ([]int, *model.CurveNumbering, bool) {
	return d.preparedIndex(asOf, false)
}

// PreparedDated is model.DatedIndex(d.Points, asOf) as the load found it
// (Options.LatestAllDates), under PreparedLatest's conditions.
func (d *Dataset) PreparedDated(asOf string) ([]int, *model.CurveNumbering, bool) {
	return d.preparedIndex(asOf, true)
}

func (d *Dataset) preparedIndex(asOf string, all bool) ([]int, *model.CurveNumbering, bool) {
	pl := d.prepared()
	if pl == nil || pl.asOf != asOf || pl.all != all {
		return nil, nil, false
	}
	return pl.idx, pl.curves, true
}

// PreparedRuns is model.ScanRuns(d.Points) as the load found it (beside
// the naming, Options.PrepareLatest), while d.Points is still the array
// it was found on; false otherwise.
func (d *Dataset) PreparedRuns() (*model.RunScan, bool) {
	pl := d.prepared()
	if pl == nil || pl.runs == nil {
		return nil, false
	}
	return pl.runs, true
}

// prepared is what the load prepared, nil when d.Points is no longer the
// array, of as many points, it was prepared on.
func (d *Dataset) prepared() *preparedLatest {
	pl := d.latest
	if pl == nil || pl.n != len(d.Points) || pl.n > 0 && pl.first != &d.Points[0] {
		return nil
	}
	return pl
}
