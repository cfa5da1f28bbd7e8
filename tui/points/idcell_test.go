package points

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
	"github.com/sweeptune/sweeptune/tui/keys"
	"github.com/sweeptune/sweeptune/tui/workbench"
)

var qwen = model.CurveKey{Model: "Qwen/Qwen3.5-397B-A17B-FP8", Scenario: "8k1k", Hardware: "tpuv7",
	Framework: "vllm", Precision: "fp8", Spec: "none"}

func TestCellIDGivesUpTheCurveTagFirst(t *testing.T) {
	slugs := tagSlugs(qwen)
	for _, c := range []struct {
		id   string
		w    int
		want string
	}{
		{"agg-tp8-c16@qwen-qwen3-5-397b-a17b-fp8", 40, "agg-tp8-c16@qwen-qwen3-5-397b-a17b-fp8"},
		{"agg-tp8-c16@qwen-qwen3-5-397b-a17b-fp8", 28, "agg-tp8-c16@…"},
		{"agg-tp8-c16@qwen-qwen3-5-397b-a17b-fp8", 13, "agg-tp8-c16@…"},
		{"agg-tp8-c16@qwen-qwen3-5-397b-a17b-fp8", 12, "agg-tp8-c16"},
		{"agg-tp8-c16@qwen-qwen3-5-397b-a17b-fp8", 8, "…tp8-c16"},
		// A tag of several fields, then the date and the source.
		{"agg-tp8-c16@qwen-qwen3-5-397b-a17b-fp8-tpuv7@2025-12-05", 28, "agg-tp8-c16@…@2025-12-05"},
		{"agg-tp8-c16@qwen-qwen3-5-397b-a17b-fp8-tpuv7@2025-12-05", 22, "agg-tp8-c16@2025-12-05"},
		{"7p1d-dep2-dep16-b96-c5540@8k1k", 26, "7p1d-dep2-dep16-b96-c5540"},
		{"7p1d-dep2-dep16-b96-c5540@tpuv7-vllm@2025-12-05", 28, "7p1d-…-b96-c5540@2025-12-05"},
		{"7p1d-dep2-dep16-b96-c5540@tpuv7-vllm@2025-12-05@published", 40, "7p1d-…-b96-c5540@2025-12-05@published"},
		{"7p1d-dep2-dep16-b96-c5540@tpuv7-vllm@2025-12-05@published", 30, "7p1d-…-b96-c5540@2025-12-05@…"},
		{"7p1d-dep2-dep16-b96-c5540@tpuv7-vllm@2025-12-05@published", 28, "7p1d-…b96-c5540@2025-12-05@…"},
		{"7p1d-dep2-dep16-b96-c5540@tpuv7-vllm@2025-12-05@published", 26, "7p1d-…b96-c5540@2025-12-05"},
		{"9p1d-dep2-dep16-b192-c7480@tpuv7@2025-12-05", 26, "9p1d…b192-c7480@2025-12-05"},
		{"9p1d-dep2-dep16-b192-c7480@tpuv7@2025-12-05", 22, "9p1d-…c7480@2025-12-05"},
		{"3p1d-dep2-dep16-b24-c1228@published", 26, "3p1d-…-b24-c1228@published"},
		// Not this curve's tag: an ordinary middle cut.
		{"agg-tp8-c16@b200-sglang", 16, "agg-…-sglang"},
		// Not a shape: the end stays.
		{"my-own-run-with-a-long-label", 16, "my-…a-long-label"},
	} {
		got := cellID(c.id, slugs, c.w)
		if got != c.want {
			t.Errorf("cellID(%q, %d) = %q, want %q", c.id, c.w, got, c.want)
		}
		if ansi.StringWidth(got) > c.w {
			t.Errorf("cellID(%q, %d) = %q is wider than %d", c.id, c.w, got, c.w)
		}
	}
}

func TestIsTagTakesFieldsInOrder(t *testing.T) {
	slugs := tagSlugs(qwen) // qwen-qwen3-5-397b-a17b-fp8 8k1k tpuv7 vllm fp8 none
	for seg, want := range map[string]bool{
		"qwen-qwen3-5-397b-a17b-fp8": true,
		"8k1k-tpuv7-vllm":            true,
		"tpuv7-fp8":                  true,
		"vllm-tpuv7":                 false, // out of order
		"b200":                       false,
		"2025-12-05":                 false,
		"published":                  false,
		"tpuv7-":                     false,
	} {
		if got := isTag(seg, slugs); got != want {
			t.Errorf("isTag(%q) = %v, want %v", seg, got, want)
		}
	}
}

// taggedCurve loads the demo's own points again on a second curve, whose
// IDs all carry its tag: the local and published twins as they are, or
// (dated) the published points measured on two dates.
func taggedCurve(t *testing.T, dated bool) *workbench.State {
	var pts []model.Point
	for _, k := range []model.CurveKey{testkit.Demo()[0].Curve, qwen} {
		for _, p := range testkit.Demo() {
			if p.Source == model.SourceCompetitor || dated && p.Source != model.SourcePublished {
				continue
			}
			p.Curve = k
			if dated && k == qwen {
				p.Prov.Date = "2026-01-10"
				pts = append(pts, p)
				p.Prov.Date = "2026-02-27"
			}
			pts = append(pts, p)
		}
	}
	model.AssignIDs(pts)
	st := workbench.New()
	st.SetPoints(pts)
	st.SetCurve(qwen)
	st.SetAsOf("", dated)
	st.TakeChanges()
	if id := st.View()[0].ID; !strings.Contains(id, "@qwen-qwen3-5-397b-a17b-fp8") {
		t.Fatalf("the test needs tagged IDs, got %s", id)
	}
	return st
}

// TestTableRowsOfATaggedCurveStayApart draws such a curve at several pane
// widths: no two rows read the same and each keeps its concurrency.
func TestTableRowsOfATaggedCurveStayApart(t *testing.T) {
	for _, dated := range []bool{false, true} {
		st := taggedCurve(t, dated)
		view := st.View()
		for _, w := range []int{58, 70, 90, 120, 160} {
			m := New(st, keys.Default().Points, testkit.Plain())
			m.SetSize(w, len(view)+3)
			lines := strings.Split(m.View(), "\n")[1 : len(view)+1]
			seen := map[string]string{}
			for r, i := range m.idx {
				p := &view[i]
				cell := strings.Fields(ansi.Cut(lines[r], 3, w))[0]
				if other, dup := seen[cell]; dup {
					t.Errorf("w %d, dated %v: %s and %s both read %q", w, dated, other, p.ID, cell)
				}
				seen[cell] = p.ID
				if c := "c" + strconv.Itoa(p.Knobs.Concurrency); !strings.Contains(cell, c) {
					t.Errorf("w %d: %q lost the concurrency of %s", w, cell, p.ID)
				}
				if dated && !strings.Contains(cell, p.Prov.Date) {
					t.Errorf("w %d: %q lost the date of %s", w, cell, p.ID)
				}
			}
		}
	}
}

// Short IDs (agg-tp4-c8) left a 22-cell point column half empty while the
// status column was dropped; the column asks no more than the widest ID,
// and a dated ID still gets what keeps its BS, concurrency and date.
func TestPointColumnAsksWhatTheIDsNeed(t *testing.T) {
	pts := []model.Point{{ID: "agg-tp4-c8"}, {ID: "agg-tp4-c4"}}
	if w := neededWidth(model.RefsTo(pts), nil); w != 10 {
		t.Errorf("short IDs: %d cells, want 10", w)
	}
	st := workbench.New()
	var agg []model.Point
	for _, p := range testkit.Demo() {
		if p.Knobs.Mode == model.ModeAgg && p.Source != model.SourceCompetitor && p.Knobs.Concurrency != 16 {
			agg = append(agg, p)
		}
	}
	st.SetPoints(agg)
	m := New(st, keys.Default().Points, testkit.Plain())
	m.SetSize(46, 8) // the points pane of a 120-column terminal
	testkit.Contains(t, "table", m.View(), "status", "agg-tp4-c4 ")
	long := []model.Point{{ID: "9p1d-dep2-dep16-b192-c7480@" + strings.Repeat("x", 30)}, {ID: "9p1d-dep2-dep16-b160-c7480@tag@2025-12-05"}}
	if w := neededWidth(model.RefsTo(long), []string{"tag"}); w != len("9p1d-…-b160-c7480@2025-12-05")-2 { // … is one cell, three bytes
		t.Errorf("dated ID: %d cells", w)
	}
}

// The ID column's width worked out without parsing is the parsed one:
// random IDs of shapes, knobs, tags, dates and sources (and some not
// ASCII, which take the parsed way).
func TestEssentialWidthIsParsed(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 24))
	pick := func(xs ...string) string { return xs[r.IntN(len(xs))] }
	slugs := []string{"dsr1", "fp8", "b200", "sglang"}
	for n := 0; n < 20000; n++ {
		var b strings.Builder
		b.WriteString(pick("agg", "9p1d", "3p1d", "", "agg-tp4", "x"))
		for k := r.IntN(5); k > 0; k-- {
			b.WriteString("-" + pick("dep2", "tp8", "b192", "c16", "c", "b1x", "", "agg", "…", "é"))
		}
		for k := r.IntN(4); k > 0; k-- {
			b.WriteString("@" + pick("dsr1-fp8", "unknown", "dsr1", "fp8-b200", "2025-12-05", "2025-12-05T10", "published", "", "fp8-dsr1", "dsr1-", "2025-1x-05"))
		}
		id := b.String()
		w, ok := essentialWidth(id, slugs)
		p := parseID(id, slugs)
		want := ansi.StringWidth(p.shortBase() + p.dates)
		if ok && w != want {
			t.Fatalf("%q: %d cells, parsed %d", id, w, want)
		}
		if ascii := !strings.ContainsAny(id, "…é"); ok != ascii {
			t.Fatalf("%q: fast %v", id, ok)
		}
	}
}
