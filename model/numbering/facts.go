package numbering

import (
	"math/bits"
	"sync"

	"github.com/sweeptune/sweeptune/internal/intern"
	"github.com/sweeptune/sweeptune/internal/mem"
	"github.com/sweeptune/sweeptune/model"
)

// NamingFacts are what the naming's one pass over the points reads of
// each (its base ID, date and source as numbers, whether it has knobs),
// kept for the search for the latest runs that runs beside the naming on
// a load (LatestIndexFrom): that search reads these arrays instead of the
// points, one pass over a million points' memory fewer, and hashes no
// knobs again (a million rows: its pass took 150–160 ms of the other
// core).
type NamingFacts struct {
	once  sync.Once
	ready chan struct{} // closed once the facts are in, or the naming failed

	base, date, src []int32 // per point: base ID, date (0 undated) and source, numbered
	knobs           []bool  // per point: it has knobs (a mode)
	dates           []string
	srcTexts        []model.Source // the sources by number
	bases, sources  int            // how many base IDs and sources are numbered
}

// NewNamingFacts is a place for AssignIDsSharing to leave its facts in.
func NewNamingFacts() *NamingFacts { return &NamingFacts{ready: make(chan struct{})} }

// AssignIDsSharing is AssignIDs leaving the facts of its first
// pass in facts for LatestIndexFrom; facts gives its arrays back
// (Release) once both are done.
func AssignIDsSharing(points []model.Point, curves *model.CurveNumbering, facts *NamingFacts) {
	defer facts.fail() // a naming that panics leaves the search to read the points
	assignIDs(points, curves, facts)
}

// publish puts the naming's facts in and lets the readers go on.
func (f *NamingFacts) publish(base, date, src []int32, knobs []bool, dates []string, srcTexts []model.Source, bases int) {
	f.once.Do(func() {
		f.base, f.date, f.src, f.knobs, f.dates, f.srcTexts, f.bases, f.sources = base, date, src, knobs, dates, srcTexts, bases, len(srcTexts)
		close(f.ready)
	})
}

// fail lets the readers go on without facts when none were put in.
func (f *NamingFacts) fail() { f.once.Do(func() { close(f.ready) }) }

// Release gives the facts' arrays back (mem.Give): neither the naming
// nor a search reads them any more.
func (f *NamingFacts) Release() {
	<-f.ready
	mem.Give(f.base)
	mem.Give(f.date)
	mem.Give(f.src)
	mem.Give(f.knobs)
	f.base, f.date, f.src, f.knobs = nil, nil, nil, nil
}

// LatestIndexFrom is LatestIndex over the points a naming shares
// its facts of (AssignIDsSharing, which it waits for): the same indices,
// the points read only where the naming failed.
func LatestIndexFrom(points []model.Point, facts *NamingFacts, curves *model.CurveNumbering, asOf string) []int {
	<-facts.ready
	if facts.base == nil || len(facts.base) != len(points) {
		return latestIndex(points, nil, asOf, curves)
	}
	n := len(points)
	// Per date: whether it is after asOf, and its day's number.
	days := intern.NewNumbering()
	after := make([]bool, len(facts.dates))
	dayOfDate := make([]int32, len(facts.dates))
	for num, d := range facts.dates {
		if num > 0 {
			after[num] = asOf != "" && model.DayOf(d) > model.DayOf(asOf)
			dayOfDate[num] = days.Of(model.DayOf(d))
		}
	}
	of := mem.Take[int32](n)    // the point's base ID, then its configuration; or shownAlways, or -1
	dayOf := mem.Take[int32](n) // day(date), numbered by days
	m := 0                      // points with a configuration
	for k := range n {
		d := facts.date[k]
		switch {
		case d == 0 || !facts.knobs[k]:
			of[k] = shownAlways
			continue
		case after[d]:
			of[k] = -1
			continue
		}
		of[k], dayOf[k] = facts.base[k], dayOfDate[d]
		m++
	}
	keys := mem.Take[uint64](m)[:0]
	bb := uint(bits.Len(uint(facts.bases)))
	sb := uint(bits.Len(uint(facts.sources)))
	curve := curves.Of()
	for k := range n {
		if of[k] >= 0 {
			keys = append(keys, uint64(curve[k])<<(bb+sb)|uint64(facts.src[k])<<bb|uint64(of[k]))
		}
	}
	return latestOfConfigs(nil, of, dayOf, keys, days)
}
