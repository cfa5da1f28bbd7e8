package sources

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"math/bits"
	"strconv"
	"strings"
)

// jsonScan is a small JSON reader for the result formats. encoding/json is
// too slow for 100 MB API dumps and gives up on a whole array at the first
// wrong-typed field; this reader lets a row's decoder report a bad field,
// skip just that value and carry on, while a syntax error (a truncated
// file) stops the scan with the position of the fault.
type jsonScan struct {
	data []byte
	pos  int
	err  error // first syntax error; nothing after it is trusted

	// Duplicate keys of the objects read with members (the last value
	// wins, as in encoding/json, but not silently): where each is, and the
	// keys of every object open at each depth.
	path []pathSeg
	objs []objKeys
	dups []jsonDup
}

// pathSeg is one step of the path to the value being read: an object key,
// or an array index (key nil).
type pathSeg struct {
	key []byte
	idx int
}

// objKeys are the keys read so far of one open object; the bloom bits let
// the common case (no repeat) skip comparing keys.
type objKeys struct {
	bloom [4]uint64
	keys  []keyAt
}

type keyAt struct {
	key []byte
	pos int
}

// jsonDup is one repeated key: its path and the offsets of both.
type jsonDup struct {
	path       string
	pos, first int
}

// pathText words the current path with key appended: [0].metrics.tput_per_gpu.
func (s *jsonScan) pathText(key []byte) string {
	var b strings.Builder
	for _, seg := range s.path {
		if seg.key == nil {
			fmt.Fprintf(&b, "[%d]", seg.idx)
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.Write(seg.key)
	}
	if b.Len() > 0 {
		b.WriteByte('.')
	}
	b.Write(key)
	return b.String()
}

// noteKey records key (at pos) in the object open at depth, and a
// duplicate when it was there already.
func (s *jsonScan) noteKey(depth int, key []byte, pos int) {
	for len(s.objs) <= depth {
		s.objs = append(s.objs, objKeys{})
	}
	o := &s.objs[depth]
	// A cheap hash (length, first, middle and last byte) is enough: a
	// collision only costs comparing the keys.
	h := uint32(len(key))
	if n := len(key); n > 0 {
		h = (h<<24 | uint32(key[0])<<16 | uint32(key[n/2])<<8 | uint32(key[n-1])) * 2654435761
		h ^= h >> 15
	}
	word, bit := (h>>6)&3, uint64(1)<<(h&63)
	if o.bloom[word]&bit != 0 {
		for _, k := range o.keys {
			if bytes.Equal(k.key, key) {
				if len(s.dups) <= maxDupWarnings {
					s.dups = append(s.dups, jsonDup{path: s.pathText(key), pos: pos, first: k.pos})
				} else {
					s.dups = append(s.dups, jsonDup{}) // counted only
				}
				return
			}
		}
	}
	o.bloom[word] |= bit
	o.keys = append(o.keys, keyAt{key, pos})
}

// maxDupWarnings bounds the warnings one file's repeated keys give; the
// rest are counted in one more.
const maxDupWarnings = 20

// dupWarnings words the repeated keys of the scan as warnings of file.
func (s *jsonScan) dupWarnings(file string) []Warning {
	var out []Warning
	for i, d := range s.dups {
		if i == maxDupWarnings {
			out = append(out, Warning{File: file, Msg: fmt.Sprintf("%d more repeated keys; the last value of each is used", len(s.dups)-maxDupWarnings)})
			break
		}
		out = append(out, Warning{File: file, Field: fmt.Sprintf("%s (line %d)", d.path, lineAt(s.data, d.pos)),
			Msg: fmt.Sprintf("key repeated (first at line %d); the last value is used", lineAt(s.data, d.first))})
	}
	return out
}

// jval is one scalar value, or the kind of a skipped composite.
type jval struct {
	kind byte // 's' string, 'n' number, 'b' bool, 'z' null, 'o' object, 'a' array
	raw  []byte
	esc  bool // the string has escapes: decode before use
	num  float64
	b    bool
}

func (v jval) kindName() string {
	switch v.kind {
	case 's':
		return "a string"
	case 'n':
		return "a number"
	case 'b':
		return "a boolean"
	case 'z':
		return "null"
	case 'o':
		return "an object"
	case 'a':
		return "an array"
	}
	return "nothing"
}

// text returns a string value, decoding escapes only when there are any.
func (v jval) text() string {
	if !v.esc {
		return string(v.raw)
	}
	var s string
	q := make([]byte, 0, len(v.raw)+2)
	q = append(append(append(q, '"'), v.raw...), '"')
	if json.Unmarshal(q, &s) != nil {
		return string(v.raw)
	}
	return s
}

func (s *jsonScan) fail(format string, args ...any) {
	if s.err == nil {
		s.err = fmt.Errorf("line %d: %s", lineAt(s.data, s.pos), fmt.Sprintf(format, args...))
	}
	s.pos = len(s.data)
}

// lineAt is the 1-based line of a byte offset; used only when reporting.
func lineAt(data []byte, pos int) int {
	if pos > len(data) {
		pos = len(data)
	}
	return 1 + bytes.Count(data[:pos], []byte{'\n'})
}

func (s *jsonScan) ws() { s.pos = skipSpace(s.data, s.pos) }

// wordAt reports that w stands at p, and the offset after it.
func wordAt(data []byte, p int, w string) (int, bool) {
	if bytes.HasPrefix(data[p:], []byte(w)) {
		return p + len(w), true
	}
	return p, false
}

// peek returns the next non-space byte, 0 at the end.
func (s *jsonScan) peek() byte {
	s.ws()
	if s.pos >= len(s.data) {
		return 0
	}
	return s.data[s.pos]
}

func (s *jsonScan) expect(c byte) bool {
	if s.peek() != c {
		if s.pos >= len(s.data) {
			s.fail("unexpected end of file (truncated?), want %q", c)
		} else {
			s.fail("want %q, found %q", c, s.data[s.pos])
		}
		return false
	}
	s.pos++
	return true
}

// str reads a string at pos (after the opening quote has been checked).
// One pass finds the closing quote (a quote after an odd run of
// backslashes is escaped), notes escapes and refuses control characters,
// eight bytes at a time between them; an unterminated string is reported
// as that, whatever it holds.
func (s *jsonScan) str() (raw []byte, esc bool, ok bool) {
	if !s.expect('"') {
		return nil, false, false
	}
	data, start := s.data, s.pos
	ctrl := false
	for i := start; i < len(data); {
		if i = nextSpecial(data, i); i >= len(data) {
			break
		}
		switch c := data[i]; {
		case c == '"':
			if ctrl {
				s.fail("control character in string")
				return nil, false, false
			}
			s.pos = i + 1
			return data[start:i], esc, true
		case c == '\\':
			esc = true
			if i+1 < len(data) && data[i+1] < 0x20 {
				ctrl = true
			}
			i += 2
			continue
		case c < 0x20:
			ctrl = true
		}
		i++
	}
	s.fail("unterminated string (truncated?)")
	return nil, false, false
}

// nextSpecial steps from i over string bytes eight at a time to the first
// that a scan must look at, or to the last few bytes, which it leaves to
// the caller one at a time; both string scans (jsonScan.str and the fast
// path's plain) run through it.
func nextSpecial(data []byte, i int) int {
	for i+8 <= len(data) {
		if m := strSpecial(binary.LittleEndian.Uint64(data[i:])); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
		i += 8
	}
	return i
}

// strSpecial marks the bytes of x (eight string bytes, the first lowest)
// that a string scan must look at: a quote, a backslash or a control
// character. The lowest mark is always right; marks above it may be false
// (a borrow), and the scan never trusts them.
func strSpecial(x uint64) uint64 {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	q := x ^ ('"' * ones)
	b := x ^ ('\\' * ones)
	return ((q-ones)&^q | (b-ones)&^b | (x-0x20*ones)&^x) & highs
}

// value reads one value. Composites are skipped and reported by kind only;
// callers that want to descend check peek() for '{' first.
func (s *jsonScan) value() jval {
	switch c := s.peek(); c {
	case '"':
		raw, esc, ok := s.str()
		if !ok {
			return jval{}
		}
		return jval{kind: 's', raw: raw, esc: esc}
	case '{', '[':
		s.skip()
		if c == '{' {
			return jval{kind: 'o'}
		}
		return jval{kind: 'a'}
	case 't':
		if s.word("true") {
			return jval{kind: 'b', b: true}
		}
	case 'f':
		if s.word("false") {
			return jval{kind: 'b'}
		}
	case 'n':
		if s.word("null") {
			return jval{kind: 'z'}
		}
	case 'N':
		if s.word("NaN") {
			return jval{kind: 'n', num: math.NaN(), raw: []byte("NaN")}
		}
	case 'I':
		if s.word("Infinity") {
			return jval{kind: 'n', num: math.Inf(1), raw: []byte("Infinity")}
		}
	case 0:
		s.fail("unexpected end of file (truncated?)")
		return jval{}
	default:
		if c == '-' || (c >= '0' && c <= '9') {
			return s.number()
		}
	}
	if s.err == nil {
		s.fail("unexpected %q", s.data[s.pos])
	}
	return jval{}
}

func (s *jsonScan) word(w string) (ok bool) {
	s.pos, ok = wordAt(s.data, s.pos, w)
	return ok
}

func (s *jsonScan) number() jval {
	start := s.pos
	if s.data[s.pos] == '-' && s.word("-Infinity") {
		return jval{kind: 'n', num: math.Inf(-1), raw: []byte("-Infinity")}
	}
	s.pos = numberEnd(s.data, s.pos)
	raw := s.data[start:s.pos]
	f, ok := numberValue(raw)
	if !ok {
		s.pos = start
		s.fail("bad number %q", raw)
		return jval{}
	}
	return jval{kind: 'n', num: f, raw: raw}
}

// numberEnd is the end of the number starting at i: every byte a number
// may hold, checked after (numberValue).
func numberEnd(data []byte, i int) int {
	for i < len(data) {
		switch c := data[i]; {
		case c >= '0' && c <= '9', c == '-', c == '.', c == 'e', c == 'E', c == '+':
			i++
		default:
			return i
		}
	}
	return i
}

// numberValue is the value of a number's bytes; false when they are no
// number. Out of range is a value (±Inf, 0), for the caller to judge.
func numberValue(raw []byte) (float64, bool) {
	// Fast path: short plain integers are most of the topology fields.
	if len(raw) > 0 && len(raw) < 16 && raw[0] != '-' {
		var n int64
		for _, c := range raw {
			if c < '0' || c > '9' {
				n = -1
				break
			}
			n = n*10 + int64(c-'0')
		}
		if n >= 0 {
			return float64(n), true
		}
	}
	if f, ok := exactFloat(raw); ok {
		return f, true
	}
	f, err := strconv.ParseFloat(string(raw), 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			return f, true
		}
		return 0, false
	}
	return f, true
}

// exactFloat parses the common decimal (digits, a point, digits, an
// optional exponent) of at most 19 digits to the float64 nearest its
// value, ties to even, as strconv.ParseFloat does, so the value is the
// same bit for bit. When the digits fit 53 bits and the power of ten is
// one a float64 holds exactly, both operands are exact and one IEEE
// multiplication or division rounds (strconv's own first step, bounded
// there at 52 bits). Longer digits over a power of ten up to 10^19 (the
// 17-digit numbers Python writes) are divided in 128 bits and rounded by
// the remainder (roundQuotient). Anything else (more digits, a sign, a
// far exponent, a malformed number) is left to strconv (ok false).
func exactFloat(raw []byte) (float64, bool) {
	var mant uint64
	digits, exp, i := 0, 0, 0
	for ; i < len(raw) && raw[i] >= '0' && raw[i] <= '9'; i++ {
		if digits == 19 {
			return 0, false // mant could wrap
		}
		mant = mant*10 + uint64(raw[i]-'0')
		digits++
	}
	if digits == 0 {
		return 0, false
	}
	if i < len(raw) && raw[i] == '.' {
		i++
		frac := i
		for ; i < len(raw) && raw[i] >= '0' && raw[i] <= '9'; i++ {
			if digits == 19 {
				return 0, false
			}
			mant = mant*10 + uint64(raw[i]-'0')
			digits++
		}
		if i == frac {
			return 0, false
		}
		exp = frac - i
	}
	if i < len(raw) && (raw[i] == 'e' || raw[i] == 'E') {
		e, next, ok := exponentAt(raw, i)
		if !ok {
			return 0, false
		}
		exp, i = exp+e, next
	}
	if i != len(raw) {
		return 0, false
	}
	return mantExp(mant, exp)
}

// exponentAt reads the exponent whose 'e' or 'E' is data[i]: a sign, then
// one to four digits (what follows is the caller's to judge); its value
// and the offset after it, false when no digit follows.
func exponentAt(data []byte, i int) (e, next int, ok bool) {
	i++
	neg := false
	if i < len(data) && (data[i] == '+' || data[i] == '-') {
		neg = data[i] == '-'
		i++
	}
	n := 0
	for ; i < len(data) && data[i]-'0' <= 9 && n < 4; i++ {
		e = e*10 + int(data[i]-'0')
		n++
	}
	if neg {
		e = -e
	}
	return e, i, n > 0
}

// mantExp is mant·10^exp rounded as exactFloat rounds it (mant of at most
// 19 digits); false when that takes strconv.
func mantExp(mant uint64, exp int) (float64, bool) {
	if mant>>53 != 0 {
		if exp < 0 && exp >= -19 {
			return roundQuotient(mant, uint64pow10[-exp]), true
		}
		return 0, false
	}
	f := float64(mant)
	switch {
	case exp == 0:
		return f, true
	case exp > 0 && exp <= 15+22:
		if exp > 22 {
			f *= float64pow10[exp-22]
			exp = 22
		}
		if f > 1e15 {
			return 0, false
		}
		return f * float64pow10[exp], true
	case exp < 0 && exp >= -22:
		return f / float64pow10[-exp], true
	}
	return 0, false
}

// roundQuotient is m/d rounded to the nearest float64, ties to even, for
// m of 54 to 64 bits and d = 10^k, 1 ≤ k ≤ 19. m·2^s/d is divided in 128
// bits, s chosen so the quotient q has 63 or 64 bits: q, what it holds past
// 53 bits and the remainder r (nonzero: more than a tie) decide the
// rounding exactly, and the result is a normal number (at least 2^53/10^19).
func roundQuotient(m, d uint64) float64 {
	s := 63 - bits.Len64(m) + bits.Len64(d) // from 3 (m 64 bits, d = 10) to 73
	var hi, lo uint64
	if s >= 64 {
		hi = m << (s - 64)
	} else {
		hi, lo = m>>(64-s), m<<s
	}
	q, r := bits.Div64(hi, lo, d) // hi < d: m·2^s < 2^(63+len(d))
	t := bits.Len64(q) - 53
	mant, rest, half := q>>t, q&(1<<t-1), uint64(1)<<(t-1)
	if rest > half || rest == half && (r != 0 || mant&1 == 1) {
		mant++
		if mant == 1<<53 {
			mant >>= 1
			t++
		}
	}
	// mant·2^(t-s), mant of 53 bits and the result normal: its bits made
	// directly (math.Ldexp normalises first, 1 % of a parse).
	return math.Float64frombits(uint64(t-s+52+1023)<<52 | mant&(1<<52-1))
}

// uint64pow10 are the powers of ten a uint64 holds.
var uint64pow10 = func() (p [20]uint64) {
	p[0] = 1
	for i := 1; i < len(p); i++ {
		p[i] = p[i-1] * 10
	}
	return p
}()

// float64pow10 are the powers of ten a float64 holds exactly.
var float64pow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9,
	1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// maxJSONDepth bounds nesting, as encoding/json does: no result file nests
// deeper, and a hostile one must not cost a stack per level.
const maxJSONDepth = 10000

// skip passes over one value of any kind. It keeps the open containers on
// a small explicit stack, never on the goroutine's: 40 million nested
// arrays are an error, not a stack overflow.
func (s *jsonScan) skip() {
	var open []byte // the closing byte of each container we are inside
	for {
		switch c := s.peek(); c {
		case '{', '[':
			s.pos++
			end := byte('}')
			if c == '[' {
				end = ']'
			}
			if s.peek() == end {
				s.pos++
				break // an empty container is a whole value
			}
			if len(open) >= maxJSONDepth {
				s.fail("nested deeper than %d levels", maxJSONDepth)
				return
			}
			open = append(open, end)
			if end == '}' && !s.memberKey() {
				return
			}
			continue // the first member's value
		default:
			s.value()
		}
		// A value ended: close what ends here, or go on to the next member.
		for {
			if s.err != nil || len(open) == 0 {
				return
			}
			end := open[len(open)-1]
			if s.endOrComma(end) {
				if end == '}' && !s.memberKey() {
					return
				}
				break
			}
			if s.err != nil {
				return
			}
			open = open[:len(open)-1]
		}
	}
}

// memberKey reads an object key and its colon.
func (s *jsonScan) memberKey() bool {
	if _, _, ok := s.str(); !ok {
		return false
	}
	return s.expect(':')
}

// endOrComma consumes a ',' (more follows: true) or the closing byte (false).
func (s *jsonScan) endOrComma(end byte) bool {
	switch s.peek() {
	case ',':
		s.pos++
		return true
	case end:
		s.pos++
		return false
	case 0:
		s.fail("unexpected end of file (truncated?), want ',' or %q", end)
	default:
		s.fail("want ',' or %q, found %q", end, s.data[s.pos])
	}
	return false
}

// members calls fn for each key of the object at pos; fn must consume the
// value (s.value, s.skip or a nested members).
func (s *jsonScan) members(fn func(key []byte)) {
	if !s.expect('{') {
		return
	}
	if s.peek() == '}' {
		s.pos++
		return
	}
	depth := len(s.path)
	if depth < len(s.objs) {
		s.objs[depth].bloom = [4]uint64{}
		s.objs[depth].keys = s.objs[depth].keys[:0]
	}
	defer func() { s.path = s.path[:depth] }()
	for s.err == nil {
		at := s.pos
		key, esc, ok := s.str()
		if !ok {
			return
		}
		if esc {
			key = []byte(jval{raw: key, esc: true}.text())
		}
		if !s.expect(':') {
			return
		}
		s.noteKey(depth, key, at)
		s.path = append(s.path[:depth], pathSeg{key: key})
		fn(key)
		s.path = s.path[:depth]
		if s.err != nil || !s.endOrComma('}') {
			return
		}
	}
}

// elements calls fn for each element of the array at pos, with its index;
// fn must consume the element.
func (s *jsonScan) elements(fn func(i int)) {
	if !s.expect('[') {
		return
	}
	if s.peek() == ']' {
		s.pos++
		return
	}
	depth := len(s.path)
	defer func() { s.path = s.path[:depth] }()
	for i := 0; s.err == nil; i++ {
		s.path = append(s.path[:depth], pathSeg{idx: i})
		fn(i)
		s.path = s.path[:depth]
		if s.err != nil || !s.endOrComma(']') {
			return
		}
	}
}

// atEnd reports trailing garbage after the top-level value as a syntax error.
func (s *jsonScan) atEnd() {
	if s.err == nil && s.peek() != 0 {
		s.fail("unexpected %q after the end of the document", s.data[s.pos])
	}
}

// interner shares the few distinct strings (model, hardware, image…) of a
// large file between its rows, so 100,000 rows do not hold 100,000 copies.
type interner map[string]string

func (in interner) get(b []byte) string {
	if s, ok := in[string(b)]; ok {
		return s
	}
	return in.add(b)
}

// add is b as a string, kept for the rows after while there is room.
func (in interner) add(b []byte) string {
	s := string(b)
	if len(in) < 4096 {
		in[s] = s
	}
	return s
}
