package points

import (
	"fmt"
	"os"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/muesli/termenv"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
	"github.com/sweeptune/sweeptune/tui/keys"
	"github.com/sweeptune/sweeptune/tui/state"
)

func TestMain(m *testing.M) {
	lipgloss.SetColorProfile(termenv.Ascii)
	os.Exit(m.Run())
}

func newPane(theme string, p termenv.Profile, w, h int) (*Model, *state.State) {
	st := state.New()
	st.SetPoints(testkit.Demo())
	st.ToggleMark("8p1d-dep2-dep16-c4096")
	st.Select("7p1d-dep2-dep16-b96-c5540")
	st.TakeChanges()
	m := New(st, keys.Default().Points, testkit.Styles(theme, p))
	m.SetSize(w, h)
	return m, st
}

// TestViewGolden is the table over sizes × themes: columns drop as the
// pane narrows, the cursor row carries ›, the marked row ×.
func TestViewGolden(t *testing.T) {
	for _, sz := range testkit.Sizes {
		for _, th := range testkit.Themes {
			t.Run(fmt.Sprintf("%dx%d-%s-%s", sz[0], sz[1], th.Name, testkit.ProfileName(th.Profile)), func(t *testing.T) {
				m, _ := newPane(th.Name, th.Profile, sz[0], sz[1])
				checkSize(t, m.View(), sz[0], sz[1])
				golden.RequireEqual(t, []byte(m.View()))
			})
		}
	}
}

func TestDetailsGolden(t *testing.T) {
	pts := testkit.Demo()
	out := Details(testkit.ByID(pts, "7p1d-dep2-dep16-b96-c5540"), false, testkit.Styles("none", termenv.Ascii))
	for _, want := range []string{"1 × DEP16 (16 GPUs each, 4 nodes)", "max-running-requests   1536", "tput-per-gpu           1,033,494 tok/s/GPU", "duration               3600 s", "lmsysorg/sglang:nightly-dev-cu13-20261030-302b78cc"} {
		if !strings.Contains(out, want) {
			t.Errorf("details lack %q", want)
		}
	}
	golden.RequireEqual(t, []byte(out))
}

func press(s string) tea.KeyMsg {
	switch s {
	case "enter":
		return tea.KeyMsg{Type: tea.KeyEnter}
	case "esc":
		return tea.KeyMsg{Type: tea.KeyEsc}
	case "down":
		return tea.KeyMsg{Type: tea.KeyDown}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)}
}

func TestCursorMovesTheSharedSelection(t *testing.T) {
	m, st := newPane("none", termenv.Ascii, 70, 22)
	before := st.Selected
	m.Update(press("down"))
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
	m, st := newPane("none", termenv.Ascii, 120, 34)
	// Default: tput/GPU descending, the best first.
	if id := st.All()[m.idx[0]].ID; id != "9p1d-dep2-dep16-b192-c7480" {
		t.Errorf("first row %s, want the 1,117,063 point", id)
	}
	m.Update(press("S"))
	if id := st.All()[m.idx[0]].ID; id != "agg-tp4-c1" {
		t.Errorf("reversed: first row %s, want agg-tp4-c1 (8,244)", id)
	}
	m.Update(press("/"))
	for _, r := range "vllm" {
		m.Update(press(string(r)))
	}
	m.Update(press("enter"))
	if len(m.idx) != 3 || m.Capturing() {
		t.Fatalf("filter vllm: %d rows, capturing %v", len(m.idx), m.Capturing())
	}
	m.Update(press("esc"))
	if len(m.idx) != 21 {
		t.Errorf("esc did not clear the filter: %d rows", len(m.idx))
	}
}

func TestMarkAndDetails(t *testing.T) {
	m, st := newPane("none", termenv.Ascii, 120, 34)
	m.Update(press("m"))
	if !st.Marks["7p1d-dep2-dep16-b96-c5540"] {
		t.Fatal("m did not mark the selected row")
	}
	m.Refresh(st.TakeChanges())
	if !strings.Contains(m.View(), "›× 7p1d-dep2-dep16-b96-c5540") {
		t.Errorf("the marked cursor row does not show ›×:\n%s", m.View())
	}
	m.Update(press("enter"))
	if !strings.Contains(m.View(), "provenance") || !strings.Contains(m.View(), "× marked for removal") {
		t.Errorf("enter did not open the details:\n%s", m.View())
	}
	m.Update(press("esc"))
	if strings.Contains(m.View(), "provenance") {
		t.Error("esc did not close the details")
	}
}

func checkSize(t *testing.T, out string, w, h int) {
	t.Helper()
	lines := strings.Split(out, "\n")
	if len(lines) != h {
		t.Fatalf("%d lines, want %d", len(lines), h)
	}
	for i, l := range lines {
		if ansi.StringWidth(l) != w {
			t.Fatalf("line %d is %d wide, want %d: %q", i, ansi.StringWidth(l), w, l)
		}
	}
}
