package numbering

import (
	"math/bits"

	"github.com/sweeptune/sweeptune/internal/intern"
	"github.com/sweeptune/sweeptune/internal/mem"
	"github.com/sweeptune/sweeptune/internal/radix"
	"github.com/sweeptune/sweeptune/model"
)

// LatestIndex is model.LatestIndexRule over every point, with the
// points' curves numbered already (nil to number them): the same
// indices, O(n), from integer keys and a radix numbering.
func LatestIndex(points []model.Point, curves *model.CurveNumbering, asOf string) []int {
	return latestIndex(points, nil, asOf, curves)
}

// LatestIndexOf is model.LatestIndexRule(points, idx, asOf) (every point
// when idx is nil): the form model.UseFastLatest takes.
func LatestIndexOf(points []model.Point, idx []int, asOf string) []int {
	return latestIndex(points, idx, asOf, nil)
}

// latestIndex is LatestIndexOf over points[idx[k]] (every point when idx
// is nil), returning indices into points.
func latestIndex(points []model.Point, idx []int, asOf string, numbered *model.CurveNumbering) []int {
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
	var curve []int32
	own := true // curve is this call's, given back when done
	switch {
	case numbered != nil && idx == nil:
		curve, own = numbered.Of(), false
	case idx == nil:
		curve = model.NumberCurves(points).Of()
	default:
		curve = model.NumberCurvesAt(points, idx).Of()
	}
	// The one pass over the points keeps what the passes after it need of
	// each (its configuration's parts, its day as a number) in arrays of
	// their own: at a million points, two passes over 660 MB fewer.
	sources := intern.NewValues[model.Source]()
	bases := newBaseIDs()
	days := intern.NewNumbering()
	of := mem.Take[int32](n)    // the point's base ID, then its configuration; or shownAlways, or -1
	src := mem.Take[int32](n)   // source
	dayOf := mem.Take[int32](n) // day(date), numbered by days
	m := 0                      // points with a configuration
	warm := 0                   // the points a block at a time once on their way (model.WarmPoints)
	for lo := 0; lo < n; lo += model.WarmBlock {
		hi := min(lo+model.WarmBlock, n)
		if idx == nil {
			warm += model.WarmPoints(points[lo:hi])
		}
		for k := lo; k < hi; k++ {
			p := &points[at(k)]
			d := p.Prov.Date
			switch {
			case d == "" || p.Knobs.Mode == "":
				of[k] = shownAlways
				continue
			case asOf != "" && model.DayOf(d) > model.DayOf(asOf):
				of[k] = -1
				continue
			}
			of[k], src[k], dayOf[k] = bases.ofKnobs(&p.Knobs), sources.Of(p.Source), days.Of(model.DayOf(d))
			m++
		}
	}
	keys := mem.Take[uint64](m)[:0]
	bb := uint(bits.Len(uint(len(bases.texts))))
	sb := uint(bits.Len(uint(sources.Len())))
	for k := 0; k < n; k++ {
		if of[k] >= 0 {
			keys = append(keys, uint64(curve[k])<<(bb+sb)|uint64(src[k])<<bb|uint64(of[k]))
		}
	}
	mem.Give(src)
	if own {
		mem.Give(curve)
	}
	warmSink.Add(int64(warm))
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
