package sources

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strings"

	"github.com/sweeptune/sweeptune/internal/jsonscan"
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

func (s *jsonScan) ws() { s.pos = jsonscan.SkipSpace(s.data, s.pos) }

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
		if i = jsonscan.NextSpecial(data, i); i >= len(data) {
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
	s.pos = jsonscan.NumberEnd(s.data, s.pos)
	raw := s.data[start:s.pos]
	f, ok := jsonscan.NumberValue(raw)
	if !ok {
		s.pos = start
		s.fail("bad number %q", raw)
		return jval{}
	}
	return jval{kind: 'n', num: f, raw: raw}
}

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
