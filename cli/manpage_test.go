package cli

import "testing"

// The help texts' shapes, in roff: paragraphs, a "#" subheading, a tab- or
// four-space-indented example, and what roff would misread (a backslash,
// a line opening with a dot or a quote).
func TestRoffParagraphs(t *testing.T) {
	in := "First line\nsecond line.\n\nTo load:\n\n\tsource <(x)\n\n#### Linux:\n\n    x > /etc/x\n\n.dot and \\back\n'quote"
	want := "First line\nsecond line.\n\n.PP\nTo load:\n\n.EX\nsource <(x)\n.EE\n\n.SS Linux:\n.EX\nx > /etc/x\n.EE\n\n.PP\n\\&.dot and \\eback\n\\&'quote"
	if got := roffParagraphs(in); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if got := roffUsage("the `FILE` to read, `N` times"); got != `the \fBFILE\fR to read, \fBN\fR times` {
		t.Errorf("usage: %s", got)
	}
}
