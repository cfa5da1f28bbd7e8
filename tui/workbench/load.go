package workbench

import (
	"maps"
	"slices"
	"sync"

	"github.com/sweeptune/sweeptune/internal/par"
	"github.com/sweeptune/sweeptune/internal/strindex"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/model/numbering"
)

// A load is made ready off the UI goroutine: Prepare derives the points'
// metrics and indexes them (IDs, curves), and may make the view the
// workbench will show first; SetLoaded then only installs it, so the
// first frame after a load costs what the shown curve costs, not what a
// million points do.

// Loaded is a load prepared by Prepare.
type Loaded struct {
	points  []model.Point
	specs   model.GPUSpecs
	index   *strindex.Index // ID → first index into points
	byCurve map[model.CurveKey][]int
	curves  []model.CurveSummary
	// competitor: the curves with a competitor's point (State.hasCompetitor)
	competitor map[model.CurveKey]bool
	views      map[viewKey]*viewEntry
	facts      map[model.CurveKey]*curveFacts
	// cfgs are the curves' configurations from the load's numbering
	// (prepareNumbered), nil without one.
	cfgs map[model.CurveKey]*numbering.Configs
	// spare are the large curves' columns allocated after the first frame
	// (State.SpareJob), not filled yet (takeSpare); nil without the load's
	// numbering.
	spare map[model.CurveKey]*curveFacts
}

// Prepare derives the points' tput-per-mw and cost-per-mtok from specs
// (in place: the points are the load's own) and indexes them. It touches
// no state.
func Prepare(pts []model.Point, specs model.GPUSpecs) *Loaded {
	return PrepareNumbered(pts, specs, nil)
}

// PrepareNumbered is Prepare with the load's numbering of the points
// (sources.Dataset.Numbers; nil: none): the points are grouped and their
// curves' configurations numbered from it (prepareNumbered), and their
// IDs are indexed after the first frame (State.IndexJob; a million IDs
// are 0.15 s of CPU), with the same result.
func PrepareNumbered(pts []model.Point, specs model.GPUSpecs, nums *numbering.Numbers) *Loaded {
	l := &Loaded{points: pts, specs: specs}
	if nums != nil && nums.Len() == len(pts) {
		model.DeriveByCurve(pts, nums.Curves().Of(), nums.Curves().Keys(), specs)
		prepareNumbered(l, nums)
		return l
	}
	model.Derive(pts, specs)
	// The ID index is made beside the grouping and the facts, which read
	// the points only.
	var indexed sync.WaitGroup
	indexed.Go(func() { l.index = indexIDs(pts) })
	defer indexed.Wait()
	l.byCurve, l.curves, l.competitor = group(pts)
	// The facts of a large curve are made here: on a key that outran the
	// work ahead they cost 90 ms at 83,000 points. A small curve's are
	// made with the views the load makes (MakeViews) or after the first
	// frame (State.FactsJob): at a million points over 1,000 curves every
	// curve's facts were 1.1 s of CPU before the first table, and a key
	// makes one such curve's in about a millisecond.
	var big []model.CurveKey
	for _, c := range l.curves {
		if len(l.byCurve[c.Key]) >= factsAtLoadMin {
			big = append(big, c.Key)
		}
	}
	facts := make([]*curveFacts, len(big))
	fns := make([]func(), len(big))
	for i, k := range big {
		fns[i] = func() { facts[i] = factsOf(pts, l.byCurve[k]) }
	}
	par.Do(fns...) // each curve's on the first core free: they read only the points
	l.facts = make(map[model.CurveKey]*curveFacts, len(l.curves))
	for i, k := range big {
		l.facts[k] = facts[i]
	}
	return l
}

// factsAtLoadMin is the point count from which a curve's facts are made
// by the load.
const factsAtLoadMin = 20000

// Choose is the curve SetLoaded will show: want when the load has it,
// else the one with most points of its own (settleCurve's choice).
func (l *Loaded) Choose(want model.CurveKey) model.CurveKey {
	if _, ok := l.byCurve[want]; ok && len(l.curves) > 0 {
		return want
	}
	return defaultOf(l.points, l.byCurve, l.curves, l.competitor)
}

// MakeView makes curve k's view under the settings (as-of, every run,
// suspect), for SetLoaded to keep; it returns its points (by reference:
// do not modify them) and projections.
func (l *Loaded) MakeView(k model.CurveKey, asOf string, allDates, suspect bool) ([]*model.Point, []model.Projection) {
	key := viewKey{k, asOf, allDates, suspect}
	e, ok := l.views[key]
	if !ok {
		f, ok := l.facts[k]
		if !ok { // derived again with other specs since
			f = l.factsOf(k)
			if l.facts == nil {
				l.facts = map[model.CurveKey]*curveFacts{}
			}
			l.facts[k] = f
		}
		e = packed(viewFrom(l.points, l.byCurve[k], key, f, nil))
		if l.views == nil {
			l.views = map[viewKey]*viewEntry{}
		}
		l.views[key] = e
	}
	return e.refs, e.projs
}

// SetLoaded installs a prepared load, as SetPoints does; the views it
// made are kept (when the GPU specs are still those it derived with).
func (s *State) SetLoaded(l *Loaded) {
	if !maps.Equal(s.Specs, l.specs) {
		model.Derive(l.points, s.Specs)
		l.views, l.facts = nil, nil // made with other metrics
	}
	s.Points = l.points
	s.LoadRev++
	s.prep = l
	s.dataChanged()
	s.All()
	if len(s.Planned) == 0 {
		for k, f := range l.facts {
			s.keepFacts(k, f)
		}
	}
	for k, e := range l.views {
		if _, ok := s.views[k]; !ok && len(s.Planned) == 0 {
			s.keepView(k, e)
		}
	}
	s.settleCurve()
}

// Serial is the serial of curve k's view under the shown settings, made
// already, or 0.
func (s *State) Serial(k model.CurveKey) uint64 {
	if e, ok := s.views[viewKey{k, s.AsOf, s.AllDates, s.IncludeSuspect}]; ok {
		return e.serial
	}
	return 0
}

// group indexes points by curve and summarises each curve, in
// model.KeyLess order; a run of points on one curve costs one lookup.
func group(pts []model.Point) (map[model.CurveKey][]int, []model.CurveSummary, map[model.CurveKey]bool) {
	by := make(map[model.CurveKey][]int)
	competitor := map[model.CurveKey]bool{} // the curves with a competitor's point
	var keys []model.CurveKey
	var last model.CurveKey
	var run []int
	flush := func() {
		if run != nil {
			by[last] = run
		}
	}
	for i := range pts {
		k := pts[i].Curve
		if run == nil || k != last {
			flush()
			var ok bool
			if run, ok = by[k]; !ok {
				keys = append(keys, k)
				run = []int{}
			}
			last = k
		}
		run = append(run, i)
		if pts[i].Source == model.SourceCompetitor && !competitor[k] {
			competitor[k] = true
		}
	}
	flush()
	slices.SortStableFunc(keys, func(a, b model.CurveKey) int {
		switch {
		case model.KeyLess(a, b):
			return -1
		case model.KeyLess(b, a):
			return 1
		}
		return 0
	})
	curves := make([]model.CurveSummary, len(keys))
	for ci, k := range keys {
		sum := model.CurveSummary{Key: k}
		for _, i := range by[k] {
			sum.Count(pts[i].Prov.Date)
		}
		curves[ci] = sum
	}
	return by, curves, competitor
}

// defaultOf is the curve with most points not a competitor's.
// A curve without a competitor's point (competitor) counts all its points
// without reading them (at a million points, 40 ms of reading a page apart).
func defaultOf(all []model.Point, by map[model.CurveKey][]int, curves []model.CurveSummary, competitor map[model.CurveKey]bool) model.CurveKey {
	best, bestN := model.CurveKey{}, -1
	for _, c := range curves {
		n := len(by[c.Key])
		if competitor[c.Key] {
			n = 0
			for _, i := range by[c.Key] {
				if all[i].Source != model.SourceCompetitor {
					n++
				}
			}
		}
		if n > bestN {
			best, bestN = c.Key, n
		}
	}
	return best
}

// indexIDs indexes the points' IDs, each to the first point of it.
func indexIDs(pts []model.Point) *strindex.Index {
	return strindex.New(len(pts), func(i int) string { return pts[i].ID })
}

// factsOf makes curve k's facts, in the columns the load allocated for
// them when it did.
func (l *Loaded) factsOf(k model.CurveKey) *curveFacts {
	if sp := l.takeSpare(k); sp != nil {
		return fillFacts(sp, l.points, l.byCurve[k])
	}
	return factsNumbered(l.points, l.byCurve[k], cfgOf(l.cfgs, k))
}
