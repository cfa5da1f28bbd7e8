package render

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/sweeptune/sweeptune/sources/reading"
)

// Text from data (labels, dates, balancing methods, image names, reasons)
// goes into the pull request's body, which GitHub renders: raw, a label
// could carry HTML (<img>, <details>), an @mention or #123 that notifies
// people, a "<!--" that hides the rest of the body, a "|" that breaks the
// table, or a [link](…). MarkdownText and MarkdownCode are the one place
// that escapes it (docs/export.md, "Hostile input"); every data-derived
// cell and phrase of the body goes through one of them.

// MarkdownText is s as inert GitHub Markdown text: "<", ">" and "&" as
// entities (no HTML, no "<!--"), an @ that could start a mention and a #
// before a digit (an issue reference) followed by a zero-width space (as
// an entity), "|" escaped (a table
// cell stays one cell), link brackets and backticks escaped, and control,
// line-separator, bidi and zero-width characters as visible \uXXXX
// escapes (the body stays one line per row). Emphasis characters are left:
// they cannot link, notify or hide anything. Plain text, "total_tokens"
// or "c1228@2026-10-29", comes back unchanged.
func MarkdownText(s string) string {
	if !needsMarkdownEscape(s) {
		return s
	}
	var b strings.Builder
	prev := ' '
	for i, r := range s {
		switch {
		case r == '<':
			b.WriteString("&lt;")
		case r == '>':
			b.WriteString("&gt;")
		case r == '&':
			b.WriteString("&amp;")
		// GitHub finds mentions and references in the rendered text, where
		// an entity for the @ or # is the character again: a zero-width
		// space after it is what keeps the text from matching.
		case r == '@' && !isWordRune(prev) && i+1 < len(s) && isWordRune(rune(s[i+1])):
			b.WriteString("@&#8203;") // no mention ("@octocat"; "29,428 @ 545.0" is none)
		case r == '#' && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9':
			b.WriteString("#&#8203;") // no issue reference
		case r == '|' || r == '\\' || r == '`' || r == '[' || r == ']':
			b.WriteByte('\\')
			b.WriteRune(r)
		case reading.UnsafeRune(r):
			writeEscape(&b, r)
		default:
			b.WriteRune(r)
		}
		prev = r
	}
	return b.String()
}

func isWordRune(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r > 0x7f && unicode.IsLetter(r)
}

// MarkdownCode is s as an inline code span ("`s`"), or, when s holds a
// backtick, a "|" or an unsafe character (which a span cannot carry
// safely), as MarkdownText.
func MarkdownCode(s string) string {
	if strings.ContainsAny(s, "`|") {
		return MarkdownText(s)
	}
	if _, bad := reading.FirstUnsafe(s); bad {
		return MarkdownText(s)
	}
	return "`" + s + "`"
}

func needsMarkdownEscape(s string) bool {
	if strings.ContainsAny(s, "<>&@#|\\`[]") {
		return true
	}
	_, bad := reading.FirstUnsafe(s)
	return bad
}

// writeEscape writes r as \n, \r, \t or \uXXXX.
func writeEscape(b *strings.Builder, r rune) {
	switch r {
	case '\n':
		b.WriteString(`\n`)
	case '\r':
		b.WriteString(`\r`)
	case '\t':
		b.WriteString(`\t`)
	default:
		if r > 0xffff {
			fmt.Fprintf(b, `\U%08x`, r)
		} else {
			fmt.Fprintf(b, `\u%04x`, r)
		}
	}
}
