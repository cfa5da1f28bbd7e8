package reading

import (
	"unicode"
	"unicode/utf8"
)

// UnsafeRune reports whether r must never be written raw: C0 and C1
// controls and DEL, line and paragraph separators, bidi controls,
// zero-width and other format characters, private-use, surrogate and
// unprintable ones, and the replacement of bytes that are not UTF-8.
func UnsafeRune(r rune) bool {
	switch {
	case r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0:
		return true
	case r == 0x2028 || r == 0x2029 || r == utf8.RuneError:
		return true
	case r < 0x80:
		return false
	}
	return unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Zl, r) || unicode.Is(unicode.Zp, r) ||
		unicode.Is(unicode.Co, r) || unicode.Is(unicode.Cs, r) || !unicode.IsPrint(r) && !unicode.IsSpace(r)
}

// FirstUnsafe is the first unsafe character of s (UnsafeRune), if any.
func FirstUnsafe(s string) (rune, bool) {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 0x20 && c < 0x7f {
			continue // the common case, ASCII, without decoding
		}
		r, _ := utf8.DecodeRuneInString(s[i:])
		if UnsafeRune(r) {
			return r, true
		}
		for i+1 < len(s) && !utf8.RuneStart(s[i+1]) {
			i++
		}
	}
	return 0, false
}
