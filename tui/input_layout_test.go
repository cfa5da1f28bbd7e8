package tui

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
	"github.com/sweeptune/sweeptune/tui/layout"
	"github.com/sweeptune/sweeptune/tui/msgs"
	"github.com/sweeptune/sweeptune/tui/points"
)

// runes is what Bubble Tea sends for printable keys that arrive together
// (typed fast, over ssh, key repeat): one KeyRunes message.
func runes(s string) tea.KeyMsg { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)} }

// tableCursor is the points pane's cursor row.
func tableCursor(m *Model) int { return m.panes[layout.Points].(*points.Model).Cursor() }

func TestKeysArrivingTogetherAreAllHandledInOrder(t *testing.T) {
	m := demoModel(t, 160, 50)
	press(m, "2")
	m.Update(runes("jjj"))
	if c := tableCursor(m); c != 3 {
		t.Fatalf("jjj in one message moved the cursor to row %d, want 3", c)
	}
	m.Update(runes("kk"))
	if c := tableCursor(m); c != 1 {
		t.Fatalf("kk: row %d, want 1", c)
	}
	m.Update(runes("xx"))
	if m.State().X.Name != model.AxisE2ENormP90.Name {
		t.Fatalf("xx: axis %s, want two steps on: e2e-norm-p90", m.State().X.Name)
	}
	m.Update(runes("XX"))
	if m.State().X.Name != model.AxisMeanIntvty.Name {
		t.Fatalf("XX: axis %s, want two steps back: mean-intvty", m.State().X.Name)
	}
	// A key that opens the filter: the rest of the run is typed into it.
	m.Update(runes("/c4096"))
	press(m, "enter")
	if m.State().Selected != removed8P {
		t.Fatalf("/c4096 in one message then enter selected %q", m.State().Selected)
	}
	m.Update(runes("m2"))
	if !m.State().Marks[removed8P] {
		t.Error("m in a run of keys did not mark")
	}
	// A paste is text, not keys.
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("mmm"), Paste: true})
	if !m.State().Marks[removed8P] || !strings.Contains(lastLine(m.View()), "paste ignored") {
		t.Errorf("a paste acted as keys; status %q", lastLine(m.View()))
	}
}

func TestZoomTogglesTheFocusedPane(t *testing.T) {
	m := demoModel(t, 160, 45)
	press(m, "4", "z")
	l := m.Layout()
	if l.Mode != layout.Zoom || len(l.Slots) != 1 || l.Slots[0].Pane != layout.Review || l.Slots[0].W != 160 || l.Slots[0].H != 44 {
		t.Fatalf("z: layout %+v, want the review pane alone on 160×44", l)
	}
	if !strings.Contains(m.View(), "4 review · zoomed (z restores)") {
		t.Errorf("the zoomed pane does not say so:\n%s", m.View())
	}
	press(m, "tab")
	if l := m.Layout(); l.Mode != layout.Zoom || l.Slots[0].Pane != layout.Export {
		t.Errorf("tab while zoomed: %+v, want the export pane zoomed", l.Slots)
	}
	press(m, "z")
	if l := m.Layout(); l.Mode != layout.Grid || len(l.Slots) != 5 {
		t.Errorf("second z: mode %d with %d panes, want the grid back", l.Mode, len(l.Slots))
	}
}

// TestLongLinesWrapInsidePanes: at 160×45 the planner's warning and the
// review's hull header are whole (wrapped), not cut at the border.
func TestLongLinesWrapInsidePanes(t *testing.T) {
	m := demoModel(t, 160, 45)
	settle(m)
	text := paneText(m.panes[layout.Review].View())
	for _, want := range []string{
		"kept points under the upper concave hull (time-sharing neighbours beat them; worth a look)",
		"removal review on mean-intvty × tput-per-gpu",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the grid at 160×45 lacks %q whole", want)
		}
	}
	press(m, "3", "z")
	text = paneText(m.panes[layout.Planner].View())
	for _, want := range []string{
		"warning: total_tokens balancing on an MoE decode step: per-rank running counts spread 11–26 (2–7 with total_requests) and the busiest rank paces every step",
		"run a saturation sweep (fixed prefill workers, rising concurrency, free cap)",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the zoomed planner lacks %q whole:\n%s", want, m.View())
		}
	}
}

// paneText is a pane's body with every run of spaces (wrapping, padding)
// made one, so wrapped text reads as one line.
func paneText(body string) string {
	return strings.Join(strings.Fields(ansi.Strip(body)), " ")
}

func TestTruncatedIDsKeepTheirEnd(t *testing.T) {
	m := demoModel(t, 160, 45)
	v := m.View()
	// The two 3P c1228 rows shown (the sweep's replaces the older published
	// run) and the two c700 rows stay apart.
	testkit.Contains(t, "the points table", v, "3p1d-…-b24-c1228@2026-11-06 ", "3p1d-…-dep16-b24-c1228@local ", "3p1d-…-b18-c700@published ", "3p1d-dep2-dep16-b18-c700 ")
}

func TestHelpListsEveryPaneFocusedFirst(t *testing.T) {
	m := demoModel(t, 160, 45)
	press(m, "4", "?")
	v := ansi.Strip(m.View())
	order := []string{"review pane (4) · focused", "everywhere", "export pane (5)", "curve pane (1)", "points pane (2)", "planner pane (3)"}
	for _, title := range order {
		if !strings.Contains(v, title) {
			t.Fatalf("help lacks %q:\n%s", title, v)
		}
	}
	testkit.Contains(t, "help", v, "zoom pane", "undo mark/plan", "prev x axis", "planned in kept curve", "write files", "set targets",
		"filter: apply", "filter: cancel", "seed from selected", "typing: set", "mark removal", "prev point",
	)
	if strings.Index(v, "review pane (4)") > strings.Index(v, "curve pane (1)") && !sameRow(v, "review pane (4)", "curve pane (1)") {
		t.Error("the focused pane's keys are not first")
	}
	press(m, "esc")
	if m.showHelp {
		t.Error("esc did not close the help")
	}
}

func sameRow(v, a, b string) bool {
	for _, l := range strings.Split(v, "\n") {
		if strings.Contains(l, a) && strings.Contains(l, b) {
			return true
		}
	}
	return false
}

func TestFooterShowsTheInputsOwnKeys(t *testing.T) {
	m := demoModel(t, 160, 45)
	press(m, "2", "/")
	st := lastLine(m.View())
	if !strings.Contains(st, "enter apply") || !strings.Contains(st, "esc cancel") || strings.Contains(st, "q quit") || strings.Contains(st, "? help") {
		t.Errorf("status while filtering: %q", st)
	}
	press(m, "esc", "3", "enter")
	st = lastLine(m.View())
	if !strings.Contains(st, "enter set") || !strings.Contains(st, "esc cancel") || strings.Contains(st, "q quit") {
		t.Errorf("status while typing a value: %q", st)
	}
}

func TestClickSelectsTheRowAndThePointUnderIt(t *testing.T) {
	m := demoModel(t, 160, 45)
	var pts, curve layout.Slot
	for _, s := range m.Layout().Slots {
		switch s.Pane {
		case layout.Points:
			pts = s
		case layout.Curve:
			curve = s
		}
	}
	click := func(x, y int) {
		click(m, x, y)
	}
	// Row 4 of the table: border, header, then rows 0…3.
	click(pts.X+5, pts.Y+1+1+3)
	if m.Focus() != layout.Points || tableCursor(m) != 3 {
		t.Fatalf("click on the 4th row: focus %d cursor %d", m.Focus(), tableCursor(m))
	}
	want := m.State().Selected
	// Find a marker of another point on the plot and click on it.
	cv := m.panes[layout.Curve]
	lines := strings.Split(cv.View(), "\n")
	for r, l := range lines[1:] { // past the legend
		r++
		for ci, ch := range []rune(l) {
			if ch == '○' {
				click(curve.X+1+ci, curve.Y+1+r)
				if m.Focus() != layout.Curve || m.State().Selected == want || m.State().Selected == "" {
					t.Fatalf("click on ○ at %d,%d: focus %d selected %q", ci, r, m.Focus(), m.State().Selected)
				}
				return
			}
		}
	}
	t.Fatal("no ○ marker on the plot to click")
}

// TestALongStatusWrapsInsteadOfBeingCut: a message wider than the screen
// takes up to three rows from the panes and is read whole.
func TestALongStatusWrapsInsteadOfBeingCut(t *testing.T) {
	m := demoModel(t, 100, 30)
	long := "4 warnings; first: real/ai-dynamo__aiperf__examples__artifacts__run1__profile_export_aiperf.csv: no GPU count (no recipe variant with concurrency 100 loaded, none in the file name, no --gpus): per-GPU throughput unknown, point kept without it"
	m.Update(msgs.Status{Text: long, Err: true})
	lines := strings.Split(m.View(), "\n")
	if len(lines) != 30 {
		t.Fatalf("%d lines, want 30", len(lines))
	}
	tail := strings.Join(strings.Fields(strings.Join(lines[27:], " ")), " ")
	if tail != long {
		t.Errorf("the status rows read\n%q\nwant\n%q", tail, long)
	}
	if m.Layout().Slots[0].H != 30-1-3 {
		t.Errorf("the pane is %d rows, want 26 (tab row and three status rows taken)", m.Layout().Slots[0].H)
	}
	m.Update(msgs.Status{Text: "short"})
	if m.Layout().Slots[0].H != 28 || !strings.HasPrefix(lastLine(m.View()), "short") {
		t.Errorf("a short status did not give the rows back: pane %d rows", m.Layout().Slots[0].H)
	}
}

// TestEveryLoadWarningCanBeRead: the status line names the first, ? lists
// them all.
func TestEveryLoadWarningCanBeRead(t *testing.T) {
	m := demoModel(t, 160, 45)
	m.load()
	ds := &sources.Dataset{Points: testkit.Demo(), Files: 4}
	ds.Warnf("a.json", "metrics", "first problem")
	ds.Warnf("b.json", "conc", "second problem")
	m.Update(loadedMsg{gen: m.gen, ds: ds})
	if !strings.Contains(m.bar.Text, "2 warnings (? lists them all); first: a.json") {
		t.Errorf("status %q", m.bar.Text)
	}
	press(m, "?")
	v := paneText(m.View())
	testkit.Contains(t, "help", v, "the last load's 2 warnings", "! a.json", "first problem", "! b.json", "second problem")
}

var onePlural = regexp.MustCompile(`(^|[^\d,.])1 (GPUs|nodes|planned points|marks|points|files|warnings|kept points)\b`)

// TestOneNumberFormatEverywhere: no pane, on any x axis, prints a large
// number without thousands separators (1,117,063, never 1117063), and
// counts read "1 GPU", "1 planned point".
func TestOneNumberFormatEverywhere(t *testing.T) {
	m := demoModel(t, 250, 70)
	bare := regexp.MustCompile(`(^|[^\w,.@/:-])[0-9]{5,}($|[^\w,.])`)
	check := func(where string) {
		t.Helper()
		settle(m)
		for _, l := range strings.Split(ansi.Strip(m.View()), "\n") {
			if bare.MatchString(l) {
				t.Errorf("%s: a number without separators: %q", where, strings.TrimSpace(l))
			}
			if s := onePlural.FindString(l); s != "" {
				t.Errorf("%s: %q in %q", where, s, strings.TrimSpace(l))
			}
		}
	}
	do(m, "3", "down", "down", "enter", "5", "0", "0", "0", "0", "enter") // queues in the ten thousands
	for range m.State().XAxesWithData() {
		for i := range layout.Names {
			do(m, string(rune('1'+i)), "z")
			check(fmt.Sprintf("%s pane zoomed on %s", layout.Names[i], m.State().X.Name))
			do(m, "z")
		}
		do(m, "x")
	}
	do(m, "2", "enter")
	check("details")
}

// TestEscThenAKeyArrivingTogether: esc and the next key in one read come
// as alt+key; both are handled (esc clears the filter, / opens a new one).
func TestEscThenAKeyArrivingTogether(t *testing.T) {
	m := demoModel(t, 160, 45)
	m.Update(runes("2/c4096"))
	press(m, "enter")
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("/"), Alt: true})
	if !m.panes[layout.Points].Capturing() {
		t.Fatal("alt+/ (esc then / arriving together) did not open the filter")
	}
	m.Update(runes("np:7"))
	press(m, "enter")
	if v := m.panes[layout.Points].View(); !strings.Contains(v, "/np:7 · 2 of 16 points") {
		t.Errorf("esc did not clear the first filter before / opened the second:\n%s", v)
	}
}

// TestMarkAndAddDoNotCollide: a point is either removed or added, never
// both (the export would refuse it as given twice).
func TestMarkAndAddDoNotCollide(t *testing.T) {
	m := demoModel(t, 160, 45)
	do(m, "2", "m", "a")
	if len(m.State().Added) != 0 || m.bar.Text != best+" is marked for removal: m unmarks it before a adds it" {
		t.Errorf("a on a marked point: added %v, status %q", m.State().Added, m.bar.Text)
	}
	do(m, "j", "a", "m")
	if m.State().Marks[best+"@published"] || m.bar.Text != best+"@published is in the export as measured: a (points pane) takes it out before m marks it" {
		t.Errorf("m on an added point: marks %v, status %q", m.State().Marks, m.bar.Text)
	}
}

// TestClickOnATabFocusesItsPane: in the tab layout a click on a tab shows
// that pane.
func TestClickOnATabFocusesItsPane(t *testing.T) {
	m := demoModel(t, 100, 30)
	row := strings.Split(ansi.Strip(m.View()), "\n")[0]
	x := strings.Index(row, "4 review")
	x = len([]rune(row[:x]))
	click(m, x+2, 0)
	if m.Focus() != layout.Review || !strings.Contains(strings.Split(m.View(), "\n")[0], "[4 review]") {
		t.Errorf("click on the review tab: focus %d, tab row %q", m.Focus(), strings.Split(m.View(), "\n")[0])
	}
}
