package srt

import (
	"fmt"
	"strings"

	"github.com/sweeptune/sweeptune/sources/reading"
)

// Text from data (a framework, a model name, a label, a file name) goes
// into comments and values of the YAML files an export writes. A line
// break in it would end a comment and start a key (another override,
// another container); a bidi or zero-width character would make the file
// read differently from what it holds. So every such character is written
// as an escape: "\u202e" in a comment (which YAML never reads), the same
// escape in a double-quoted scalar (which YAML reads back as the
// character). docs/export.md, "Hostile input".

// unsafeRune is reading.UnsafeRune: one definition for load and write.
func unsafeRune(r rune) bool { return reading.UnsafeRune(r) }

// hasUnsafe reports whether s holds a character unsafeRune names, or bytes
// that are not UTF-8.
func hasUnsafe(s string) bool {
	_, bad := reading.FirstUnsafe(s)
	return bad
}

// escapeRune writes r as a YAML double-quoted escape (also read by eye in
// a comment): \n \r \t for those, else \xXX or \uXXXX.
func escapeRune(b *strings.Builder, r rune) {
	switch r {
	case '\n':
		b.WriteString(`\n`)
	case '\r':
		b.WriteString(`\r`)
	case '\t':
		b.WriteString(`\t`)
	default:
		if r < 0x100 {
			fmt.Fprintf(b, `\x%02x`, r)
		} else if r <= 0xffff {
			fmt.Fprintf(b, `\u%04x`, r)
		} else {
			fmt.Fprintf(b, `\U%08x`, r)
		}
	}
}

// CommentText is s safe for a "# " comment line: every unsafe character
// escaped, so the comment stays one line and shows what the data held.
func CommentText(s string) string {
	if !hasUnsafe(s) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if unsafeRune(r) {
			escapeRune(&b, r)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// QuoteDQ writes a YAML double-quoted scalar: printable UTF-8 kept as is,
// every unsafe character escaped.
func QuoteDQ(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case unsafeRune(r):
			escapeRune(&b, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
