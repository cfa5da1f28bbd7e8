package render_test

import (
	"html"
	"regexp"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/render"
)

// hostileCell is what a results file's label, date or balancing method
// carried into the pull request's body: HTML, a mention, a comment that
// hides the rest, a pipe that breaks the table, an issue reference, a
// link, and a line break with a bidi override.
const hostileCell = "<img src=x onerror=alert(1)> @octocat #123 [click](https://evil.example) | x <!-- hidden\n| a | b |\u202e"

// The body carried labels, dates, balancing methods, image and router
// raw. Every data-derived cell is escaped now: no HTML, no mention or
// issue reference, no comment, every table row keeps its columns, and
// the body stays one line per row.
func TestPRBodyEscapesDataDerivedCells(t *testing.T) {
	in, plan := retuneBodyInput(t)
	for i := range plan.Added {
		plan.Added[i].Knobs.Balance = hostileCell
		plan.Added[i].Prov.Date = "2026-11-06 " + hostileCell
	}
	plan.Dropped[0].Knobs.Mode = ""
	plan.Dropped[0].Label = hostileCell
	plan.Keys[0] = "key`" + hostileCell
	in.Image = "img`" + hostileCell
	in.Router = hostileCell
	in.AsOf = hostileCell
	for i := range in.Rule.Holes {
		in.Rule.Holes[i].Text += hostileCell
	}
	body := render.PRBody(in)
	for _, bad := range []string{"<img", "<!--", "@octocat", "#123", "[click](", "\u202e", "| a | b |"} {
		if strings.Contains(body, bad) {
			t.Errorf("the body holds %q raw", bad)
		}
	}
	// GitHub looks for mentions and references in the rendered text,
	// entities decoded: "&#64;octocat" is a mention there.
	rendered := html.UnescapeString(body)
	if m := regexp.MustCompile(`(^|\W)(@\w|#\d)`).FindString(rendered); m != "" {
		t.Errorf("the rendered body holds a mention or reference: %q", m)
	}
	if strings.Count(body, "<") != strings.Count(body, "<details>")+strings.Count(body, "<summary>")+strings.Count(body, "</summary>")+strings.Count(body, "</details>") {
		t.Errorf("the body holds HTML besides its own details block")
	}
	// Every row of the points table has its 7 cells: unescaped pipes only
	// at the borders.
	pipe := regexp.MustCompile(`(^|[^\\])\|`)
	rows := 0
	for _, l := range strings.Split(body, "\n") {
		if strings.HasPrefix(l, "| disagg") || strings.HasPrefix(l, "| agg") {
			rows++
			if n := len(pipe.FindAllString(l, -1)); n != 8 {
				t.Errorf("row with %d unescaped pipes, want 8: %s", n, l)
			}
		}
	}
	if rows != 6 {
		t.Errorf("%d points-table rows, want 6", rows)
	}
}

func TestMarkdownText(t *testing.T) {
	for in, want := range map[string]string{
		"total_tokens":       "total_tokens",
		"c1228@2026-10-29":   "c1228@2026-10-29",
		"8P c4096":           "8P c4096",
		"@team":              "@&#8203;team",
		"see #12":            "see #&#8203;12",
		"a|b":                `a\|b`,
		"<!-- x":             "&lt;!-- x",
		"[x](y)":             `\[x\](y)`,
		"a\nb\u2028c\u200bd": `a\nb\u2028c\u200bd`,
	} {
		if got := render.MarkdownText(in); got != want {
			t.Errorf("MarkdownText(%q) = %q, want %q", in, got, want)
		}
	}
	if got := render.MarkdownCode("lmsysorg/sglang:v1"); got != "`lmsysorg/sglang:v1`" {
		t.Errorf("MarkdownCode = %q", got)
	}
	if got := render.MarkdownCode("a`b"); got != "a\\`b" {
		t.Errorf("MarkdownCode(a`b) = %q", got)
	}
}
