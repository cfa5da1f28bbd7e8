package termsafe

import (
	"encoding/binary"
	"io"
	"unicode/utf8"
)

// JSONWriter is the --json output's own writer: what it passes on is
// what a Writer would, byte for byte, but it is made for JSON from
// encoding/json, which already escapes every C0 control inside strings.
// Such output is printable ASCII almost everywhere, so it is checked
// eight bytes at a time and passed on without a copy; only a stretch
// holding DEL, a C1 control, a bidirectional override or a byte that is
// not UTF-8 is rewritten (as \u007f, \u0085, \u202e: JSON string
// escapes, so the document decodes to the same values).
type JSONWriter struct {
	w     io.Writer
	carry []byte
	buf   []byte
}

// NewJSONWriter wraps w.
func NewJSONWriter(w io.Writer) *JSONWriter { return &JSONWriter{w: w} }

// Write escapes p; it reports len(p) when the underlying write succeeds.
func (jw *JSONWriter) Write(p []byte) (int, error) {
	data := p
	if len(jw.carry) > 0 {
		data = append(jw.carry, p...)
		jw.carry = nil
	}
	n := len(data) - incompleteTail(data)
	if n < len(data) {
		jw.carry = append([]byte(nil), data[n:]...)
	}
	data = data[:n]
	i := firstUnsafeBytes(data)
	if i < 0 {
		if _, err := jw.w.Write(data); err != nil {
			return 0, err
		}
		return len(p), nil
	}
	jw.buf = append(jw.buf[:0], data[:i]...)
	jw.buf = appendEscaped(jw.buf, string(data[i:]), true)
	if _, err := jw.w.Write(jw.buf); err != nil {
		return 0, err
	}
	return len(p), nil
}

// EscapeJSON is b as a JSONWriter passes it on when b ends on a whole
// character (a stretch of JSON lines): b itself when nothing in it needs
// rewriting. Writers of large documents escape their pieces on every core
// with it and pass them on with WriteEscaped.
func EscapeJSON(b []byte) []byte {
	i := firstUnsafeBytes(b)
	if i < 0 {
		return b
	}
	return appendEscaped(append([]byte(nil), b[:i]...), string(b[i:]), true)
}

// EscapeJSONSpans is EscapeJSON(b) for b printable ASCII and newlines
// outside the spans (start and end pairs, in order, each a whole JSON
// string), which EscapeJSON passes as they are: only
// the spans are looked through, and b itself is returned when nothing in
// them needs rewriting. A chunk of a million-point report holding one
// suspect's reason ("4.2× its siblings") is then not read again whole.
func EscapeJSONSpans(b []byte, spans []int) []byte {
	k := 0
	for ; k+1 < len(spans); k += 2 {
		if firstUnsafeBytes(b[spans[k]:spans[k+1]]) >= 0 {
			break
		}
	}
	if k+1 >= len(spans) {
		return b
	}
	out := append(make([]byte, 0, len(b)+len(b)/8), b[:spans[k]]...)
	for ; k+1 < len(spans); k += 2 {
		out = appendEscaped(out, string(b[spans[k]:spans[k+1]]), true)
		next := len(b)
		if k+3 < len(spans) {
			next = spans[k+2]
		}
		out = append(out, b[spans[k+1]:next]...)
	}
	return out
}

// WriteEscaped passes on b, made by EscapeJSON, as it is.
func (jw *JSONWriter) WriteEscaped(b []byte) (int, error) {
	if err := jw.Flush(); err != nil {
		return 0, err
	}
	return jw.w.Write(b)
}

// Flush writes a held, unfinished character (escaped: it is not UTF-8).
func (jw *JSONWriter) Flush() error {
	if len(jw.carry) == 0 {
		return nil
	}
	b := appendEscaped(nil, string(jw.carry), true)
	jw.carry = nil
	_, err := jw.w.Write(b)
	return err
}

const (
	lows  = 0x0101010101010101
	highs = 0x8080808080808080
)

// firstUnsafeBytes is firstUnsafe(string(b), true) without the copy: a
// word of eight bytes, each from 0x20 to 0x7e, is passed at once.
func firstUnsafeBytes(b []byte) int {
	i := 0
	for {
		for ; i+8 <= len(b); i += 8 {
			v := binary.LittleEndian.Uint64(b[i:])
			// A byte < 0x20 borrows, a byte ≥ 0x7f carries or has bit 7:
			// either sets a high bit of the test word.
			if (v-0x2020202020202020|(v+lows)|v)&highs != 0 {
				break
			}
		}
		if i >= len(b) {
			return -1
		}
		c := b[i]
		if c < utf8.RuneSelf {
			if unsafeASCII(c, true) {
				return i
			}
			i++
			continue
		}
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n == 1 || unsafeRune(r) {
			return i
		}
		i += n
	}
}
