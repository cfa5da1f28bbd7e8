package reading

import "strings"

// Warning is one problem with the input: the file, the field or line at
// fault where known, and what was wrong. A warning means something was
// skipped; the rest of the input still loaded.
type Warning struct {
	File  string `json:"file"`
	Field string `json:"field,omitempty"`
	Msg   string `json:"message"`
}

// String is the warning as one line of text. A line break in the file
// name, the field or the message (a file named "x\nwarning: …") is shown
// escaped, so no data can forge a second warning line; other control
// characters are escaped by the text outputs. JSON keeps the exact values.
func (w Warning) String() string {
	if w.Field != "" {
		return OneLine(w.File) + ": " + OneLine(w.Field) + ": " + OneLine(w.Msg)
	}
	return OneLine(w.File) + ": " + OneLine(w.Msg)
}

// Exact is the warning's text with every value as it is, for JSON (where
// the encoder escapes what must be).
func (w Warning) Exact() string {
	if w.Field != "" {
		return w.File + ": " + w.Field + ": " + w.Msg
	}
	return w.File + ": " + w.Msg
}

// lineBreaks escapes what ends a line in a terminal or an editor: \n, \r,
// \v, \f, NEL and the Unicode line and paragraph separators.
var lineBreaks = strings.NewReplacer("\n", `\x0a`, "\r", `\x0d`, "\v", `\x0b`, "\f", `\x0c`,
	"\u0085", `\u0085`, "\u2028", `\u2028`, "\u2029", `\u2029`)

// OneLine shows the line breaks of s escaped (\x0a, \u2028): for a name or
// message printed on one line among others.
func OneLine(s string) string {
	if !strings.ContainsAny(s, "\n\r\v\f\u0085\u2028\u2029") {
		return s
	}
	return lineBreaks.Replace(s)
}
