package workbench

import (
	"slices"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/model/columns"
	"github.com/sweeptune/sweeptune/model/numbering"
)

// prepareNumbered groups l's points by curve and numbers every curve's
// configurations from the load's numbering, as group and NumberConfigs
// would: the curves from their numbers, not a lookup of every point's
// key; the configurations and days from numbers (Numbers.ByCurve), not
// the knobs and dates read and hashed again (at a million points over 12
// curves the two were 1.3 s of CPU before the first table). No curve's
// facts are made here: the views the load makes make their curves' (a
// column of 83,000 points costs 40 ms), and the others come after the
// first frame (State.FactsJob), their configurations numbered already.
func prepareNumbered(l *Loaded, nums *numbering.Numbers) {
	keys := nums.Curves().Keys()
	sets, cfgs := nums.ByCurve() // each curve's points and configurations

	l.byCurve = make(map[model.CurveKey][]int, len(keys))
	l.competitor = map[model.CurveKey]bool{}
	l.curves = make([]model.CurveSummary, len(keys))
	for c, k := range keys {
		l.byCurve[k] = sets[c]
		if nums.Competitor(int32(c)) {
			l.competitor[k] = true
		}
		sum := model.CurveSummary{Key: k, Points: len(sets[c])}
		if days := cfgs[c].Days(); len(days) > 0 {
			sum.FirstDate, sum.LastDate = days[0], days[len(days)-1]
		}
		l.curves[c] = sum
	}
	slices.SortStableFunc(l.curves, func(a, b model.CurveSummary) int {
		switch {
		case model.KeyLess(a.Key, b.Key):
			return -1
		case model.KeyLess(b.Key, a.Key):
			return 1
		}
		return 0
	})

	l.cfgs = make(map[model.CurveKey]*numbering.Configs, len(keys))
	for c, k := range keys {
		l.cfgs[k] = &cfgs[c]
	}
	l.facts = make(map[model.CurveKey]*curveFacts, len(keys))
	l.spare = map[model.CurveKey]*curveFacts{} // filled after the first frame (State.SpareJob)
}

// fillFacts makes curve all[idx]'s facts in f, whose configurations are
// numbered and columns allocated (takeSpare).
func fillFacts(f *curveFacts, all []model.Point, idx []int) *curveFacts {
	columns.HotColumnInto(f.hot, f.ids, all, idx)
	f.hasRuns = anyNotSteady(f.hot)
	return f.withRuns(all, idx)
}
