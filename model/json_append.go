package model

import (
	"math"
	"strconv"
	"unicode/utf8"
)

// AppendJSON appends the point as MarshalJSON writes it, byte for byte,
// without reflection: report --json writes a million points this way
// (through a JSONAppender, which also skips re-checking repeated strings).
// A point with a float encoding/json would refuse goes through MarshalJSON.
func (p *Point) AppendJSON(b []byte) ([]byte, error) {
	var a JSONAppender
	return a.Append(b, p)
}

// JSONAppender appends points as MarshalJSON writes them. It remembers,
// per field, the last string it found needs no escaping: the file, date,
// image, source and knobs' strings of a million points are checked once
// each, not once per point. The zero value is ready; one goroutine each.
type JSONAppender struct {
	plain [numPlainFields]string
	// unplain holds, as start and end pairs, where in the bytes appended
	// to the strings not plain (plainString) since the last ResetPlain lie.
	unplain   []int
	knobsMade knobsMemo
}

// AllPlain reports that every string appended since the last ResetPlain
// was printable ASCII written as it is: what was appended is then
// printable ASCII throughout (numbers, names and punctuation besides), and
// a writer that makes its output safe for a terminal has nothing to change
// in it.
func (a *JSONAppender) AllPlain() bool { return len(a.unplain) == 0 }

// Unplain is where the strings that were not plain lie since the last
// ResetPlain: start and end pairs, offsets into the slice each Append was
// given (one buffer appended to from empty: offsets into it). Every byte
// outside them is printable ASCII, so a writer that makes the output safe
// for a terminal need look at these alone. Valid until the next Append.
func (a *JSONAppender) Unplain() []int { return a.unplain }

// ResetPlain starts AllPlain's count afresh.
func (a *JSONAppender) ResetPlain() { a.unplain = a.unplain[:0] }

// jstr appends s as a JSON string (appendJSONString), noting one not plain.
func (a *JSONAppender) jstr(b []byte, s string) []byte {
	if plainString(s) {
		return append(append(append(b, '"'), s...), '"')
	}
	return a.noted(b, appendJSONString(b, s))
}

// noted notes the bytes after has past b's as not plain.
func (a *JSONAppender) noted(b, after []byte) []byte {
	a.unplain = append(a.unplain, len(b), len(after))
	return after
}

// The string fields JSONAppender remembers.
const (
	plainFile = iota
	plainDate
	plainImage
	plainRecipe
	plainVariant
	plainSource
	plainMode
	plainBalance
	plainSpec
	numPlainFields
)

// str appends s as a JSON string; f is its field's slot in a.plain.
func (a *JSONAppender) str(b []byte, f int, s string) []byte {
	if s == a.plain[f] {
		return append(append(append(b, '"'), s...), '"')
	}
	if plainString(s) {
		a.plain[f] = s
		return append(append(append(b, '"'), s...), '"')
	}
	return a.noted(b, appendJSONString(b, s))
}

// field appends the named string field (left out when empty) as jsonStr does.
func (a *JSONAppender) field(b []byte, start, f int, name, v string) []byte {
	if v == "" {
		return b
	}
	return a.str(field(b, start, name), f, v)
}

// Append appends p's JSON to b.
func (a *JSONAppender) Append(b []byte, p *Point) ([]byte, error) {
	if !p.FiniteJSON() {
		m, err := p.MarshalJSON() // encoding/json's bytes, not looked through here
		return a.noted(b, append(b, m...)), err
	}
	b = a.jstr(append(b, `{"id":`...), p.ID)
	if p.Label != "" {
		b = a.jstr(append(b, `,"label":`...), p.Label)
	}
	b = a.str(append(b, `,"source":`...), plainSource, string(p.Source))
	if g := p.GPUs(); g != 0 {
		b = strconv.AppendInt(append(b, `,"gpus":`...), int64(g), 10)
	}
	b = append(b, `,"knobs":`...)
	b = a.knobs(b, &p.Knobs)
	b = append(b, `,"metrics":`...)
	b = p.Metrics.AppendJSON(b)
	n := len(b)
	b = append(b, `,"provenance":{`...)
	start := len(b)
	pv := &p.Prov
	b = a.field(b, start, plainFile, "file", pv.File)
	if pv.RunURL != "" {
		b = a.jstr(field(b, start, "run_url"), pv.RunURL)
	}
	if pv.Branch != "" {
		b = a.jstr(field(b, start, "branch"), pv.Branch)
	}
	b = a.field(b, start, plainDate, "date", pv.Date)
	b = jsonFloat(b, start, "duration_s", pv.DurationS)
	b = jsonFloat(b, start, "projected_from_s", pv.ProjectedFromS)
	if pv.Raw != nil {
		b = pv.Raw.AppendJSON(field(b, start, "raw"))
	}
	b = a.field(b, start, plainImage, "image", pv.Image)
	b = a.field(b, start, plainRecipe, "recipe", pv.Recipe)
	b = a.field(b, start, plainVariant, "recipe_variant", pv.RecipeVariant)
	if len(b) == start {
		b = b[:n] // no provenance: left out
	} else {
		b = append(b, '}')
	}
	if s := p.Suspicion; s != nil {
		b = a.jstr(append(b, `,"suspect":{"rule":`...), s.Rule)
		b = a.jstr(append(b, `,"reason":`...), s.Why)
		if s.Admitted {
			b = append(b, `,"admitted":true`...)
		}
		b = append(b, '}')
	}
	return append(b, '}'), nil
}

// knobs is Knobs.appendJSON with the knobs' strings checked through a:
// all but the concurrency as knobsMade remembers them, when it does.
func (a *JSONAppender) knobs(b []byte, k *Knobs) []byte {
	b = append(b, '{')
	start := len(b)
	if made := a.knobsMade.of(k); made != nil {
		b = append(b, made...)
		b = jsonInt(b, start, "concurrency", k.Concurrency)
		return append(b, '}')
	}
	noted := len(a.unplain)
	b = a.knobsBeforeConcurrency(b, start, k)
	if len(a.unplain) == noted { // every string plain: the bytes stand alone
		a.knobsMade.keep(k, b[start:])
	}
	b = jsonInt(b, start, "concurrency", k.Concurrency)
	return append(b, '}')
}

// knobsBeforeConcurrency appends the knobs' fields before the concurrency.
func (a *JSONAppender) knobsBeforeConcurrency(b []byte, start int, k *Knobs) []byte {
	b = a.field(b, start, plainMode, "mode", string(k.Mode))
	b = k.Prefill.appendJSON(b, start, "prefill_")
	b = k.Decode.appendJSON(b, start, "decode_")
	b = jsonInt(b, start, "decode_bs", k.DecodeBS)
	b = jsonInt(b, start, "max_running_requests", k.MaxRunningRequests)
	b = jsonInt(b, start, "decode_extra_slots", k.DecodeExtraSlots)
	b = jsonInt(b, start, "decode_ranks", k.DecodeRanksSet)
	b = a.field(b, start, plainBalance, "balance", k.Balance)
	b = a.field(b, start, plainSpec, "spec_decoding", k.SpecDecoding)
	return jsonFloat(b, start, "acceptance_length", k.AcceptanceLength)
}

// appendJSON writes a role's fields, each name prefixed by its role, in
// MarshalJSON's order.
func (r *Role) appendJSON(b []byte, start int, prefix string) []byte {
	num := func(b []byte, name string, v int) []byte {
		if v == 0 {
			return b
		}
		if len(b) > start {
			b = append(b, ',')
		}
		b = append(append(append(append(b, '"'), prefix...), name...), '"', ':')
		return strconv.AppendInt(b, int64(v), 10)
	}
	b = num(b, "workers", r.Workers)
	b = num(b, "nodes", r.Nodes)
	b = num(b, "gpus", r.GPUs)
	b = num(b, "tp", r.TP)
	b = num(b, "ep", r.EP)
	if !r.DPAttn {
		return b
	}
	if len(b) > start {
		b = append(b, ',')
	}
	return append(append(append(b, '"'), prefix...), `dp_attention":true`...)
}

// FiniteJSON reports that every float of the point is finite (metrics
// are, by Metrics.Set): encoding/json refuses the others, and AppendJSON
// fails only on such a point.
func (p *Point) FiniteJSON() bool {
	for _, f := range [...]float64{p.Knobs.AcceptanceLength, p.Prov.DurationS, p.Prov.ProjectedFromS} {
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return false
		}
	}
	return true
}

// appendJSONString appends s quoted as encoding/json writes a string (HTML
// characters, U+2028 and U+2029 escaped, invalid UTF-8 as U+FFFD).
func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	if plainString(s) {
		return append(append(b, s...), '"')
	}
	const hex = "0123456789abcdef"
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(append(b, s[start:i]...), `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(append(b, s[start:i]...), '\\', 'u', '2', '0', '2', hex[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	return append(append(b, s[start:]...), '"')
}

// plainString reports that encoding/json writes s as is between quotes:
// printable ASCII but for "&<>\\.
// Eight bytes are checked at a time: IDs and run URLs of a million points
// are most of the strings a report writes.
func plainString(s string) bool {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		_ = s[i+7] // one bounds check for the eight bytes
		v := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
			uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
		if unplainBytes(v) != 0 {
			return false
		}
	}
	for ; i < len(s); i++ {
		if !plainByte[s[i]] {
			return false
		}
	}
	return true
}

// lowBytes has 1 in each byte.
const lowBytes = 0x0101010101010101

// unplainBytes is nonzero when some byte of v is not plain (plainByte):
// written without a closure, so that it is inlined into plainString's loop
// (a call a word was a tenth of the write's time in it).
func unplainBytes(v uint64) uint64 {
	// A byte < 0x20 borrows, a byte ≥ 0x7f carries or has bit 7: either
	// sets a high bit (a carry or borrow only next to a byte that does).
	// zeroByte is exact: a high bit only where some byte is zero.
	out := v - 0x20*lowBytes | (v + lowBytes) | v |
		zeroByte(v^'"'*lowBytes) | zeroByte(v^'\\'*lowBytes) | zeroByte(v^'<'*lowBytes) |
		zeroByte(v^'>'*lowBytes) | zeroByte(v^'&'*lowBytes)
	return out & (0x80 * lowBytes)
}

// zeroByte sets the high bit of some byte when a byte of x is zero.
func zeroByte(x uint64) uint64 { return (x - lowBytes) &^ x }

var plainByte = func() (t [256]bool) {
	for c := 0x20; c < 0x7f; c++ {
		t[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return t
}()

// field starts "name": after a comma unless it is the object's first.
func field(b []byte, start int, name string) []byte {
	if len(b) > start {
		b = append(b, ',')
	}
	return append(append(append(b, '"'), name...), '"', ':')
}

func jsonInt(b []byte, start int, name string, v int) []byte {
	if v == 0 {
		return b
	}
	return strconv.AppendInt(field(b, start, name), int64(v), 10)
}

func jsonBool(b []byte, start int, name string, v bool) []byte {
	if !v {
		return b
	}
	return append(field(b, start, name), "true"...)
}

// jsonFloat writes v as encoding/json does (an exponent like e-07 as e-7).
func jsonFloat(b []byte, start int, name string, v float64) []byte {
	if v == 0 {
		return b
	}
	b = field(b, start, name)
	a := math.Abs(v)
	if a < 1e-6 || a >= 1e21 {
		b = strconv.AppendFloat(b, v, 'e', -1, 64)
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
		return b
	}
	return strconv.AppendFloat(b, v, 'f', -1, 64)
}
