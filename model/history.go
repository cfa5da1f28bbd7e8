package model

import (
	"github.com/sweeptune/sweeptune/internal/intern"
	"github.com/sweeptune/sweeptune/internal/radix"
	"math/bits"
	"slices"

	"github.com/sweeptune/sweeptune/internal/mem"
)

// Published rows carry the date of their run; one configuration is often
// measured again and again. A curve's default view is its latest
// measurement per configuration, "as of" a date: later runs are left out.

// LatestIndex returns the indices (in input order) of the points a curve
// view shows as of asOf ("" for no limit, else YYYY-MM-DD): per curve,
// source and configuration (shape and concurrency), the measurements of the
// latest date on or before asOf. Points dated after asOf are left out;
// undated points cannot be placed in time and are all kept, as are points
// without knobs (a competitor's frontier copied from a PR). O(n). The rule
// is LatestIndexRule, written plainly; this is its fast form.
func LatestIndex(points []Point, asOf string) []int {
	return latestIndex(points, nil, asOf, nil)
}

// LatestIndexNumbered is LatestIndex with the points' curves numbered
// already.
func LatestIndexNumbered(points []Point, curves *CurveNumbering, asOf string) []int {
	return latestIndex(points, nil, asOf, curves)
}

// LatestIndexOf is LatestIndex over the points at idx (one curve's, in
// order): the indices into points of those shown, no point copied.
func LatestIndexOf(points []Point, idx []int, asOf string) []int {
	if idx == nil {
		idx = []int{} // none, not every point
	}
	return latestIndex(points, idx, asOf, nil)
}

// latestIndex is LatestIndex over points[idx[k]] (every point when idx is
// nil), returning indices into points.
func latestIndex(points []Point, idx []int, asOf string, numbered *CurveNumbering) []int {
	n := len(points)
	if idx != nil {
		n = len(idx)
	}
	at := func(k int) int {
		if idx != nil {
			return idx[k]
		}
		return k
	}
	// A configuration is its base ID, source and curve, each interned to
	// an integer (a lookup builds no string, and only a new base ID keeps
	// one); the configurations are numbered by a radix sort of the three
	// packed in one integer, not by a map as large as the input.
	var curve []int32 // curve
	ownCurve := true  // curve is this call's, given back when done
	switch {
	case numbered != nil && idx == nil:
		curve, ownCurve = numbered.of, false
	case idx == nil:
		curve, _ = numberCurves(points)
	default:
		curves := newCurveNumbers(n)
		curve = mem.Take[int32](n)
		for k, i := range idx {
			curve[k] = curves.of(&points[i].Curve)
		}
	}
	// The one pass over the points keeps what the passes after it need of
	// each (its configuration's parts, its day as a number) in arrays of
	// their own: at a million points, two passes over 660 MB fewer.
	sources := interner[Source]{index: map[Source]int32{}}
	bases := newBaseIDs()
	days := intern.NewNumbering()
	of := mem.Take[int32](n)    // the point's base ID, then its configuration; or shownAlways, or -1
	src := mem.Take[int32](n)   // source
	dayOf := mem.Take[int32](n) // day(date), numbered by days
	m := 0                      // points with a configuration
	warm := 0                   // the points a block at a time once on their way (warmPoints)
	for lo := 0; lo < n; lo += warmBlock {
		hi := min(lo+warmBlock, n)
		if idx == nil {
			warm += warmPoints(points[lo:hi])
		}
		for k := lo; k < hi; k++ {
			p := &points[at(k)]
			d := p.Prov.Date
			switch {
			case d == "" || p.Knobs.Mode == "":
				of[k] = shownAlways
				continue
			case asOf != "" && dateAfter(d, asOf):
				of[k] = -1
				continue
			}
			of[k], src[k], dayOf[k] = bases.ofKnobs(&p.Knobs), sources.of(p.Source), days.Of(day(d))
			m++
		}
	}
	keys := mem.Take[uint64](m)[:0]
	bb := uint(bits.Len(uint(len(bases.texts))))
	sb := uint(bits.Len(uint(len(sources.index))))
	for k := 0; k < n; k++ {
		if of[k] >= 0 {
			keys = append(keys, uint64(curve[k])<<(bb+sb)|uint64(src[k])<<bb|uint64(of[k]))
		}
	}
	mem.Give(src)
	if ownCurve {
		mem.Give(curve)
	}
	return latestOfConfigs(idx, of, dayOf, keys, days)
}

// latestOfConfigs is what latestIndex keeps given each point's base ID
// of[k] (or shownAlways, or -1) and day dayOf[k] (numbered by days), and
// the key of each point with a base ID (curve, source and base ID packed),
// in order: the keys numbered, each configuration's latest day found. It
// gives of, dayOf and keys back (mem.Give).
func latestOfConfigs(idx []int, of, dayOf []int32, keys []uint64, days *intern.Numbering) []int {
	cfg, ncfg := radix.GroupIDs(keys)
	mem.Give(keys)
	rank := days.Ranks()
	latest := mem.Take[int32](ncfg) // per config: the rank of its latest day on or before asOf
	for e := range latest {
		latest[e] = -1
	}
	j := 0
	for k := range of {
		if of[k] < 0 {
			continue
		}
		e := cfg[j]
		j++
		of[k] = e
		latest[e] = max(latest[e], rank[dayOf[k]])
	}
	mem.Give(cfg)
	shown := shownLatest(idx, of, dayOf, rank, latest)
	mem.Give(of)
	mem.Give(dayOf)
	mem.Give(latest)
	return shown
}

// shownAlways marks a point latestIndex keeps whatever its configuration's
// other runs: one with no date or no knobs.
const shownAlways = -2

// shownLatest is what latestIndex keeps of points[idx[k]] (points[k] when
// idx is nil), given each one's configuration of[k] (shownAlways for a
// point with no date or no knobs, -1 for one after the as-of date), its
// day's number and the days' ranks, and the rank of each configuration's
// latest day: the undated points, those without knobs, and those
// measured on their configuration's latest day.
func shownLatest(idx []int, of, dayOf, rank, latest []int32) []int {
	out := make([]int, 0, len(of))
	for k, e := range of {
		if e == shownAlways || e >= 0 && rank[dayOf[k]] == latest[e] {
			i := k
			if idx != nil {
				i = idx[k]
			}
			out = append(out, i)
		}
	}
	return out
}

// interner numbers values in order of first appearance; the last value
// is remembered, so a run of equal ones costs a comparison each.
type interner[K comparable] struct {
	index map[K]int32
	last  K
	lastN int32
	any   bool
}

func (in *interner[K]) of(k K) int32 {
	if in.any && k == in.last {
		return in.lastN
	}
	n, ok := in.index[k]
	if !ok {
		n = int32(len(in.index))
		in.index[k] = n
	}
	in.last, in.lastN, in.any = k, n, true
	return n
}

// Latest is LatestIndex as a new slice of points.
func Latest(points []Point, asOf string) []Point {
	idx := LatestIndex(points, asOf)
	out := make([]Point, len(idx))
	for k, i := range idx {
		out[k] = points[i]
	}
	return out
}

// KeepLatest is Latest in place: it compacts points (which it owns) to
// the shown measurements and returns the shortened slice.
func KeepLatest(points []Point, asOf string) []Point {
	return KeepIndex(points, LatestIndex(points, asOf))
}

// KeepIndex compacts points to those at idx (ascending, as LatestIndex
// gives them) and returns the shortened slice.
func KeepIndex(points []Point, idx []int) []Point {
	for k, i := range idx {
		if k != i {
			points[k] = points[i]
		}
	}
	return points[:len(idx)]
}

// dateAfter compares YYYY-MM-DD dates (a time after the date is ignored).
func dateAfter(a, b string) bool { return day(a) > day(b) }

func day(d string) string {
	if len(d) > 10 {
		return d[:10]
	}
	return d
}

// Dates lists the distinct run dates of the points (YYYY-MM-DD), ascending.
func Dates(points []Point) []string {
	seen := map[string]bool{}
	var out []string
	for i := range points {
		if d := day(points[i].Prov.Date); d != "" && !seen[d] {
			seen[d] = true
			out = append(out, d)
		}
	}
	slices.Sort(out)
	return out
}

// DateCount is a run date and how many points were measured on it.
type DateCount struct {
	Date   string `json:"date"`
	Points int    `json:"points"`
}

// DateCounts lists the points' run dates, ascending, each with its points.
func DateCounts(points []Point) []DateCount {
	count := map[string]int{}
	for i := range points {
		if d := day(points[i].Prov.Date); d != "" {
			count[d]++
		}
	}
	out := make([]DateCount, 0, len(count))
	for _, d := range Dates(points) {
		out = append(out, DateCount{d, count[d]})
	}
	return out
}

// DateShift is how one curve's frontier moved between two dates.
type DateShift struct {
	Curve    CurveKey
	From, To string
	X, Y     Axis
	// Before and After are the frontiers as of From and To, x ascending.
	Before, After []Point
	// Gains are After's frontier points against Before's frontier at the
	// same x (the compare logic; none outside Before's x range).
	Gains []PointGain
	// New are After's frontier points that were not measured as of From;
	// Dropped are Before's frontier points no longer on the frontier.
	New, Dropped []string
	// Reruns maps each New point that re-measures a configuration (same
	// source, shape and concurrency) to the measurement as of From.
	Reruns map[string]string
}

// ShiftBetween compares a curve's views as of two dates (from before to).
// points are one curve's points, any dates.
func ShiftBetween(points []Point, from, to string, x, y Axis) DateShift {
	s := DateShift{From: from, To: to, X: x, Y: y}
	if len(points) > 0 {
		s.Curve = points[0].Curve
	}
	before, after := Latest(points, from), Latest(points, to)
	s.Before = frontierPoints(before, x, y)
	s.After = frontierPoints(after, x, y)
	known := idSet(before)
	onAfter := idSet(s.After)
	config := func(p *Point) string { return string(p.Source) + "\x00" + p.Knobs.BaseID() }
	was := map[string]string{}
	for i := range before {
		if before[i].Knobs.Mode != "" {
			was[config(&before[i])] = before[i].ID
		}
	}
	s.Reruns = map[string]string{}
	for i := range s.After {
		p := &s.After[i]
		if known[p.ID] {
			continue
		}
		s.New = append(s.New, p.ID)
		if id, ok := was[config(p)]; ok && p.Knobs.Mode != "" {
			s.Reruns[p.ID] = id
		}
	}
	for _, p := range s.Before {
		if !onAfter[p.ID] {
			s.Dropped = append(s.Dropped, p.ID)
		}
	}
	for _, g := range Gains(s.After, before, x, y) {
		s.Gains = append(s.Gains, PointGain{ID: s.After[g.Index].ID, Curve: s.After[g.Index].Curve, Gain: g})
	}
	return s
}

// frontierPoints are the frontier's points, x ascending.
func frontierPoints(points []Point, x, y Axis) []Point {
	idx := Frontier(points, x, y)
	out := make([]Point, len(idx))
	for k, i := range idx {
		out[k] = points[i]
	}
	return out
}
