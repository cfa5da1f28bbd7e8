package points

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/sweeptune/sweeptune/themes"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
	"github.com/sweeptune/sweeptune/tui/keys"
	"github.com/sweeptune/sweeptune/tui/workbench"
)

func TestMain(m *testing.M) { testkit.Main(m) }

func newPane(styles themes.Styles, w, h int) (*Model, *workbench.State) {
	st := workbench.New()
	st.SetPoints(testkit.Demo())
	st.ToggleMark("8p1d-dep2-dep16-c4096")
	st.Select("7p1d-dep2-dep16-b96-c5540")
	st.TakeChanges()
	m := New(st, keys.Default().Points, styles)
	m.SetSize(w, h)
	return m, st
}

// typeFilter opens the filter (/) and types q into it, a key a rune.
func typeFilter(m *Model, q string) {
	m.Update(testkit.Key("/"))
	for _, r := range q {
		m.Update(testkit.Key(string(r)))
	}
}

// footer is the pane's last line, plain, without its trailing blanks.
func footer(m *Model) string {
	lines := strings.Split(m.View(), "\n")
	return strings.TrimRight(ansi.Strip(lines[len(lines)-1]), " ")
}

// TestViewGolden is the table over sizes × themes: columns drop as the
// pane narrows, the cursor row carries ›, the marked row ×.
func TestViewGolden(t *testing.T) {
	testkit.Matrix(t, func(t *testing.T, c testkit.Cell) string {
		m, _ := newPane(c.Styles, c.W, c.H)
		return m.View()
	})
}

func TestDetailsGolden(t *testing.T) {
	pts := testkit.Demo()
	out := Details(testkit.ByID(pts, "7p1d-dep2-dep16-b96-c5540"), false, testkit.Plain())
	testkit.Contains(t, "details", out, "1 × DEP16 (16 GPUs each, 4 nodes)", "max-running-requests   1,536", "tput-per-gpu           1,033,494 tok/s/GPU", "duration               3600 s", "lmsysorg/sglang:nightly-dev-cu13-20261030-302b78cc")
	golden.RequireEqual(t, []byte(out))
}

func TestCursorMovesTheSharedSelection(t *testing.T) {
	m, st := newPane(testkit.Plain(), 70, 22)
	before := st.Selected
	m.Update(testkit.Key("down"))
	if st.Selected == before || st.Selected == "" {
		t.Fatalf("down left the selection at %q", st.Selected)
	}
	if !strings.Contains(m.View(), "› ") && !strings.Contains(m.View(), "›×") {
		t.Error("no › on the cursor row")
	}
	st.Select("agg-tp4-c1")
	m.Refresh(st.TakeChanges())
	if got := m.selectedID(); got != "agg-tp4-c1" {
		t.Errorf("the table did not follow the plot's selection: %q", got)
	}
}

func TestSortAndFilter(t *testing.T) {
	m, st := newPane(testkit.Plain(), 120, 34)
	// Default: tput/GPU descending, the best first.
	if id := st.View()[m.idx[0]].ID; id != "9p1d-dep2-dep16-b192-c7480" {
		t.Errorf("first row %s, want the 1,117,063 point", id)
	}
	m.Update(testkit.Key("S"))
	if id := st.View()[m.idx[0]].ID; id != "agg-tp4-c1" {
		t.Errorf("reversed: first row %s, want agg-tp4-c1 (8,244)", id)
	}
	typeFilter(m, "local")
	m.Update(testkit.Key("enter"))
	if len(m.idx) != 5 || m.Capturing() {
		t.Fatalf("filter local: %d rows, capturing %v", len(m.idx), m.Capturing())
	}
	m.Update(testkit.Key("esc"))
	// The table is the shown curve's: 18 points, the competitor's 3 are
	// another curve.
	if len(m.idx) != 16 { // the view: the sweep replaces two older published runs
		t.Errorf("esc did not clear the filter: %d rows", len(m.idx))
	}
}

// The status column says where each point stands on its own curve.
func TestStatusOnTheCurve(t *testing.T) {
	m, st := newPane(testkit.Plain(), 120, 34)
	status := map[string]string{}
	for r, i := range m.idx {
		status[st.View()[i].ID] = m.row(r)[colStatus]
	}
	for id, want := range map[string]string{
		"7p1d-dep2-dep16-b96-c5540":           "hull",  // 1,033,494 @ 150.7: a hull vertex
		"7p1d-dep2-dep16-b96-c5540@published": "dom",   // 1,014,363 @ 150.2: under the local run
		"8p1d-dep2-dep16-c4096":               "front", // on the frontier, under the hull
		"agg-tp4-c1":                          "–",     // no mean-intvty
	} {
		if status[id] != want {
			t.Errorf("%s: status %q, want %q", id, status[id], want)
		}
	}
}

func TestMarkAndDetails(t *testing.T) {
	m, st := newPane(testkit.Plain(), 120, 34)
	m.Update(testkit.Key("m"))
	if !st.Marks["7p1d-dep2-dep16-b96-c5540"] {
		t.Fatal("m did not mark the selected row")
	}
	m.Refresh(st.TakeChanges())
	if !strings.Contains(m.View(), "›× 7p1d-dep2-dep16-b96-c5540") {
		t.Errorf("the marked cursor row does not show ›×:\n%s", m.View())
	}
	m.Update(testkit.Key("enter"))
	if !strings.Contains(m.View(), "provenance") || !strings.Contains(m.View(), "× marked for removal") {
		t.Errorf("enter did not open the details:\n%s", m.View())
	}
	m.Update(testkit.Key("esc"))
	if strings.Contains(m.View(), "provenance") {
		t.Error("esc did not close the details")
	}
}

// TestDetailsSayWhereKnobsCameFrom: a point joined to a recipe names the
// file and the variant; unknown curve fields and an acceptance of 0 read
// as unknown, never blank or 0.00.
func TestDetailsSayWhereKnobsCameFrom(t *testing.T) {
	p := *testkit.ByID(testkit.Demo(), "7p1d-dep2-dep16-b96-c5540")
	p.Prov.Recipe, p.Prov.RecipeVariant = "recipes/disagg-variants.yaml", "override_7p1d_dep2_dep16_b96_c5540"
	p.Knobs.SpecDecoding, p.Knobs.AcceptanceLength = "mtp", 0
	p.Curve.Framework, p.Curve.Precision = "", ""
	out := strings.Join(strings.Fields(Details(&p, false, testkit.Plain())), " ")
	testkit.Contains(t, "details", out,
		"recipe recipes/disagg-variants.yaml · override_7p1d_dep2_dep16_b96_c5540",
		"spec decoding mtp (acceptance unknown)",
		"curve deepseek-ai/DeepSeek-V4.1-Flash · agentic-coding · gb300 · unknown framework · unknown precision",
	)
}
