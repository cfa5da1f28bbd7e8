package workbench

import (
	"slices"

	"github.com/sweeptune/sweeptune/internal/par"
	"github.com/sweeptune/sweeptune/model"
)

// curveFacts are what every view of one curve shares, whatever its as-of
// date, every-run flag or suspect setting: its configurations numbered
// (model.Configs) and the projections of its every run (model.ProjectRuns
// over all its loaded runs). They are made once per curve and data (with
// its first view) and never written; a view then reads no knob, hashes
// no string and works out no factor again.
type curveFacts struct {
	cfg     model.Configs
	hasRuns bool               // some run of the curve is shorter or longer than steady state
	projs   []model.Projection // ProjectRuns of the curve's runs when hasRuns
}

// factsOf works out curve all[idx]'s facts; it reads only its arguments.
func factsOf(all []model.Point, idx []int) *curveFacts {
	f := &curveFacts{cfg: model.NumberConfigs(all, idx)}
	for _, i := range idx {
		if d := all[i].Prov.DurationS; d > 0 && d < model.SteadyStateS || d > model.SteadyStateS {
			f.hasRuns = true
			break
		}
	}
	if !f.hasRuns {
		return f
	}
	var runs []model.Point // the curve's every run (the factors)
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
	f := factsOf(s.All(), s.byCurve[k])
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

// viewFrom is the view under key of curve all[idx], whose facts f are: the
// latest runs (or every run) as of the date, copied, suspect points
// admitted or held out, short runs projected (model.ProjectShownBy, with
// the curve's projections), with the points' indices into all. It reads
// only its arguments.
func viewFrom(all []model.Point, idx []int, key viewKey, f *curveFacts) *viewEntry {
	// The shown points picked first, so only they are copied, into a
	// slice of their size (a point is 664 bytes).
	var shown []int
	if key.allDates {
		shown = f.cfg.OnOrBefore(idx, key.asOf)
	} else {
		shown = f.cfg.LatestIndexOf(idx, key.asOf)
	}
	pts := make([]model.Point, len(shown))
	var plannedIn [2]bool
	var halves [2]viewFacts
	// A large curve's points are copied on both cores (a new curve at a
	// million points: 41,700 of them, 28 MB), their facts gathered while
	// they are at hand.
	par.Halves(len(shown), 8192, func(lo, hi int) {
		planned := false
		for k := lo; k < hi; k++ {
			pts[k] = all[shown[k]]
			planned = planned || pts[k].Source == model.SourcePlanned
		}
		// The one place the workbench keeps suspect points out of (or
		// brings them into) every frontier, hull, review and fit: these
		// are copies.
		model.AdmitSuspect(pts[lo:hi], key.suspect)
		h := min(lo, 1) // the first half at 0, the second at 1
		plannedIn[h] = planned
		if !f.hasRuns {
			halves[h] = factsOfRange(pts, lo, hi)
		}
	})
	e := &viewEntry{pts: pts, src: shown, planned: plannedIn[0] || plannedIn[1]}
	if f.hasRuns {
		// Each view its own slice of the curve's projections; a projection
		// changes what a point measures, so the facts are gathered after.
		e.projs = model.ProjectShownBy(pts, slices.Clone(f.projs))
		par.Halves(len(pts), 8192, func(lo, hi int) { halves[min(lo, 1)] = factsOfRange(pts, lo, hi) })
	}
	e.facts = halves[0].join(halves[1])
	return e
}
