package points

import (
	"slices"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/internal/fixtures"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
)

func TestFilterLanguage(t *testing.T) {
	m, st := newPane(testkit.Plain(), 120, 34)
	ids := func(q string) []string {
		m.filter.SetValue(q)
		m.rebuild()
		var out []string
		for _, i := range m.idx {
			out = append(out, st.View()[i].ID)
		}
		slices.Sort(out)
		return out
	}
	for _, c := range []struct {
		q    string
		want []string
	}{
		{"src:pub np:9", []string{"9p1d-dep2-dep16-b160-c7480", "9p1d-dep2-dep16-b192-c7480@published"}},
		{"src:pub np:9 bs:>=96", []string{"9p1d-dep2-dep16-b160-c7480", "9p1d-dep2-dep16-b192-c7480@published"}},
		{"src:pub np:9 bs:>180", []string{"9p1d-dep2-dep16-b192-c7480@published"}},
		{"SRC:local c:1000..3000", []string{"3p1d-dep2-dep16-b24-c1228@local", "5p1d-dep2-dep16-b40-c2884"}},
		{"mode:agg !c:<16", []string{"agg-tep2-c16", "agg-tp4-c16@2026-11-06"}},
		{"src:local y:>1m", []string{"7p1d-dep2-dep16-b96-c5540", "9p1d-dep2-dep16-b192-c7480"}},
		{"np:3 x:>=290", []string{"3p1d-dep2-dep16-b18-c700@published", "3p1d-dep2-dep16-b18-c700"}},
	} {
		got := ids(c.q)
		want := slices.Clone(c.want)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("/%s: %v, want %v", c.q, got, want)
		}
	}
	// A bad term is named; the good ones still filter.
	got := ids("np:9 foo:1 bs:big")
	if len(got) != 3 || m.query.err == nil || !strings.Contains(m.query.err.Error(), `unknown field "foo"`) {
		t.Errorf("np:9 foo:1 bs:big: %v rows, error %v", got, m.query.err)
	}
}

func TestFilterFooterCountsMatches(t *testing.T) {
	m, _ := newPane(testkit.Plain(), 120, 34)
	typeFilter(m, "src:pub np:9")
	if foot := footer(m); !strings.Contains(foot, "/src:pub np:9█  2 of 16 points match") {
		t.Errorf("footer while typing: %q", foot)
	}
	m.Update(testkit.Key("enter"))
	if foot := footer(m); !strings.Contains(foot, "/src:pub np:9 · 2 of 16 points") {
		t.Errorf("footer after enter: %q", foot)
	}
	typeFilter(m, " zz:1")
	if foot := footer(m); !strings.Contains(foot, `unknown field "zz"`) {
		t.Errorf("a bad field is not named: %q", foot)
	}
}

// TestFooterKeepsTheCounts: with a filter in a narrow pane the footer
// drops the sort order, then whole parts, instead of cutting mid-word
// ("… · sort tput/G") and losing the marked count.
func TestFooterKeepsTheCounts(t *testing.T) {
	m, _ := newPane(testkit.Plain(), 54, 20)
	typeFilter(m, "np:9 bs:>=96 !mode:agg")
	m.Update(testkit.Key("enter"))
	if want := "/np:9 bs:>=96 !mode:agg · 3 of 16 points · 1 marked"; footer(m) != want {
		t.Errorf("footer %q, want %q", footer(m), want)
	}
	if got := fitParts([]string{"/a-very-long-filter", "2 of 16 points", "sort x ▼", "1 marked"}, 30); got != "/a-very-long-filter …" {
		t.Errorf("fitParts: %q", got)
	}
}

// A filter over a large view, read in two halves, keeps the rows a read of
// every point in turn keeps, in order.
func TestMatchingInHalvesIsEachPointInTurn(t *testing.T) {
	pts := fixtures.SyntheticCurves(30000, 2)
	refs := model.RefsTo(pts)
	for _, text := range []string{"", "tp4", "tp4 c16", "np:3", "!c:>=100", "c:100..2000 mode:agg", "zzz"} {
		q := parseQuery(text)
		var want []int
		for i, p := range refs {
			if q.match(p, model.DefaultXAxis, model.AxisTputPerGPU) {
				want = append(want, i)
			}
		}
		got := matching(refs, q, model.DefaultXAxis, model.AxisTputPerGPU)
		if !slices.Equal(got, want) && (len(got) != 0 || len(want) != 0) {
			t.Errorf("%q: %d rows, want %d", text, len(got), len(want))
		}
		if text == "tp4" && (len(want) == 0 || len(want) == len(refs)) {
			t.Errorf("%q keeps %d of %d rows: the halves are not tested apart", text, len(want), len(refs))
		}
	}
}
