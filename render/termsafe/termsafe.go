// Package termsafe keeps text from data files from driving the terminal.
// A label, a file name or an image string may carry escape sequences (OSC 0
// retitles the window, OSC 52 writes the clipboard, CSI 2J wipes the
// screen) or C1 controls; every text output shows them escaped instead:
// ESC as \x1b, a C1 control, DEL or a bidirectional override as \u009b,
// a byte that is not UTF-8 as \xff. The \u forms are also valid JSON string
// escapes, so JSON passed through a Writer decodes to the same values.
package termsafe

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// String escapes every control character of s, newlines and tabs too: for
// text that must stay on one line of a layout (a label, a status).
func String(s string) string { return escape(s, false) }

// Text escapes every control character except newline and tab: for
// multi-line text (a diff, a report).
func Text(s string) string { return escape(s, true) }

func escape(s string, keepLines bool) string {
	i := firstUnsafe(s, keepLines)
	if i < 0 {
		return s
	}
	b := make([]byte, 0, len(s)+16)
	b = append(b, s[:i]...)
	return string(appendEscaped(b, s[i:], keepLines))
}

// firstUnsafe is the index of the first byte to escape, or -1.
func firstUnsafe(s string, keepLines bool) int {
	for i := 0; i < len(s); {
		if i+8 <= len(s) && printableWord(s, i) {
			i += 8 // eight bytes from 0x20 to 0x7e at once, as firstUnsafeBytes
			if i < len(s) && i+8 > len(s) && printableWord(s, len(s)-8) {
				return -1 // the last eight, read again in part: the rest is printable
			}
			continue
		}
		c := s[i]
		if c < utf8.RuneSelf {
			if unsafeASCII(c, keepLines) {
				return i
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 || unsafeRune(r) {
			return i
		}
		i += n
	}
	return -1
}

// printableWord is whether the eight bytes of s from i are each from
// 0x20 to 0x7e (read as one word).
func printableWord(s string, i int) bool {
	v := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
		uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
	return (v-0x2020202020202020|(v+lows)|v)&highs == 0
}

func unsafeASCII(c byte, keepLines bool) bool {
	if c == '\n' || c == '\t' {
		return !keepLines
	}
	return c < 0x20 || c == 0x7f
}

// unsafeRune reports C1 controls and the invisible characters that reorder
// text (the "Trojan Source" overrides), which can make a line read as
// something it is not.
func unsafeRune(r rune) bool {
	switch {
	case r >= 0x80 && r <= 0x9f:
		return true
	case r == 0x061c, r == 0x200e, r == 0x200f, r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return true
	}
	return false
}

func appendEscaped(b []byte, s string, keepLines bool) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == 0x7f:
				b = append(b, `\u007f`...)
			case unsafeASCII(c, keepLines):
				b = fmt.Appendf(b, `\x%02x`, c)
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			b = fmt.Appendf(b, `\x%02x`, c)
		case unsafeRune(r):
			b = fmt.Appendf(b, `\u%04x`, r)
		default:
			b = append(b, s[i:i+n]...)
		}
		i += n
	}
	return b
}

// Lines escapes every control character except newline: for multi-line
// text in a layout, where a tab has no fixed width.
func Lines(s string) string {
	if firstUnsafe(s, true) < 0 && !strings.ContainsRune(s, '\t') {
		return s
	}
	parts := strings.Split(s, "\n")
	for i, p := range parts {
		parts[i] = String(p)
	}
	return strings.Join(parts, "\n")
}
