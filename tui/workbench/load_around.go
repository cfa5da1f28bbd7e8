package workbench

import (
	"github.com/sweeptune/sweeptune/internal/par"
	"github.com/sweeptune/sweeptune/model"
)

// Around lists the curves ] and [ step to from k, nearest first (the
// next, the one before, two on, two back, …), at most reach each way,
// while their points and those of the views made already fit the cache
// the State keeps views in: the curves a load makes views of ahead, so
// the first keys after it find them made.
func (l *Loaded) Around(k model.CurveKey, reach int) []model.CurveKey {
	n, at := len(l.curves), -1
	for i, c := range l.curves {
		if c.Key == k {
			at = i
		}
	}
	if at < 0 || n < 2 {
		return nil
	}
	room := cachedPointsFor(len(l.points))
	if next, prev := l.curves[(at+1)%n].Key, l.curves[(at+n-1)%n].Key; next != prev {
		room = max(room, len(l.byCurve[k])+len(l.byCurve[next])+len(l.byCurve[prev])) // as State.maxCachedPoints
	} else {
		room = max(room, len(l.byCurve[k])+len(l.byCurve[next]))
	}
	for _, e := range l.views {
		room -= len(e.refs)
	}
	seen := map[model.CurveKey]bool{k: true}
	var out []model.CurveKey
	for d := 1; d <= reach; d++ {
		for _, i := range []int{(at + d) % n, ((at-d)%n + n) % n} {
			c := l.curves[i].Key
			if seen[c] {
				continue
			}
			seen[c] = true
			if room -= len(l.byCurve[c]); room < 0 {
				return out
			}
			out = append(out, c)
		}
	}
	return out
}

// MakeViews makes the views of the curves ks under the settings that are
// not made yet, as MakeView makes them, several at once on both cores.
func (l *Loaded) MakeViews(ks []model.CurveKey, asOf string, allDates, suspect bool) {
	type job struct {
		key   viewKey
		f     *curveFacts
		spare *curveFacts // the curve's columns the load allocated, or nil
		e     *viewEntry
	}
	var jobs []*job
	for _, k := range ks {
		key := viewKey{k, asOf, allDates, suspect}
		if _, ok := l.views[key]; ok {
			continue
		}
		jobs = append(jobs, &job{key: key, f: l.facts[k], spare: l.takeSpare(k)}) // f nil: made by the job
	}
	fns := make([]func(), len(jobs))
	for i, j := range jobs {
		fns[i] = func() {
			idx := l.byCurve[j.key.curve]
			switch {
			case j.f != nil:
			case j.spare != nil:
				j.f = fillFacts(j.spare, l.points, idx)
			default:
				j.f = factsNumbered(l.points, idx, cfgOf(l.cfgs, j.key.curve))
			}
			j.e = packed(viewFrom(l.points, idx, j.key, j.f, nil))
		}
	}
	par.Do(fns...) // each reads the points, makes its facts if needed, and writes its own job
	if len(jobs) > 0 && l.views == nil {
		l.views = map[viewKey]*viewEntry{}
	}
	if len(jobs) > 0 && l.facts == nil {
		l.facts = map[model.CurveKey]*curveFacts{}
	}
	for _, j := range jobs {
		l.views[j.key] = j.e
		l.facts[j.key.curve] = j.f
	}
}

// EveryCurveHolds reports whether ok holds for one point of every curve
// (its name, in the curve list).
func (l *Loaded) EveryCurveHolds(ok func(*model.Point) bool) bool {
	for _, c := range l.curves {
		if at := l.byCurve[c.Key]; len(at) > 0 && !ok(&l.points[at[0]]) {
			return false
		}
	}
	return true
}
