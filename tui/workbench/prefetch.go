package workbench

import (
	"slices"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/model/numbering"
)

// Views are made ahead, off the UI goroutine, for the keys likely next
// (the neighbouring curves of ] and [): a ViewJob captures what a view is
// made of (the loaded points and the curve's indices, never written once
// made, and the settings), Run makes it anywhere, and Adopt, back on the
// UI goroutine, keeps it unless the data changed meanwhile. A key then
// finds its view made.

// ViewJob is one curve's view to make.
type ViewJob struct {
	key   viewKey
	gen   uint64
	all   []model.Point
	idx   []int
	facts *curveFacts        // the curve's, nil when not made yet
	cfg   *numbering.Configs // its configurations as the load numbered them, or nil
}

// Prepared is a view a ViewJob made, to Adopt.
type Prepared struct {
	key   viewKey
	gen   uint64
	entry *viewEntry
	facts *curveFacts
}

// Curve is the prepared view's curve.
func (p *Prepared) Curve() model.CurveKey { return p.key.curve }

// Points are the prepared view's points by reference (do not modify).
func (p *Prepared) Points() []*model.Point { return p.entry.refs }

// Projections are the prepared view's run-length projections.
func (p *Prepared) Projections() []model.Projection { return p.entry.projs }

// ViewJob is the job making curve k's view under the shown as-of and
// suspect setting; ok is false when it is made already (or k is no
// curve).
func (s *State) ViewJob(k model.CurveKey) (ViewJob, bool) {
	return s.ViewJobAt(k, s.AsOf, s.AllDates)
}

// ViewJobAt is ViewJob as of another date (or every run).
func (s *State) ViewJobAt(k model.CurveKey, asOf string, allDates bool) (ViewJob, bool) {
	s.All()
	key := viewKey{k, asOf, allDates, s.IncludeSuspect}
	idx, known := s.byCurve[k]
	if _, ok := s.views[key]; ok || !known {
		return ViewJob{}, false
	}
	return ViewJob{key: key, gen: s.dataGen, all: s.all, idx: idx, facts: s.facts[k], cfg: s.cfgOf(k)}, true
}

// Run makes the view; it touches no state.
func (j ViewJob) Run() *Prepared {
	f := j.facts
	if f == nil {
		f = factsNumbered(j.all, j.idx, j.cfg)
	}
	e := packed(viewFrom(j.all, j.idx, j.key, f, nil))
	return &Prepared{key: j.key, gen: j.gen, entry: e, facts: f}
}

// Adopt keeps a prepared view and returns its serial; ok is false when
// the data changed since its job was taken. A view made meanwhile on the
// UI goroutine wins (panes may hold it).
func (s *State) Adopt(p *Prepared) (serial uint64, ok bool) {
	if p == nil || p.gen != s.dataGen || s.all == nil {
		return 0, false
	}
	s.keepFacts(p.key.curve, p.facts)
	if e, ok := s.views[p.key]; ok {
		return e.serial, true // made from the same inputs: the same view
	}
	return s.keepView(p.key, p.entry).serial, true
}

// Neighbours are the curves ] and [ would show (none with fewer than two
// curves; one with two).
func (s *State) Neighbours() []model.CurveKey {
	n := len(s.Curves)
	if n < 2 {
		return nil
	}
	i := max(s.CurveIndex(), 0)
	next, prev := s.Curves[(i+1)%n].Key, s.Curves[(i+n-1)%n].Key
	if next == prev {
		return []model.CurveKey{next}
	}
	return []model.CurveKey{next, prev}
}

// NextY and NextX are the axes y and x would show.
func (s *State) NextY() model.Axis { return step(s.YAxesWithData(), s.Y, 1) }
func (s *State) NextX() model.Axis { return step(s.XAxesWithData(), s.X, 1) }

// Made is curve k's view under the shown settings when it is made: its
// points (by reference: do not modify them), projections and serial.
func (s *State) Made(k model.CurveKey) (pts []*model.Point, projs []model.Projection, serial uint64, ok bool) {
	return s.MadeAt(k, s.AsOf, s.AllDates)
}

// MadeAt is Made as of another date (or every run).
func (s *State) MadeAt(k model.CurveKey, asOf string, allDates bool) (pts []*model.Point, projs []model.Projection, serial uint64, ok bool) {
	e, ok := s.views[viewKey{k, asOf, allDates, s.IncludeSuspect}]
	if !ok {
		return nil, nil, 0, false
	}
	return e.refs, e.projs, e.serial, true
}

// Room reports whether curve k's view fits the cache without dropping
// the views used since the shown view was last left (the shown one and
// those made ahead of it since) or those of the curves ] and [ show
// (never dropped: counted out, views made two curves away dropped each
// other, made again and again): views made ahead stop there, and replace
// only views of earlier moves, the least recent first. The curves ] and
// [ show always have room (the bound leaves it, and their views are
// never dropped for others): a view planned before a ] and made after it
// counted as in play, and left the new neighbour no room (at 1M × 12,
// every run, the ] after it made its view on the key: 24 ms).
func (s *State) Room(k model.CurveKey) bool {
	near := s.Neighbours()
	if slices.Contains(near, k) {
		return true
	}
	inPlay := 0
	for vk, e := range s.views {
		if e.used > s.leftAt || s.nearView(near, vk, e) { // what dropping would spare
			inPlay += len(e.refs)
		}
	}
	return inPlay+len(s.byCurve[k]) <= s.maxCachedPoints()
}

// Live reports whether a view with the serial is kept (a pane may drop
// what it derived from views no longer kept).
func (s *State) Live(serial uint64) bool {
	if s.view != nil && s.view.serial == serial {
		return true
	}
	for _, e := range s.views {
		if e.serial == serial {
			return true
		}
	}
	return false
}
