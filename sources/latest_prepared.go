package sources

import "github.com/sweeptune/sweeptune/model"

// preparedLatest is model.LatestIndex of the points as the load left them
// (Options.PrepareLatest): which array, how many points, as of when.
type preparedLatest struct {
	first  *model.Point
	n      int
	asOf   string
	idx    []int
	curves *model.CurveNumbering // the points' curves, as the load numbered them
}

func newPreparedLatest(points []model.Point, asOf string, idx []int, curves *model.CurveNumbering) *preparedLatest {
	pl := &preparedLatest{n: len(points), asOf: asOf, idx: idx, curves: curves}
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
	pl := d.latest
	if pl == nil || pl.asOf != asOf || pl.n != len(d.Points) {
		return nil, nil, false
	}
	if pl.n > 0 && pl.first != &d.Points[0] {
		return nil, nil, false
	}
	return pl.idx, pl.curves, true
}
