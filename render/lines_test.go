package render

import (
	"strings"
	"testing"
)

func TestDocPlainAndStyled(t *testing.T) {
	var d Doc
	d.Blank() // never at the top
	d.Add(S(Accent, "removals"), P(" · 2 kept"))
	d.Blank()
	d.Blank() // never two in a row
	d.Addf(Bad, "%d NOT covered", 1)
	d.Blank() // never at the end
	if got, want := d.Plain(), "removals · 2 kept\n\n1 NOT covered\n"; got != want {
		t.Fatalf("Plain = %q, want %q", got, want)
	}
	styled := d.Styled(func(c Class, s string) string { return "<" + string('0'+rune(c)) + ">" + s })
	if want := "<2>removals · 2 kept\n\n<5>1 NOT covered\n"; styled != want {
		t.Fatalf("Styled = %q, want %q", styled, want)
	}
}

func TestTableAlignsByRunes(t *testing.T) {
	var d Doc
	d.Table(Table{Header: []string{"id", "tput"}, Right: []bool{false, true},
		Rows: [][]string{{"7p × c5540", "1,033,494"}, {"agg", "1"}}})
	want := "id               tput\n" +
		"──────────  ─────────\n" +
		"7p × c5540  1,033,494\n" +
		"agg                 1\n"
	if got := d.Plain(); got != want {
		t.Fatalf("table:\n%s\nwant:\n%s", got, want)
	}
}

// WritePlain writes what Plain makes: trailing blank lines dropped, spans
// of every class as their text, blank and empty-span lines kept inside.
func TestWritePlainIsPlain(t *testing.T) {
	docs := []Doc{{}, {Lines: []Line{nil, nil}}, {Lines: []Line{{S(Bold, "a"), P(" b ")}, nil, {S(Muted, "")}, {S(Warn, "≈ 1,033")}, nil, nil}}}
	for i, d := range docs {
		var b strings.Builder
		if err := d.WritePlain(&b); err != nil {
			t.Fatal(err)
		}
		if b.String() != d.Plain() {
			t.Errorf("doc %d: wrote %q, Plain %q", i, b.String(), d.Plain())
		}
	}
}
