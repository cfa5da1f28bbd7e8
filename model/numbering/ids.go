package numbering

import (
	"hash/maphash"
	"math/bits"
	"strconv"
	"sync/atomic"

	"github.com/sweeptune/sweeptune/internal/intern"
	"github.com/sweeptune/sweeptune/internal/mem"
	"github.com/sweeptune/sweeptune/internal/radix"
	"github.com/sweeptune/sweeptune/model"
)

// AssignIDs is model.AssignIDs (the rule, model/ids_rule.go) for the
// load, with the points' curves numbered already: the same IDs, a million
// points named with integer keys, interned texts and one table of hashes
// instead of maps of strings (docs/report-speed.md).
func AssignIDs(points []model.Point, curves *model.CurveNumbering) { assignIDs(points, curves, nil) }

// assignIDs is AssignIDs, its first pass's facts left in facts (when not
// nil) for LatestIndexFrom, which then owns their arrays.
func assignIDs(points []model.Point, curves *model.CurveNumbering, facts *NamingFacts) {
	n := len(points)
	// Base IDs, curves and sources are interned to integers (lookups with
	// string(buf) do not allocate), and a configuration (curve, base ID,
	// source) is found from them without a string key: a million points
	// cost a map lookup of an integer each, and a string per distinct ID.
	baseOf := mem.Take[int32](n)
	curveOf := curves.Of()
	baseIDs := newBaseIDs()
	var owner []int32 // per base ID: the curve that used it first
	srcs := intern.NewValues[model.Source]()
	// The one pass over the points themselves also keeps what the passes
	// after it read of each (date, source) as numbers, so that they read
	// these arrays, not 660 bytes a point: two passes over a million
	// points' memory fewer.
	dates := intern.NewNumbering()
	dateOf := mem.Take[int32](n)
	srcOf := mem.Take[int32](n)
	var knobs []bool // per point: it has knobs, for facts
	if facts != nil {
		knobs = mem.Take[bool](n)
	}
	var buf []byte
	warm := 0 // the pass reads each block of points once it is on its way (model.WarmPoints)
	for lo := 0; lo < n; lo += model.WarmBlock {
		hi := min(lo+model.WarmBlock, n)
		warm += model.WarmPoints(points[lo:hi])
		for i := lo; i < hi; i++ {
			p := &points[i]
			dateOf[i], srcOf[i] = dates.Of(p.Prov.Date), srcs.Of(p.Source)
			var b int32
			if p.Knobs.Mode == "" {
				buf = append(buf[:0], model.IDPart(p.Label)...)
				b = baseIDs.ofText(buf)
			} else {
				b = baseIDs.ofKnobs(&p.Knobs)
				if knobs != nil {
					knobs[i] = true
				}
			}
			if int(b) == len(owner) {
				owner = append(owner, curveOf[i])
			}
			baseOf[i] = b
		}
	}
	if facts != nil {
		facts.publish(baseOf, dateOf, srcOf, knobs, dates.Texts, srcs.Values(), len(baseIDs.texts))
	}
	cbKey := mem.Take[uint64](n)
	bases := baseIDs.texts
	shift := uint(bits.Len(uint(len(bases))))
	for i := range cbKey {
		cbKey[i] = uint64(curveOf[i])<<shift | uint64(baseOf[i])
	}
	keys := curves.Keys()
	cbOf, ncb := radix.GroupIDs(cbKey)
	mem.Give(cbKey)
	cbKey = nil
	// Per (curve, base): its dated configurations, one per source, chained
	// (a curve's configuration has one source or a few); whether some
	// source measured it on several dates.
	cbFirst := mem.Take[int32](ncb) // first configuration, -1 for none
	for cb := range cbFirst {
		cbFirst[cb] = -1
	}
	cbMulti := mem.Take[bool](ncb)
	// As many configurations as (curve, base) pairs, usually: one source.
	cfgNext, cfgSrc := mem.Take[int32](ncb)[:0], mem.Take[int32](ncb)[:0]
	cfgDate := mem.Take[int32](ncb)[:0] // the first date seen
	cfgMulti := mem.Take[bool](ncb)[:0]
	cfgOf := mem.Take[int32](n) // -1 for an undated point
	for i := range n {
		cfgOf[i] = -1
		d := dateOf[i]
		if d == 0 {
			continue
		}
		cb := cbOf[i]
		src := srcOf[i]
		e := cbFirst[cb]
		for e >= 0 && cfgSrc[e] != src {
			e = cfgNext[e]
		}
		if e < 0 {
			e = int32(len(cfgSrc))
			cfgSrc = append(cfgSrc, src)
			cfgNext = append(cfgNext, cbFirst[cb])
			cfgDate = append(cfgDate, d)
			cfgMulti = append(cfgMulti, false)
			cbFirst[cb] = e
		} else if !cfgMulti[e] && cfgDate[e] != d {
			cfgMulti[e] = true
			cbMulti[cb] = true
		}
		cfgOf[i] = e
	}
	// The tag a base ID gets on a curve other than its owner's: the
	// fields in which the curve differs from the owner's and knows, made
	// ID parts. It depends only on the curve and which of its fields
	// differ, so it is kept per (curve, six-bit field mask), the fields
	// compared as numbers: a small table, however many (owner, curve)
	// pairs a million points make.
	nc := len(keys)
	parts := make([][6]string, nc)
	fieldNum := make([][6]int32, nc) // per curve and field: the value's number
	known := make([]uint8, nc)       // per curve: the fields it gives
	var vals [6]map[string]int32
	for c := range keys {
		for f, v := range keys[c].Fields() {
			if vals[f] == nil {
				vals[f] = map[string]int32{}
			}
			num, ok := vals[f][v]
			if !ok {
				num = int32(len(vals[f]))
				vals[f][v] = num
			}
			fieldNum[c][f] = num
			if v != "" {
				parts[c][f] = model.IDPart(v)
				known[c] |= 1 << f
			}
		}
	}
	var tags []string
	tagIdx := map[string]int32{}
	tagAt := make([]int32, nc*64) // (curve*64 + mask) → 1 + index into tags; 0 not yet
	tagOf := func(o, c int32) string {
		a, b := &fieldNum[o], &fieldNum[c]
		var mask uint8
		for f := range b {
			if a[f] != b[f] {
				mask |= 1 << f
			}
		}
		mask &= known[c]
		t := tagAt[int(c)*64+int(mask)]
		if t == 0 {
			// the rule's tag (model/idnames.go curveTag) without its allocations
			buf = buf[:0]
			for f := range b {
				if mask&(1<<f) != 0 {
					if len(buf) > 0 {
						buf = append(buf, '-')
					}
					buf = append(buf, parts[c][f]...)
				}
			}
			if len(buf) == 0 {
				buf = append(buf, model.Unknown...)
			}
			if t = tagIdx[string(buf)]; t == 0 {
				tags = append(tags, string(buf))
				t = int32(len(tags))
				tagIdx[tags[t-1]] = t
			}
			tagAt[int(c)*64+int(mask)] = t
		}
		return tags[t-1]
	}
	taken := newGivenIDs(points, n)
	next := make(map[string]*int) // next suffix number to try per "<id>@<source>"
	// Each block's first-choice IDs are made and hashed first, and the
	// table slots they will probe read, so that the block's probes, one
	// after the other, find them in the cache.
	var cand []byte
	var candEnd [model.WarmBlock]int32
	var candHash [model.WarmBlock]uint64
	var candDated [model.WarmBlock]bool
	for lo := 0; lo < n; lo += model.WarmBlock {
		hi := min(lo+model.WarmBlock, n)
		cand = cand[:0]
		for i := lo; i < hi; i++ {
			base := bases[baseOf[i]]
			cand = append(cand, base...)
			if o := owner[baseOf[i]]; o != curveOf[i] {
				cand = append(append(cand, '@'), tagOf(o, curveOf[i])...)
			}
			dated := dateOf[i] != 0 && cfgMulti[cfgOf[i]]
			if dated {
				cand = append(append(cand, '@'), dates.Texts[dateOf[i]]...)
			}
			k := i - lo
			start := 0
			if k > 0 {
				start = int(candEnd[k-1])
			}
			candEnd[k], candDated[k] = int32(len(cand)), dated
			candHash[k] = taken.hash(cand[start:])
		}
		// The slots read in a loop of their own, a few instructions each:
		// read in the loop above, each read waited for its slot before
		// the next candidate's work could go on.
		for _, h := range candHash[:hi-lo] {
			warm += taken.warm(h)
		}
		for i := lo; i < hi; i++ {
			base := bases[baseOf[i]]
			k := i - lo
			start := 0
			if k > 0 {
				start = int(candEnd[k-1])
			}
			buf = append(buf[:0], cand[start:candEnd[k]]...)
			// Beside dated runs of another source, a run carries its source: the
			// bare ID never names one measurement among several.
			h := candHash[k]
			dup := taken.hasHashed(buf, h)
			if dup || (!candDated[k] && cbMulti[cbOf[i]]) {
				buf = append(append(buf, '@'), points[i].Source...)
				if h, dup = taken.has(buf); dup {
					stem := len(buf)
					nx := suffixCounter(next, buf)
					n := max(*nx, 2)
					for buf = strconv.AppendInt(append(buf[:stem], '-'), int64(n), 10); ; buf = strconv.AppendInt(append(buf[:stem], '-'), int64(n), 10) {
						if h, dup = taken.has(buf); !dup {
							break
						}
						n++
					}
					*nx = n + 1
				}
			}
			taken.give(int32(i), h, buf, base)
		}
	}
	taken.giveBack()
	if facts == nil { // else facts owns them
		mem.Give(baseOf)
		mem.Give(dateOf)
		mem.Give(srcOf)
	}
	for _, s := range [][]int32{cbOf, cbFirst, cfgNext, cfgSrc, cfgDate, cfgOf} {
		mem.Give(s)
	}
	mem.Give(cbMulti)
	mem.Give(cfgMulti)
	// Used, the sum keeps the slots' reads (taken.warm, inlined): unused,
	// the compiler dropped them, and each probe waited on its slot.
	warmSink.Add(int64(warm))
}

// suffixCounter is the next suffix number to try for a stem
// ("<id>@<source>", taken already), looked up without building the
// stem's string: one string per stem, not one per repeated run.
func suffixCounter(next map[string]*int, stem []byte) *int {
	nx := next[string(stem)]
	if nx == nil {
		nx = new(int)
		next[string(stem)] = nx
	}
	return nx
}

// idHash hashes IDs (a test makes every hash collide).
var idHash = maphash.Bytes

// givenIDs gives the points their IDs and is the set of IDs given so far,
// as a table from each ID's hash to the first point that has it: a million
// IDs cost an open-addressed table of integers, not a map of strings, and
// a probe reads one slot. IDs whose hashes collide with another's go to a
// string set. An ID other than its bare base ID is appended to an arena
// of a few megabytes and is a string of the arena's bytes, given to its
// point at once: an allocation per arena, not per point. Bytes appended
// are never written again (a full arena is left to its strings and a new
// one begun), so the strings stay what they were made.
//
// Each ID written into its point as it is made, the write's miss on the
// point's memory is hidden by the work around it; the IDs were once
// written when an arena was full, a quarter of a million points in a
// loop that did nothing else and waited on each (88 % of give's samples
// at that one store).
type givenIDs struct {
	points []model.Point
	seed   maphash.Seed
	slots  []idSlot // a power of two, at most half used
	other  map[string]bool
	arena  []byte
}

// idSlot is a hash and the first point given an ID of it, plus one (0 for
// an empty slot).
type idSlot struct {
	h uint64
	j int32
}

// arenaBytes is how large an arena is at most (a test makes it small).
var arenaBytes = 8 << 20

func newGivenIDs(points []model.Point, n int) *givenIDs {
	s := &givenIDs{points: points, seed: maphash.MakeSeed(), slots: mem.Take[idSlot](1 << bits.Len(uint(2*n+1)))}
	return s
}

// giveBack gives the table back (mem.Give): s is not used again.
func (s *givenIDs) giveBack() {
	mem.Give(s.slots)
	*s = givenIDs{}
}

// hash is id's hash in the table.
func (s *givenIDs) hash(id []byte) uint64 { return idHash(s.seed, id) }

// warm reads the slot a probe for h starts at; the sum means nothing.
func (s *givenIDs) warm(h uint64) int { return int(s.slots[h&uint64(len(s.slots)-1)].j) }

// first is the first point given an ID of hash h.
func (s *givenIDs) first(h uint64) (int32, bool) {
	mask := uint64(len(s.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		switch sl := &s.slots[i]; {
		case sl.j == 0:
			return 0, false
		case sl.h == h:
			return sl.j - 1, true
		}
	}
}

// has reports whether id was given, with its hash for give.
func (s *givenIDs) has(id []byte) (uint64, bool) {
	h := s.hash(id)
	return h, s.hasHashed(id, h)
}

// hasHashed is has of an id whose hash is h.
func (s *givenIDs) hasHashed(id []byte, h uint64) bool {
	j, ok := s.first(h)
	if !ok {
		return false
	}
	return s.points[j].ID == string(id) || s.other[string(id)]
}

// give gives point i the ID id (hash h), the interned base when it is
// the bare base ID.
func (s *givenIDs) give(i int32, h uint64, id []byte, base string) {
	if string(id) == base {
		s.points[i].ID = base
	} else {
		if len(s.arena)+len(id) > cap(s.arena) {
			// a new arena, the full one left to its strings
			s.arena = mem.Fresh[byte](max(min(arenaBytes, 32*(len(s.points)-int(i))), len(id)))[:0] // IDs are short
		}
		at := len(s.arena)
		s.arena = append(s.arena, id...)
		s.points[i].ID = intern.Frozen(s.arena[at : at+len(id)])
	}
	j, ok := s.first(h)
	switch {
	case !ok:
		s.put(h, i)
	case s.points[j].ID != string(id):
		if s.other == nil {
			s.other = map[string]bool{}
		}
		s.other[string(id)] = true
	}
}

// put adds hash h, not in the table, for point i.
func (s *givenIDs) put(h uint64, i int32) {
	mask := uint64(len(s.slots) - 1)
	for k := h & mask; ; k = (k + 1) & mask {
		if sl := &s.slots[k]; sl.j == 0 {
			sl.h, sl.j = h, i+1
			return
		}
	}
}

// warmSink keeps the warming reads' sums from being optimised away.
var warmSink atomic.Int64
