package workbench

import (
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/model/columns"
)

// A large curve's columns are allocated after the first frame, before the
// collection that ends the load (tui's settle), and filled when its facts
// are made (takeSpare): their memory is then counted in that collection,
// and the heap's next goal is where it would be had the load made them.
// Made after it, they brought the next collections 150 MB sooner, onto
// the keys; made before the first frame, zeroing them was 0.1 s of CPU
// before the first table at a million points.

// Spares are the columns SpareJob allocated, for AdoptSpares.
type Spares struct {
	gen    uint64
	curves []model.CurveKey
	facts  []*curveFacts
}

// SpareJob allocates, off the UI goroutine, the columns of every curve of
// factsAtLoadMin points or more whose facts are not made, while the points
// are the load's alone (numbered by it). ok is false when there are none.
func (s *State) SpareJob() (job func() *Spares, ok bool) {
	s.All()
	if s.cfgs == nil || s.prep == nil || s.prep.spare == nil {
		return nil, false
	}
	sp := &Spares{gen: s.dataGen}
	var sizes []int
	for _, c := range s.Curves {
		k := c.Key
		n := len(s.byCurve[k])
		if _, made := s.facts[k]; made || n < factsAtLoadMin || s.cfgs[k] == nil || s.prep.spare[k] != nil {
			continue
		}
		sp.curves = append(sp.curves, k)
		sizes = append(sizes, n)
	}
	if len(sp.curves) == 0 {
		return nil, false
	}
	cfgs := make([]*curveFacts, len(sp.curves))
	for i, k := range sp.curves {
		cfgs[i] = &curveFacts{cfg: *s.cfgs[k]} // copied here, on the UI goroutine
	}
	return func() *Spares {
		for i, f := range cfgs {
			f.hot, f.ids = make([]columns.Hot, sizes[i]), make([]string, sizes[i])
		}
		sp.facts = cfgs
		return sp
	}, true
}

// AdoptSpares keeps the columns of the curves whose facts are still not
// made, unless the data changed since SpareJob.
func (s *State) AdoptSpares(sp *Spares) {
	if sp == nil || sp.gen != s.dataGen || s.all == nil || s.prep == nil || s.prep.spare == nil {
		return
	}
	for i, k := range sp.curves {
		if _, made := s.facts[k]; !made {
			s.prep.spare[k] = sp.facts[i]
		}
	}
}

// takeSpare is curve k's columns allocated after the load (SpareJob) and
// no one filled yet, while the points are the load's alone (nil
// otherwise); the caller fills them (fillFacts), no one else.
func (s *State) takeSpare(k model.CurveKey) *curveFacts {
	if s.cfgs == nil || s.prep == nil {
		return nil
	}
	return s.prep.takeSpare(k)
}

// takeSpare is curve k's columns allocated after the load and not filled
// yet (nil: none); the caller fills them (fillFacts), no one else.
func (l *Loaded) takeSpare(k model.CurveKey) *curveFacts {
	f := l.spare[k]
	delete(l.spare, k)
	return f
}
