package termsafe

import (
	"io"
	"unicode/utf8"
	"unsafe"
)

// Writer escapes what passes through it as Text does. A character split
// between two writes is held back until its end arrives; Flush writes
// whatever is held when the output ends.
type Writer struct {
	w     io.Writer
	carry []byte
}

// NewWriter wraps w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// Write escapes p; it reports len(p) when the underlying write succeeds.
func (sw *Writer) Write(p []byte) (int, error) {
	data := p
	if len(sw.carry) > 0 {
		data = append(sw.carry, p...)
		sw.carry = nil
	}
	n := len(data) - incompleteTail(data)
	if n < len(data) {
		sw.carry = append([]byte(nil), data[n:]...)
	}
	// read in place, not copied (a report's megabytes pass through here):
	// s is data's bytes, which nothing writes while Write runs
	s := unsafe.String(unsafe.SliceData(data), n)
	if firstUnsafe(s, true) < 0 {
		if _, err := sw.w.Write(data[:n]); err != nil {
			return 0, err
		}
		return len(p), nil
	}
	if _, err := sw.w.Write(appendEscaped(nil, s, true)); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Flush writes a held, unfinished character (escaped: it is not UTF-8).
func (sw *Writer) Flush() error {
	if len(sw.carry) == 0 {
		return nil
	}
	b := appendEscaped(nil, string(sw.carry), true)
	sw.carry = nil
	_, err := sw.w.Write(b)
	return err
}

// incompleteTail is the length of a UTF-8 sequence begun at the end of b
// and not finished there.
func incompleteTail(b []byte) int {
	for k := 1; k <= utf8.UTFMax-1 && k <= len(b); k++ {
		i := len(b) - k
		if utf8.RuneStart(b[i]) {
			if b[i] >= utf8.RuneSelf && !utf8.FullRune(b[i:]) {
				return k
			}
			return 0
		}
	}
	return 0
}
