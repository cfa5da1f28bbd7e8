package sources

import (
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/model/numbering"
)

// keptNumbers is the load's numbering of its points (Options.KeepNumbers)
// and which array, of how many points, it numbered.
type keptNumbers struct {
	numbers *numbering.Numbers
	first   *model.Point
	n       int
}

// Numbers is the load's numbering of points' curves, configurations and
// days (Options.KeepNumbers), when points is still the array it numbered,
// of as many points (published results added since, or the points
// copied, and it is not), and no point's curve, knobs, source or date has
// changed since.
func (d *Dataset) Numbers(points []model.Point) (*numbering.Numbers, bool) {
	if d == nil {
		return nil, false
	}
	k := d.numbers
	if k == nil || len(points) == 0 || k.n != len(points) || k.n != k.numbers.Len() || k.first != &points[0] {
		return nil, false
	}
	return k.numbers, true
}
