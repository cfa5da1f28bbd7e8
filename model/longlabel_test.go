package model

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

// A 1 MB label used to become a 1 MB ID and a 1 MB display label (the CLI
// printed a 3,000,164-character line; the workbench wrapped it for minutes).
// IDs and shown labels are capped with an ellipsis; JSON keeps the label.
func TestLongLabelsAndIDsAreCapped(t *testing.T) {
	long := strings.Repeat("Competitor run ", 70_000) // 1.05 MB
	pts := []Point{
		{Label: long + "A", Source: SourceCompetitor, Curve: CurveKey{Model: "m"}},
		{Label: long + "B", Source: SourceCompetitor, Curve: CurveKey{Model: "m"}},
		{Label: "short", Source: SourceCompetitor, Curve: CurveKey{Model: "m"}},
		{Label: "short", Source: SourceCompetitor, Curve: CurveKey{Model: strings.Repeat("x", 1<<20)}},
	}
	AssignIDs(pts)
	seen := map[string]bool{}
	for i, p := range pts {
		if n := utf8.RuneCountInString(p.ID); n > 3*MaxIDRunes {
			t.Errorf("point %d: ID of %d runes", i, n)
		}
		if seen[p.ID] {
			t.Errorf("point %d: ID %q taken twice", i, p.ID)
		}
		seen[p.ID] = true
	}
	if want := strings.Repeat("competitor-run-", 5)[:MaxIDRunes-1] + "…"; pts[0].ID != want {
		t.Errorf("ID %q, want %q", pts[0].ID, want)
	}
	if pts[2].ID != "short" || pts[3].ID != "short@"+strings.Repeat("x", MaxIDRunes-1)+"…" {
		t.Errorf("IDs %q and %q", pts[2].ID, pts[3].ID)
	}
	d := pts[0].DisplayLabel()
	if utf8.RuneCountInString(d) != MaxLabelRunes || !strings.HasSuffix(d, "…") || !strings.HasPrefix(long, strings.TrimSuffix(d, "…")) {
		t.Errorf("display label %q", d)
	}
	if pts[3].DisplayLabel() != "short" {
		t.Errorf("short label %q", pts[3].DisplayLabel())
	}
	b, err := json.Marshal(pts[0])
	if err != nil || !strings.Contains(string(b), long+"A") {
		t.Errorf("JSON lost the full label: %v", err)
	}
}

func TestEllipsize(t *testing.T) {
	for _, c := range []struct {
		s    string
		n    int
		want string
	}{{"abc", 3, "abc"}, {"abcd", 3, "ab…"}, {"héllo wörld", 6, "héllo…"}, {"", 3, ""}, {"abc", 1, "…"}} {
		if got := Ellipsize(c.s, c.n); got != c.want {
			t.Errorf("Ellipsize(%q, %d) = %q, want %q", c.s, c.n, got, c.want)
		}
	}
}
