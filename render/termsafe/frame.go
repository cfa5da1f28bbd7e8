package termsafe

import (
	"strings"
	"unicode/utf8"
)

// Frame is the last guard before a TUI frame reaches the terminal: it keeps
// newlines and the SGR sequences (ESC [ … m) that styling makes, and drops
// every other escape sequence and control character. Layout libraries
// count those as zero width, so dropping them keeps every line's width.
// Data is escaped visibly before layout (String, Text); Frame only catches
// what slipped through.
func Frame(s string) string {
	if frameClean(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == 0x1b:
			n := sequenceLen(s[i:])
			if isSGR(s[i : i+n]) {
				b.WriteString(s[i : i+n])
			}
			i += n
		case c == '\n':
			b.WriteByte(c)
			i++
		case c < 0x20 || c == 0x7f:
			i++
		case c < utf8.RuneSelf:
			b.WriteByte(c)
			i++
		default:
			r, n := utf8.DecodeRuneInString(s[i:])
			if !(r == utf8.RuneError && n == 1) && !unsafeRune(r) {
				b.WriteString(s[i : i+n])
			}
			i += n
		}
	}
	return b.String()
}

// frameClean reports a frame with nothing but text, newlines and SGR.
func frameClean(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == 0x1b:
			n := sequenceLen(s[i:])
			if !isSGR(s[i : i+n]) {
				return false
			}
			i += n
		case c == '\n':
			i++
		case c < 0x20 || c == 0x7f:
			return false
		case c < utf8.RuneSelf:
			i++
		default:
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n == 1 || unsafeRune(r) {
				return false
			}
			i += n
		}
	}
	return true
}

// sequenceLen is the length of the escape sequence at the start of s (which
// begins with ESC): CSI up to its final byte, OSC/DCS/APC/PM/SOS up to BEL
// or ST, otherwise ESC and the next byte. An unterminated one runs to the
// end of s.
func sequenceLen(s string) int {
	if len(s) < 2 {
		return len(s)
	}
	switch s[1] {
	case '[':
		for j := 2; j < len(s); j++ {
			if c := s[j]; c >= 0x40 && c <= 0x7e {
				return j + 1
			} else if c < 0x20 || c > 0x7e {
				return j // malformed: stop before the stray byte
			}
		}
		return len(s)
	case ']', 'P', '_', '^', 'X':
		for j := 2; j < len(s); j++ {
			if s[j] == 0x07 {
				return j + 1
			}
			if s[j] == 0x1b && j+1 < len(s) && s[j+1] == '\\' {
				return j + 2
			}
		}
		return len(s)
	}
	_, n := utf8.DecodeRuneInString(s[1:])
	return 1 + n
}

// isSGR reports ESC [ params m: colours and text attributes only.
func isSGR(seq string) bool {
	if len(seq) < 3 || seq[1] != '[' || seq[len(seq)-1] != 'm' {
		return false
	}
	for j := 2; j < len(seq)-1; j++ {
		if c := seq[j]; !(c >= '0' && c <= '9' || c == ';' || c == ':') {
			return false
		}
	}
	return true
}
