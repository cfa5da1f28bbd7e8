// Package fastrows reads the API rows everyone writes on a fast path:
// plain keys, each once, and values of the kinds their fields take. Row
// decodes such a row with no per-member bookkeeping (no key paths, no
// duplicate lists, no decoded values passed around) and gives up, having
// changed nothing the general decoder reads, at the first thing that is
// not plain: an escape, a repeated key, a value of another kind or a
// container under an unknown key, a bad number, anything out of the
// grammar. The row is then decoded again by the general path (sources),
// which words every problem. On what it takes, it fills the row as the
// general path would (sources' FuzzAPIRowsFastPath compares both).
//
// It reads into the row both share (sources/resultrow) with the byte
// steps both share (internal/jsonscan); it never calls the general path,
// and the general path calls it at one place, chosen by the load.
package fastrows

import (
	"bytes"
	"math"

	"github.com/sweeptune/sweeptune/internal/intern"
	"github.com/sweeptune/sweeptune/internal/jsonscan"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/resultrow"
)

// Decoder is what the fast path keeps from one row of a file to the next;
// its zero value is ready.
type Decoder struct {
	topSlots, metricSlots []keySlot                 // the keys by position
	lastStr               [resultrow.NumKeys]string // … and each string field's last value
	strMisses             [resultrow.NumKeys]uint32 // … and how many rows in a row it was new to the interner
	newStrs               strArena                  // … where the values the interner passes by are kept
	recent                recentStrs                // … and the interner's values asked for lately

	strs intern.Table // the file's interner, shared with the general decoder (set by Row)
}

// keySlot remembers the key a row had at one member position, its id, and
// the lead before its value: rows of one file list their keys in one
// order, so a member is most often the one the row before had at that
// place, found by its lead (keyLead.at), or when the lead differs (other
// spacing) by its key, one string comparison (slotID).
type keySlot struct {
	key  string
	id   int8
	lead keyLead // the bytes before the key's value last time
}

// maxKeySlots bounds the positions remembered (and a row's unknown keys).
const maxKeySlots = 64

// slotID is key's id (resultrow.KeyID, or resultrow.MetricNames for a metrics member),
// remembered at position i of slots.
func slotID(slots *[]keySlot, i int, key []byte, lookup func([]byte) int8) int8 {
	if i < len(*slots) && (*slots)[i].key == string(key) {
		return (*slots)[i].id
	}
	id := lookup(key)
	if i < maxKeySlots {
		for len(*slots) <= i {
			*slots = append(*slots, keySlot{id: -2})
		}
		(*slots)[i] = keySlot{key: string(key), id: id}
	}
	return id
}

func metricKeyID(key []byte) int8 {
	if m, ok := resultrow.MetricNames[string(key)]; ok {
		return int8(m)
	}
	return -1
}

// fastScan is the row being read: the file and a position in it.
type fastScan struct {
	data []byte
	p    int
}

func (f *fastScan) space() { f.p = jsonscan.SkipSpace(f.data, f.p) }

// at reports that the next byte (after space) is c, and consumes it.
func (f *fastScan) at(c byte) bool {
	f.space()
	if f.p < len(f.data) && f.data[f.p] == c {
		f.p++
		return true
	}
	return false
}

// plain reads a string with no escape and no control character.
func (f *fastScan) plain() ([]byte, bool) {
	if !f.at('"') {
		return nil, false
	}
	data, start := f.data, f.p
	for i := start; i < len(data); {
		if i = jsonscan.NextSpecial(data, i); i >= len(data) {
			break
		}
		if data[i] == '"' {
			f.p = i + 1
			return data[start:i], true
		}
		if data[i] == '\\' || data[i] < 0x20 {
			return nil, false
		}
		i++
	}
	return nil, false
}

// word consumes w (true, false) when it is next, byte by byte, the first
// byte most often deciding (wordAt's call to compare had cost 5 % of the
// parse).
func (f *fastScan) word(w string) bool {
	d, p := f.data, f.p
	if len(d)-p < len(w) {
		return false
	}
	for i := 0; i < len(w); i++ {
		if d[p+i] != w[i] {
			return false
		}
	}
	f.p = p + len(w)
	return true
}

// null consumes a null: an absent value for every field. It is looked
// for before every value: the first byte, most often not an n, decides.
func (f *fastScan) null() bool {
	f.space()
	d, p := f.data, f.p
	if p+4 <= len(d) && d[p] == 'n' && d[p+1] == 'u' && d[p+2] == 'l' && d[p+3] == 'l' {
		f.p = p + 4
		return true
	}
	return false
}

// number reads a number that does not start with a sign, as the general
// scanner reads it (the same bytes, the same value), refusing what it
// would refuse.
func (f *fastScan) number() (float64, bool) {
	f.space()
	start := f.p
	if start >= len(f.data) || f.data[start]-'0' > 9 {
		return 0, false
	}
	if end, v, ok := jsonscan.PlainNumber(f.data, start); ok {
		f.p = end
		return v, true
	}
	f.p = jsonscan.NumberEnd(f.data, start)
	return jsonscan.NumberValue(f.data[start:f.p])
}

// count reads a whole number of at most nine digits (the general path
// takes more forms, and refuses some: those are left to it). Its digits
// are read once, here: a number() would read them, then its value, then
// count would read them again. What number() would read on into (a
// fraction, an exponent, a sign) makes it no count, as before.
func (f *fastScan) count(dst *int) bool {
	if f.null() {
		return true
	}
	d, p := f.data, f.p
	n, i := 0, p
	for ; i < len(d) && i-p <= 9 && d[i]-'0' <= 9; i++ {
		n = n*10 + int(d[i]-'0')
	}
	if i == p || i-p > 9 {
		return false
	}
	if i < len(d) {
		switch c := d[i]; c {
		case '.', 'e', 'E', '-', '+':
			return false
		}
	}
	f.p = i
	*dst = n
	return true
}

// gpus is count, refusing 0 (the general path words it).
func (f *fastScan) gpus(dst *int) bool {
	n := -1
	if !f.count(&n) {
		return false
	}
	if n == 0 {
		return false
	}
	if n > 0 {
		*dst = n
	}
	return true
}

func (f *fastScan) boolean(dst *bool) bool {
	f.space()
	switch {
	case f.word("true"):
		*dst = true
	case f.word("false"):
		*dst = false
	default:
		return f.word("null")
	}
	return true
}

// skip passes over the value of a key the row does not read when it is
// a scalar the fast path reads (a plain string, a number without a sign,
// true, false, null), as the general path would; anything else (a
// container, an escape) is not plain: false, for the general path.
func (f *fastScan) skip() bool {
	if f.null() {
		return true
	}
	if f.p >= len(f.data) {
		return false
	}
	switch c := f.data[f.p]; {
	case c == '"':
		_, ok := f.plain()
		return ok
	case c == 't':
		return f.word("true")
	case c == 'f':
		return f.word("false")
	case c-'0' <= 9:
		_, ok := f.number()
		return ok
	}
	return false
}

// keySet tracks an object's keys for repeats: known ones by id, the
// others in a short list (held in place: no allocation per object).
type keySet struct {
	known    uint64
	unknown  [8][]byte
	nUnknown int
}

// add reports false when key was seen before (or the list is full); key
// is read for an unknown id (id < 0) only.
func (k *keySet) add(id int8, key []byte) bool {
	if id >= 0 {
		if k.known&(1<<id) != 0 {
			return false
		}
		k.known |= 1 << id
		return true
	}
	if k.nUnknown == len(k.unknown) {
		return false
	}
	for _, u := range k.unknown[:k.nUnknown] {
		if bytes.Equal(u, key) {
			return false
		}
	}
	k.unknown[k.nUnknown] = key
	k.nUnknown++
	return true
}

// members reads the members of an object (its '{' next) into r: a row's
// fields (field), or with metrics its metrics (metric); false at
// the first thing not plain. The two are called directly, not through a
// function value: a call per member.
func (d *Decoder) members(f *fastScan, r *resultrow.Row, metrics bool) bool {
	slots, lookup := &d.topSlots, resultrow.KeyID
	if metrics {
		slots, lookup = &d.metricSlots, metricKeyID
	}
	if !f.at('{') {
		return false
	}
	var seen keySet
	for i := 0; ; i++ {
		var key []byte
		var id int8
		if s := *slots; i < len(s) && s[i].lead.at(f.data, f.p) {
			slot := &s[i]
			if id = slot.id; id < 0 { // its bytes are needed for repeats
				at := f.p + slot.lead.keyOff
				key = f.data[at : at+len(slot.key)]
			}
			f.p += len(slot.lead.text)
		} else {
			var ok, end bool
			if key, id, end, ok = f.member(slots, i, lookup); !ok || end {
				return ok
			}
		}
		if !seen.add(id, key) {
			return false
		}
		switch {
		case id < 0:
			if !f.skip() {
				return false
			}
		case metrics:
			if !f.metric(id, r) {
				return false
			}
		case !d.field(f, id, r):
			return false
		}
	}
}

// member reads member i's lead when it is not the one remembered: the
// comma (none before the first), the key, the colon, and the spaces
// around them, up to the value, and remembers it for the rows after.
// end is the object's end instead (its '}' read).
func (f *fastScan) member(slots *[]keySlot, i int, lookup func([]byte) int8) (key []byte, id int8, end, ok bool) {
	from := f.p
	f.space()
	if f.p >= len(f.data) {
		return nil, 0, false, false
	}
	switch c := f.data[f.p]; {
	case c == '}':
		f.p++
		return nil, 0, true, true
	case i > 0 && c == ',':
		f.p++
	case i > 0:
		return nil, 0, false, false
	}
	if key, ok = f.plain(); !ok {
		return nil, 0, false, false
	}
	id = slotID(slots, i, key, lookup)
	keyAt := f.p - 1 - len(key)
	if !f.at(':') {
		return nil, 0, false, false
	}
	f.space()
	if i < len(*slots) {
		(*slots)[i].lead.remember(f.data, from, keyAt, f.p)
	}
	return key, id, false, true
}

// Row decodes the row at data[pos] (its '{') into r, which must be zero:
// the offset after the row, or false (r to be discarded) when the row is
// not plain. strs is the file's interner, which the general decoder
// shares: a string is the same string whichever path read it.
func (d *Decoder) Row(data []byte, pos int, r *resultrow.Row, strs intern.Table) (end int, ok bool) {
	d.strs = strs
	f := &fastScan{data: data, p: pos}
	if !d.members(f, r, false) {
		return pos, false
	}
	return f.p, true
}

// field reads the value of the known key id into r.
func (d *Decoder) field(f *fastScan, id int8, r *resultrow.Row) bool {
	fd := resultrow.Fields[id]
	switch fd.Kind {
	case resultrow.StrField:
		return d.str(f, id, r.Str(fd))
	case resultrow.BoolField:
		return f.boolean(r.Bool(fd))
	case resultrow.CountField:
		return f.count(r.Int(fd))
	case resultrow.GPUsField:
		return f.gpus(r.Int(fd))
	}
	if id != resultrow.KeyMetrics {
		return false
	}
	if f.null() {
		return true
	}
	return d.members(f, r, true)
}

// metric reads metric id's value, a number or null, into r.
func (f *fastScan) metric(id int8, r *resultrow.Row) bool {
	if f.null() {
		return true
	}
	v, ok := f.number()
	if !ok || math.IsNaN(v) || math.IsInf(v, 0) {
		return false
	}
	r.Metrics.Set(model.Metric(id), v)
	return true
}

// str reads a plain string or null. The string is the one key id had
// in the row before when it is the same (model, precision, image… most
// often are), else the interner's.
func (d *Decoder) str(f *fastScan, id int8, dst *string) bool {
	if f.null() {
		return true
	}
	raw, ok := f.plain()
	if !ok {
		return false
	}
	if last := d.lastStr[id]; last == string(raw) {
		*dst = last
		return true
	}
	// A key whose every value is new (a run URL) passes the interner by,
	// asking it again once in a while.
	if m := d.strMisses[id]; m >= internGiveUp && m%internRetry != 0 {
		d.strMisses[id]++
		*dst = d.newStrs.string(raw)
	} else if recent := d.recent.slot(id, raw); *recent == string(raw) {
		d.strMisses[id] = 0
		*dst = *recent
	} else if s, ok := d.strs[string(raw)]; ok {
		d.strMisses[id] = 0
		*dst, *recent = s, s
	} else {
		d.strMisses[id]++
		*dst = d.strs.Add(raw)
		*recent = *dst
	}
	d.lastStr[id] = *dst
	return true
}

// internGiveUp is how many values of a key in a row new to the interner
// make the fast path stop asking it, but every internRetry-th value.
const (
	internGiveUp = 64
	internRetry  = 256
)
