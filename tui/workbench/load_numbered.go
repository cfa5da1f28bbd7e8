package workbench

import (
	"slices"

	"github.com/sweeptune/sweeptune/internal/par"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/model/columns"
	"github.com/sweeptune/sweeptune/model/numbering"
)

// prepareNumbered groups l's points by curve and makes the large curves'
// facts from the load's numbering, as group and factsOf would: the curves
// from their numbers, not a lookup of every point's key; the
// configurations and days from numbers (Numbers.ConfigsOf), not the knobs
// and dates read and hashed again; and the large curves' columns in one
// pass over the points in their order, where factsOf reads each curve's
// points a curve's stride apart (at a million points over 12 curves the
// three were 1.6 s of CPU before the first table).
func prepareNumbered(l *Loaded, nums *numbering.Numbers) {
	pts, curveOf, keys := l.points, nums.Curves().Of(), nums.Curves().Keys()
	sets := make([][]int, len(keys))
	count := make([]int, len(keys))
	for _, c := range curveOf {
		count[c]++
	}
	for c := range sets {
		sets[c] = make([]int, 0, count[c])
	}
	for i, c := range curveOf {
		sets[c] = append(sets[c], i)
	}
	cfgs := nums.ConfigsOf(sets)

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

	// The large curves' columns, in one pass over the points in two
	// halves (each starts its curves where the first half ends them).
	slot := make([]int32, len(keys)) // per curve: its place among the large ones, -1 for a small one
	var big []int32
	for c, set := range sets {
		slot[c] = -1
		if len(set) >= factsAtLoadMin {
			slot[c] = int32(len(big))
			big = append(big, int32(c))
		}
	}
	l.facts = make(map[model.CurveKey]*curveFacts, len(keys))
	if len(big) == 0 {
		return
	}
	facts := make([]*curveFacts, len(big))
	for s, c := range big {
		facts[s] = &curveFacts{cfg: cfgs[c], hot: make([]columns.Hot, len(sets[c])), ids: make([]string, len(sets[c]))}
	}
	mid := len(pts) / 2
	startA, startB := make([]int32, len(keys)), make([]int32, len(keys))
	for _, c := range curveOf[:mid] {
		startB[c]++
	}
	runsA, runsB := make([]bool, len(big)), make([]bool, len(big))
	par.Do(
		func() { columnsOf(pts, curveOf, 0, mid, slot, startA, facts, runsA) },
		func() { columnsOf(pts, curveOf, mid, len(pts), slot, startB, facts, runsB) },
	)
	fns := make([]func(), len(big))
	for s, c := range big {
		facts[s].hasRuns = runsA[s] || runsB[s]
		fns[s] = func() { facts[s].withRuns(pts, sets[c]) }
	}
	par.Do(fns...)
	for s, c := range big {
		l.facts[keys[c]] = facts[s]
	}
}

// columnsOf fills the large curves' columns (facts, by slot) from
// pts[lo:hi], each curve's next place in at, and notes in runs which
// curves have a run to project.
func columnsOf(pts []model.Point, curveOf []int32, lo, hi int, slot, at []int32, facts []*curveFacts, runs []bool) {
	for i := lo; i < hi; i++ {
		c := curveOf[i]
		s := slot[c]
		if s < 0 {
			continue
		}
		k := at[c]
		at[c]++
		p := &pts[i]
		f := facts[s]
		f.hot[k], f.ids[k] = columns.HotOf(p), p.ID
		if !runs[s] && notSteady(p.Prov.DurationS) {
			runs[s] = true
		}
	}
}
