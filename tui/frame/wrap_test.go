package frame

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

func TestWrapKeepsWordsAndIndent(t *testing.T) {
	got := Wrap("  ! total_tokens balancing on an MoE decode step: per-rank running counts spread", 30)
	want := []string{
		"  ! total_tokens balancing on",
		"    an MoE decode step:",
		"    per-rank running counts",
		"    spread",
	}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("Wrap:\n%q\nwant\n%q", got, want)
	}
	for _, l := range got {
		if ansi.StringWidth(l) > 30 {
			t.Errorf("line %q wider than 30", l)
		}
	}
	if got := Wrap("short\n\nlines", 30); len(got) != 3 {
		t.Errorf("short lines changed: %q", got)
	}
}

func TestWrapClosesAndReopensStyles(t *testing.T) {
	red := "\x1b[31m"
	got := Wrap(red+"gap -64.00 % under the kept line"+"\x1b[m", 12)
	if len(got) < 2 {
		t.Fatalf("not wrapped: %q", got)
	}
	for i, l := range got {
		if !strings.HasSuffix(l, "\x1b[m") {
			t.Errorf("line %d %q leaves its style open", i, l)
		}
		if i > 0 && !strings.Contains(l, red) {
			t.Errorf("line %d %q lost the style", i, l)
		}
		if ansi.StringWidth(l) > 12 {
			t.Errorf("line %d %q is wider than 12", i, l)
		}
	}
}

func TestShortenIDKeepsTheDistinguishingEnd(t *testing.T) {
	for _, c := range []struct {
		id   string
		w    int
		want string
	}{
		{"3p1d-dep2-dep16-b24-c1228@published", 26, "3p1d-…-b24-c1228@published"},
		{"3p1d-dep2-dep16-b24-c1228", 22, "3p1d-…-dep16-b24-c1228"},
		{"3p1d-dep2-dep16-b24-c1228@published", 25, "3p1d-…b24-c1228@published"},
		{"9p1d-dep2-dep16-b192-c7480", 20, "9p1d-…-b192-c7480"},
		{"agg-tp4-c16", 20, "agg-tp4-c16"},
		{"abcdefghij", 5, "abcd…"},
	} {
		got := ShortenID(c.id, c.w)
		if got != c.want {
			t.Errorf("ShortenID(%q, %d) = %q, want %q", c.id, c.w, got, c.want)
		}
		if ansi.StringWidth(got) > c.w {
			t.Errorf("ShortenID(%q, %d) = %q is too wide", c.id, c.w, got)
		}
	}
	// The three rows the issue saw as identical stay apart.
	a := ShortenID("3p1d-dep2-dep16-b24-c1228", 22)
	b := ShortenID("3p1d-dep2-dep16-b24-c1228@published", 22)
	c := ShortenID("3p1d-dep2-dep16-b18-c700@published", 22)
	if a == b || b == c || a == c {
		t.Errorf("shortened IDs collide: %q %q %q", a, b, c)
	}
}

func TestWrapCutsWordsLongerThanALine(t *testing.T) {
	got := Wrap("  x override_9p1d_dep2_dep16_b192_c7480_and_more", 20)
	for _, l := range got {
		if ansi.StringWidth(l) > 20 {
			t.Errorf("line %q wider than 20", l)
		}
	}
	if j := strings.ReplaceAll(strings.Join(got, ""), " ", ""); j != "xoverride_9p1d_dep2_dep16_b192_c7480_and_more" {
		t.Errorf("text lost in wrapping: %q", got)
	}
}

func TestWrappedCommentStaysAComment(t *testing.T) {
	got := Wrap("# 1,033,494 tok/s/GPU @ mean 150.7, p90 157.5 tok/s/user", 30)
	for i, l := range got {
		if !strings.HasPrefix(l, "#") {
			t.Errorf("line %d %q of a wrapped comment is not a comment", i, l)
		}
	}
}
