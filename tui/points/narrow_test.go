package points

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sweeptune/sweeptune/internal/fixtures"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
)

// plainMatches is every point q keeps, read one by one: the rule.
func plainMatches(refs []*model.Point, q query) []int {
	want := []int{}
	for i, p := range refs {
		if q.match(p, model.DefaultXAxis, model.AxisTputPerGPU) {
			want = append(want, i)
		}
	}
	return want
}

// Typing and erasing a filter at random, each text's rows read from the
// last text's matches (as the table does) are the rows a read of every
// point keeps.
func TestNarrowedMatchesAreThePlainMatchesWhileTyping(t *testing.T) {
	pts := fixtures.SyntheticCurves(20000, 3)
	r := rand.New(rand.NewPCG(1, 2))
	labels := []string{"", "Night RUN", "tp4 retry", "DEP2 fast"}
	for i := range pts {
		pts[i].Label = labels[r.IntN(len(labels))]
	}
	pts[7].ID = "Odd\x00ID-Ünï"
	pts[8].Label = "MiXed ÄÖ label"
	refs := model.RefsTo(pts)
	hay := newHaystack(1, refs).of(1, len(refs))
	pieces := []string{"ä", "ü", "x", "o", "\x00", "a", "g", "t", "p", "4", "1", "6", "d", "e", "-", "c", "P", "R", "u", " ", " ", "!", "np:", "c:", ">=", "..", "src:", "pub", "mode:", "agg", "3", "00", "0"}
	narrowed := 0
	for session := range 60 {
		var text string
		var prev *matched
		for range 25 {
			if text != "" && r.IntN(4) == 0 {
				text = text[:len(text)-1] // backspace
			} else {
				text += pieces[r.IntN(len(pieces))]
			}
			q := parseQuery(text)
			if prev != nil && narrows(prev.q, q) {
				narrowed++
			}
			var h *haystack
			if session%2 == 0 {
				h = hay // half the sessions read the haystack
			}
			got := matchingIn(refs, q, model.DefaultXAxis, model.AxisTputPerGPU, prev, h)
			if want := plainMatches(refs, q); !slices.Equal(append([]int{}, got...), want) {
				t.Fatalf("session %d, %q after %q (haystack %v): %d rows, the plain read keeps %d", session, text, prevText(prev), h != nil, len(got), len(want))
			}
			if len(q.terms) > 0 {
				prev = &matched{q: q, idx: got}
			}
		}
	}
	if narrowed < 100 {
		t.Errorf("only %d texts were read from the last matches: the narrowing is not tested", narrowed)
	}
}

func prevText(m *matched) string {
	if m == nil {
		return "(none)"
	}
	var s string
	for _, t := range m.q.terms {
		s += " " + t.text
	}
	return s
}

// A text narrows the last one only when it can keep no point the last
// one dropped: a longer last word, or more words.
func TestNarrowsOnlyWhenNoDroppedPointCanComeBack(t *testing.T) {
	for _, tc := range []struct {
		old, new string
		want     bool
	}{
		{"", "n", true},
		{"n", "np", true},
		{"tp", "tp4", true},
		{"tp4", "tp4 c16", true},
		{"tp4 c", "tp4 c16", true},
		{"TP", "tp4", true},
		{"np", "n", false},          // backspace widens
		{"tp4 c16", "tp4", false},   // a word erased
		{"tp4 c", "tp5 c16", false}, // an earlier word changed
		{"!tp", "!tp4", false},      // a longer negated word keeps more
		{"tp", "!tp4", false},       // negated now
		{"np:3", "np:30", false},    // a number is not a text
		{"c:>=100", "c:>=1000", false},
		{"src:p", "src:pu", false}, // field texts are not narrowed
		{"np:", "np:3", true},      // a bad term filters nothing
		{"tp", "xtp", true},        // the old text lies inside the new
	} {
		if got := narrows(parseQuery(tc.old), parseQuery(tc.new)); got != tc.want {
			t.Errorf("narrows(%q, %q) = %v, want %v", tc.old, tc.new, got, tc.want)
		}
	}
}

// The narrowed read looks only at the last matches: given fewer than the
// last text kept, it keeps only those (so the typing test above reads
// the narrowing, not a full scan).
func TestNarrowedMatchesReadOnlyTheLastMatches(t *testing.T) {
	refs := model.RefsTo(fixtures.SyntheticCurves(20000, 2))
	old := parseQuery("tp")
	all := plainMatches(refs, old)
	some := all[:len(all)/3]
	got := matchingIn(refs, parseQuery("tp4"), model.DefaultXAxis, model.AxisTputPerGPU, &matched{q: old, idx: some}, nil)
	full := plainMatches(refs, parseQuery("tp4"))
	if len(got) == 0 || len(got) >= len(full) {
		t.Fatalf("read from a third of the last matches: %d rows of %d", len(got), len(full))
	}
	for _, i := range got {
		if _, ok := slices.BinarySearch(some, i); !ok {
			t.Fatalf("row %d is not among the last matches given", i)
		}
	}
}

// The haystack of a view is free text read exactly as holds reads it:
// IDs and labels folded on ASCII letters only, the source as it is.
func TestHaystackMatchesAsHolds(t *testing.T) {
	pts := fixtures.SyntheticCurves(3000, 2)
	pts[0].ID, pts[1].Label, pts[2].Source = "AGG-ÄÖ-x", "Nacht Läufe", "Published"
	refs := model.RefsTo(pts)
	hay := newHaystack(5, refs)
	if hay.of(6, len(refs)) != nil || hay.of(5, len(refs)+1) != nil {
		t.Fatal("a haystack served a view it was not made from")
	}
	h := hay.of(5, len(refs))
	for _, text := range []string{"agg-ä", "AGG", "ö-x", "nacht", "läufe", "LÄUFE", "pub", "Pub", "shed", "x\x00", "\x00", "tp4-c16", "!agg", "tp4 !c16", "np:3 tp"} {
		q := parseQuery(text)
		want := plainMatches(refs, q)
		got := matchingIn(refs, q, model.DefaultXAxis, model.AxisTputPerGPU, nil, h)
		if !slices.Equal(append([]int{}, got...), want) {
			t.Errorf("%q: %d rows from the haystack, %d from the points", text, len(got), len(want))
		}
	}
}

// The pane, typed into letter by letter with backspaces, shows the rows
// the plain read keeps for each text, reading the haystack / made.
func TestPaneFilterRowsWhileTypingAreThePlainRows(t *testing.T) {
	m, st := newPane(testkit.Plain(), 100, 30)
	m.Update(testkit.Key("/"))
	if m.hay.of(st.ViewSerial(), len(st.ViewRefs())) == nil {
		t.Fatal("/ made no haystack of the shown view")
	}
	some := 0 // texts that keep some rows and drop others
	for _, k := range []string{"d", "e", "p", "1", "6", "backspace", "6", " ", "c", "1", "backspace", "backspace", "backspace", " ", "!", "t", "p"} {
		m.Update(testkit.Key(k))
		want := plainMatches(st.ViewRefs(), parseQuery(m.filter.Value()))
		if len(want) > 0 && len(want) < len(st.ViewRefs()) {
			some++
		}
		got := slices.Clone(m.idx)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Fatalf("after %q (filter %q): rows %v, the plain read keeps %v", k, m.filter.Value(), got, want)
		}
	}
	if v := m.filter.Value(); v != "dep16 !tp" || some < 10 {
		t.Errorf("typed %q, %d texts kept some rows: the keys did not edit the filter as meant", v, some)
	}
}
