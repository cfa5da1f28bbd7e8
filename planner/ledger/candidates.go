package ledger

import (
	"slices"
	"strconv"
	"strings"

	"github.com/sweeptune/sweeptune/model"
)

// candidateRuns are the indexes, in load order, of the points a record
// can match: on a record's curve, at a concurrency it names (its config's,
// or its knobs' for a run that does not state its cap). A configuration's
// ID ends in its concurrency (model.Knobs.BaseID), so no other point has
// the ID a record looks for. The workbench scores on every load, a million
// points of other curves and concurrencies among them: each point costs a
// comparison, not an ID built and hashed and a copy (that took seconds).
func candidateRuns(records []Record, points []model.Point) []int {
	type curveConc struct {
		curve model.CurveKey
		conc  int
	}
	curves := map[model.CurveKey]bool{}
	wanted := map[curveConc]bool{}
	for i := range records {
		r := &records[i]
		curves[r.Curve] = true
		if c, ok := configConcurrency(r.Config); ok {
			wanted[curveConc{r.Curve, c}] = true
		}
		if r.Knobs.DecodeBS > 0 {
			wanted[curveConc{r.Curve, r.Knobs.Concurrency}] = true
		}
	}
	// A few curves are compared in turn, more looked up; a stretch of one
	// curve's points is judged once.
	var few []model.CurveKey
	if len(curves) <= 8 {
		for c := range curves {
			few = append(few, c)
		}
	}
	onCurve := func(c *model.CurveKey) bool {
		if few == nil {
			return curves[*c]
		}
		for i := range few {
			if few[i] == *c {
				return true
			}
		}
		return false
	}
	// The concurrency is tested first: an integer, and most points fail it.
	concs := map[int]bool{}
	for k := range wanted {
		concs[k.conc] = true
	}
	var out []int
	var last model.CurveKey
	lastOn, seen := false, false
	for i := range points {
		p := &points[i]
		if !concs[p.Knobs.Concurrency] {
			continue
		}
		if !seen || p.Curve != last {
			last, lastOn, seen = p.Curve, onCurve(&p.Curve), true
		}
		if lastOn && wanted[curveConc{p.Curve, p.Knobs.Concurrency}] {
			out = append(out, i)
		}
	}
	return out
}

// configConcurrency is the concurrency a configuration ID ends in
// ("7p1d-dep2-dep16-b96-c5540": 5540); false when it ends in none, and no
// point's ID is then that configuration.
func configConcurrency(config string) (int, bool) {
	i := strings.LastIndex(config, "-c")
	if i < 0 {
		return 0, false
	}
	c, err := strconv.Atoi(config[i+2:])
	return c, err == nil
}

// projectedAt gives a candidate as the scorecard reads it: projected to
// full length when its curve's run-length factors project it
// (model.ProjectRuns over the curve's points), else as loaded. Only a run
// of known length can be projected: the curves of the others are not read
// again.
func projectedAt(points []model.Point, cand []int) func(i int) *model.Point {
	var again []model.CurveKey
	for _, i := range cand {
		p := &points[i]
		if p.Prov.DurationS > 0 && !slices.Contains(again, p.Curve) {
			again = append(again, p.Curve)
		}
	}
	projected := map[int]*model.Point{}
	for _, c := range again {
		var idx []int
		for i := range points {
			if points[i].Curve == c {
				idx = append(idx, i)
			}
		}
		// model.ApplyProjection's rule: a run's projection by its ID on its curve
		repl := map[string]*model.Point{}
		for _, pr := range model.ProjectRunsOf(points, idx) {
			for j := range pr.Projected {
				repl[pr.Projected[j].ID] = &pr.Projected[j].Point
			}
		}
		for _, i := range cand {
			if p, ok := repl[points[i].ID]; ok && points[i].Curve == c && p.Curve == c {
				projected[i] = p
			}
		}
	}
	return func(i int) *model.Point {
		if p, ok := projected[i]; ok {
			return p
		}
		return &points[i]
	}
}
