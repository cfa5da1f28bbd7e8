package workbench

import (
	"slices"

	"github.com/sweeptune/sweeptune/internal/par"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/model/columns"
	"github.com/sweeptune/sweeptune/model/numbering"
)

// curveFacts are what every view of one curve shares, whatever its as-of
// date, every-run flag or suspect setting: its configurations numbered
// (numbering.Configs) and the projections of its every run (model.ProjectRuns
// over all its loaded runs). They are made once per curve and data (with
// its first view) and never written; a view then reads no knob, hashes
// no string and works out no factor again.
type curveFacts struct {
	cfg numbering.Configs
	// hot and ids are what a view's pass reads of each point and its ID,
	// in the curve's order (columns.HotColumn): the pass reads them one
	// after another instead of points a page apart.
	hot     []columns.Hot
	ids     []string
	hasRuns bool               // some run of the curve is shorter or longer than steady state
	projs   []model.Projection // ProjectRuns of the curve's runs when hasRuns
}

// factsOf works out curve all[idx]'s facts; it reads only its arguments.
func factsOf(all []model.Point, idx []int) *curveFacts { return factsNumbered(all, idx, nil) }

// factsNumbered is factsOf with the curve's configurations numbered
// already (the load's numbering, Numbers.ConfigsOf; nil: numbered here).
func factsNumbered(all []model.Point, idx []int, cfg *numbering.Configs) *curveFacts {
	f := &curveFacts{}
	if cfg != nil {
		f.cfg = *cfg
	} else {
		f.cfg = numbering.NumberConfigs(all, idx)
	}
	f.hot, f.ids = columns.HotColumn(all, idx)
	f.hasRuns = anyNotSteady(f.hot)
	return f.withRuns(all, idx)
}

// anyNotSteady is whether a run of the column is not steady state, read
// from the column: the points lie apart, a cache miss or two each.
func anyNotSteady(hot []columns.Hot) bool {
	for k := range hot {
		if notSteady(hot[k].DurationS()) {
			return true
		}
	}
	return false
}

// notSteady is whether a run of d seconds is shorter or longer than
// steady state (0: not known).
func notSteady(d float64) bool { return d > 0 && d < model.SteadyStateS || d > model.SteadyStateS }

// withRuns is f with the projections of curve all[idx]'s runs, when it
// has runs to project (f.hasRuns).
func (f *curveFacts) withRuns(all []model.Point, idx []int) *curveFacts {
	if !f.hasRuns {
		return f
	}
	// The curve's every run (the factors), copied together unless they
	// lie together. Read in place (model.ProjectRunsOf) the load took
	// 10-15 % less, but the first as-of key after it 14-18 ms against
	// 8-9 (BenchmarkMillionKeys as-of-new-date): kept as it was.
	var runs []model.Point
	if n := len(idx); idx[n-1]-idx[0] == n-1 {
		runs = all[idx[0] : idx[0]+n : idx[0]+n] // the curve's points lie together: read in place
	} else {
		runs = make([]model.Point, len(idx))
		for j, i := range idx {
			runs[j] = all[i]
		}
	}
	f.projs = model.ProjectRuns(runs)
	return f
}

// factsFor is curve k's facts, made now when not made yet.
func (s *State) factsFor(k model.CurveKey) *curveFacts {
	if f, ok := s.facts[k]; ok {
		return f
	}
	var f *curveFacts
	if sp := s.takeSpare(k); sp != nil {
		f = fillFacts(sp, s.All(), s.byCurve[k])
	} else {
		f = factsNumbered(s.All(), s.byCurve[k], s.cfgOf(k))
	}
	s.keepFacts(k, f)
	return f
}

// keepFacts keeps facts made for curve k of the current data.
func (s *State) keepFacts(k model.CurveKey, f *curveFacts) {
	if f == nil {
		return
	}
	if s.facts == nil {
		s.facts = map[model.CurveKey]*curveFacts{}
	}
	if _, ok := s.facts[k]; !ok {
		s.facts[k] = f
	}
}

// packed is e with its points copied together and its references into
// the copy: for a view made ahead, off the key. A view refers to the
// loaded points where they lie, which at a million rows of interleaved
// curves is a page apart each: every pass over them on the key then waits
// on the address translation (80 ms for the first key's first pass over
// 83,000 points), where over the copy it streams (docs/workbench-speed.md).
func packed(e *viewEntry) *viewEntry {
	e.refs = model.RefsTo(e.points())
	e.own = nil // in the copy now
	return e
}

// viewFrom is the view under key of curve all[idx], whose facts f are: the
// latest runs (or every run) as of the date, suspect points admitted or
// held out, short runs projected (model.ProjectShownBy, with the curve's
// projections), with the points' indices into all. Only the points it
// changes are copied; the others are all's own. With axes, the same pass
// reads the view's coordinates on them (coordsPart). It reads only its
// arguments.
func viewFrom(all []model.Point, idx []int, key viewKey, f *curveFacts, axes *viewAxes) *viewEntry {
	var at []int32 // the shown points' places in the curve
	if key.allDates {
		at = f.cfg.OnOrBefore(key.asOf)
	} else {
		at = f.cfg.Latest(key.asOf)
	}
	// A short run the curve's projection projects is copied, as is a
	// suspect point the view admits or holds out; a short run no factor
	// covers stays the loaded point (shown raw: copying it changed
	// nothing, at 664 bytes of fresh memory each).
	var pr *model.Projection // ProjectShownBy's: the first of the curve's
	if f.hasRuns {
		for j := range f.projs {
			if f.projs[j].Curve == key.curve {
				pr = &f.projs[j]
				break
			}
		}
	}
	shown := make([]int, len(at))
	refs := make([]*model.Point, len(at))
	var planned [2]bool
	halves := [2]viewFacts{{best: newBestOnY()}, {best: newBestOnY()}}
	var copied [2][]int
	var coords [3]coordsPart // the two halves read in place, then the copies
	// Each half writes its coordinates into its own stretch of one array
	// (a point has one at most), the first with room to the end: the
	// halves are then joined in it (concatCoords), no second array made.
	var room coordsPart
	var marks viewMarks // each point's ID and tag, for the plot's markers
	if axes != nil {
		room = coordsPart{c: make([]model.XYPoint, len(at)), raw: make([]bool, len(at))}
		marks = newViewMarks(len(at))
	}
	// A large curve's points are read on both cores (a new curve at a
	// million points: 41,700 of them), their facts gathered on the way.
	// The pass reads the curve's column (f.hot), a point only for a
	// metric past the column's.
	par.Halves(len(at), 8192, func(lo, hi int) {
		h := min(lo, 1) // the first half at 0, the second at 1
		vf := viewFacts{best: newBestOnY()}
		var cp coordsPart
		if axes != nil {
			cp = coordsPart{c: room.c[lo:lo], raw: room.raw[lo:lo]}
		}
		last, counted := uint32(0), false
		// What a half finds it keeps in variables of its own and writes
		// out once: the two halves writing flags side by side a point at
		// a time made the cores pass that cache line back and forth
		// (two thirds of the pass).
		anyPlanned := false
		var moved []int
		for k := lo; k < hi; k++ {
			j := at[k]
			hp, i := &f.hot[j], idx[j]
			shown[k], refs[k] = i, &all[i]
			anyPlanned = anyPlanned || hp.Planned()
			if axes != nil {
				marks.ids[k], marks.tags[k] = f.ids[j], hp.Tag
			}
			if hp.AdmittedIs(!key.suspect) || pr != nil && hp.ProjectedBy(pr) {
				moved = append(moved, k)
				continue
			}
			vf.add(hp, &all[i], k, &last, &counted)
			if axes != nil {
				cp.add(hp, &all[i], k, axes)
			}
		}
		halves[h], coords[h] = vf, cp
		planned[h], copied[h] = anyPlanned, moved
	})
	e := &viewEntry{refs: refs, src: shown, planned: planned[0] || planned[1]}
	vf := halves[0].join(halves[1])
	if moved := append(copied[0], copied[1]...); len(moved) > 0 {
		// The one place the workbench keeps suspect points out of (or
		// brings them into) every frontier, hull, review and fit, and
		// projects short runs: on copies.
		e.own = make([]model.Point, len(moved))
		for j, k := range moved {
			e.own[j] = *refs[k]
		}
		model.AdmitSuspect(e.own, key.suspect)
		if f.hasRuns {
			// Each view its own slice of the curve's projections.
			e.projs = model.ProjectShownBy(e.own, slices.Clone(f.projs))
		}
		last, counted := uint32(0), false
		if axes != nil {
			coords[2] = newCoordsPart(len(moved))
		}
		for j, k := range moved {
			p := &e.own[j]
			refs[k] = p
			hp := columns.HotOf(p)
			vf.add(&hp, p, k, &last, &counted)
			if axes != nil {
				coords[2].add(&hp, p, k, axes)
				marks.ids[k], marks.tags[k] = p.ID, hp.Tag
			}
		}
		slices.Sort(vf.projected)
		slices.Sort(vf.flags.HeldOut)
		slices.Sort(vf.flags.RawShort)
	} else if f.hasRuns {
		e.projs = slices.Clone(f.projs)
	}
	e.facts = vf
	if axes != nil {
		e.coords, e.short = mergeCoords(coords[:]...)
		e.rest = mergeRest(coords[:]...)
		e.marks = marks
		e.coordsOn = [2]string{axes.x.Name, axes.y.Name}
	}
	return e
}

// FactsJob makes the facts of every curve not made yet, off the UI
// goroutine (the load makes only those of the views it makes, so that
// the first frame comes sooner): a key on a curve nothing made ahead then
// makes its view and no more. The job calls wait before each curve (to
// make way for keys). ok is false when every curve's are made.
func (s *State) FactsJob(wait func()) (job func() *FactsMade, ok bool) {
	s.All()
	var ks []model.CurveKey // nearest the shown curve first, as ] and [ reach them
	n, at := len(s.Curves), max(s.CurveIndex(), 0)
	if n == 0 {
		return nil, false
	}
	seen := make(map[int]bool, n)
	for d := 0; d <= n/2; d++ {
		for _, i := range []int{(at + d) % n, ((at-d)%n + n) % n} {
			k := s.Curves[i].Key
			if _, made := s.facts[k]; !made && !seen[i] {
				ks = append(ks, k)
			}
			seen[i] = true
		}
	}
	if len(ks) == 0 {
		return nil, false
	}
	all, byCurve, gen, cfgs := s.all, s.byCurve, s.dataGen, s.cfgs
	spares := make([]*curveFacts, len(ks)) // taken here, on the UI goroutine: the job's alone
	for i, k := range ks {
		spares[i] = s.takeSpare(k)
	}
	return func() *FactsMade {
		facts := make([]*curveFacts, len(ks))
		fns := make([]func(), len(ks))
		for i, k := range ks {
			fns[i] = func() {
				wait()
				if spares[i] != nil {
					facts[i] = fillFacts(spares[i], all, byCurve[k])
				} else {
					facts[i] = factsNumbered(all, byCurve[k], cfgOf(cfgs, k))
				}
			}
		}
		par.Do(fns...) // each curve's on the first core free: they read only the points
		return &FactsMade{gen: gen, curves: ks, facts: facts}
	}, true
}

// FactsMade is what a FactsJob made, to AdoptFacts.
type FactsMade struct {
	gen    uint64
	curves []model.CurveKey
	facts  []*curveFacts
}

// AdoptFacts keeps the facts a FactsJob made, unless the data changed
// since (facts made meanwhile are kept: the same).
func (s *State) AdoptFacts(f *FactsMade) {
	if f == nil || f.gen != s.dataGen || s.all == nil {
		return
	}
	for i, k := range f.curves {
		s.keepFacts(k, f.facts[i])
	}
}

// cfgOf is curve k's configurations as the load numbered them, nil when
// it did not (or the points are no longer the load's alone).
func (s *State) cfgOf(k model.CurveKey) *numbering.Configs { return cfgOf(s.cfgs, k) }

func cfgOf(cfgs map[model.CurveKey]*numbering.Configs, k model.CurveKey) *numbering.Configs {
	return cfgs[k] // nil map or curve: nil
}
