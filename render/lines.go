package render

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// Class is the role of a piece of text; a pane maps it to a style, the
// command line ignores it. Meaning never rests on the class alone: verdicts
// also say so in words and signs (✓ covered, ✗ NOT covered).
type Class uint8

const (
	Plain  Class = iota
	Muted        // secondary: units, notes, "none"
	Accent       // a section heading
	Bold         // a curve name, a table header
	Good         // a favourable verdict or gain
	Bad          // an unfavourable verdict or loss
	Warn         // a caveat the user must see
)

// Span is a run of text of one class.
type Span struct {
	Text  string
	Class Class
}

// Line is one line of output: spans side by side, no newline inside.
type Line []Span

// Text is the line without its classes.
func (l Line) Text() string {
	var b strings.Builder
	for _, s := range l {
		b.WriteString(s.Text)
	}
	return b.String()
}

// S is a span of class c.
func S(c Class, text string) Span { return Span{Text: text, Class: c} }

// P is a plain span.
func P(text string) Span { return Span{Text: text} }

// Doc is a rendered result: its lines in order.
type Doc struct {
	Lines []Line
}

// Add appends one line made of spans.
func (d *Doc) Add(spans ...Span) { d.Lines = append(d.Lines, Line(spans)) }

// Addf appends one line of one class, formatted.
func (d *Doc) Addf(c Class, format string, args ...any) {
	d.Add(S(c, fmt.Sprintf(format, args...)))
}

// Blank appends an empty line, never two in a row nor one at the top.
func (d *Doc) Blank() {
	if n := len(d.Lines); n > 0 && len(d.Lines[n-1]) > 0 {
		d.Lines = append(d.Lines, nil)
	}
}

// Append adds every line of o.
func (d *Doc) Append(o Doc) { d.Lines = append(d.Lines, o.Lines...) }

// Plain is the document as plain text, each line ending in a newline, with
// no trailing blank line.
func (d Doc) Plain() string {
	return d.Styled(func(_ Class, s string) string { return s })
}

// Styled joins the lines, passing each span through style (a pane's theme).
func (d Doc) Styled(style func(Class, string) string) string {
	lines := d.Lines
	for len(lines) > 0 && len(lines[len(lines)-1]) == 0 {
		lines = lines[:len(lines)-1]
	}
	var b strings.Builder
	for _, l := range lines {
		for _, s := range l {
			if s.Class == Plain || strings.TrimSpace(s.Text) == "" {
				b.WriteString(s.Text)
			} else {
				b.WriteString(style(s.Class, s.Text))
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// WritePlain writes Plain() to w a line at a time, never the whole text
// at once (a review of a curve of 80,000 points is megabytes).
func (d Doc) WritePlain(w io.Writer) error {
	lines := d.Lines
	for len(lines) > 0 && len(lines[len(lines)-1]) == 0 {
		lines = lines[:len(lines)-1]
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	writeLines(bw, lines)
	return bw.Flush()
}
