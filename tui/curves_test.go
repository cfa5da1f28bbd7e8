package tui

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
	"github.com/sweeptune/sweeptune/internal/check"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
	"github.com/sweeptune/sweeptune/tui/layout"
)

// The synthetic API rows of testdata: five curves (MI355X 1k1k and 8k1k
// SGLang, B200 SGLang and TRT MTP, H200 vLLM FP8), MI355X 1k1k run on
// 2025-10-06 and again on 2026-02-27.
const multiCurvePath = "../testdata/apirows/multi-curve.json"

func multiCurveData(t testing.TB) *sources.Dataset {
	t.Helper()
	ds := sources.LoadPaths([]string{multiCurvePath}, sources.Options{})
	if len(ds.Warnings) > 0 || len(ds.Points) != 26 {
		t.Fatalf("fixture: %d points, warnings %v", len(ds.Points), ds.Warnings)
	}
	return ds
}

func multiCurveModel(t testing.TB, w, h int) *Model {
	t.Helper()
	return newLoaded(t, w, h, multiCurveData(t).Points)
}

// Every curve is its own: the table's status of a point is measured on its
// own curve's frontier only, so the slower hardware's sweep is not
// "dominated" by the faster one's points, on every curve ] steps through.
func TestNoPointDominatedByAnotherCurve(t *testing.T) {
	m := multiCurveModel(t, 160, 48)
	st := m.State()
	if len(st.Curves) != 5 {
		t.Fatalf("%d curves", len(st.Curves))
	}
	seen := map[model.CurveKey]bool{}
	for range st.Curves {
		view := st.View()
		for _, p := range view {
			if p.Curve != st.Curve {
				t.Fatalf("%s of %s shown on %s", p.ID, p.Curve, st.Curve)
			}
		}
		table := m.panes[layout.Points].View()
		if strings.Contains(table, " dom ") {
			t.Errorf("%s: a point marked dominated:\n%s", st.Curve, table)
		}
		if n := strings.Count(table, " hull ") + strings.Count(table, " front "); n != len(view) {
			t.Errorf("%s: %d of %d points on the frontier:\n%s", st.Curve, n, len(view), table)
		}
		seen[st.Curve] = true
		press(m, "]")
	}
	if len(seen) != 5 {
		t.Errorf("] showed %d curves of 5", len(seen))
	}
}

// The curve pane's title names the shown curve; ] and [ say which of how
// many it is.
func TestSwitchCurvesNamesThem(t *testing.T) {
	m := multiCurveModel(t, 160, 48)
	if !strings.Contains(m.View(), "1 curve: dsr1 · 1k1k · mi355x · sglang · fp4 · none ━") {
		t.Fatalf("the title does not name the curve:\n%s", firstLine(m.View()))
	}
	press(m, "]")
	if got := status(m); !strings.HasPrefix(got, "curve 5 of 5: dsr1 · 8k1k · mi355x · sglang · fp4 · none · 4 points · 2025-10-06") {
		t.Errorf("status %q", got)
	}
	press(m, "]")
	if !strings.HasPrefix(status(m), "curve 1 of 5: dsr1 · 1k1k · b200 · sglang · fp4 · none") {
		t.Errorf("] wraps: %q", status(m))
	}
	press(m, "[", "[")
	if m.State().Curve.Scenario != "1k1k" || m.State().Curve.Hardware != "mi355x" {
		t.Errorf("[ [: %s", m.State().Curve)
	}
}

func firstLine(s string) string { return strings.SplitN(s, "\n", 2)[0] }

// The picker filters on every word typed, lists point counts and date
// ranges, and esc leaves the curve as it was.
func TestCurvePicker(t *testing.T) {
	m := multiCurveModel(t, 160, 48)
	press(m, "c")
	v := m.View()
	testkit.Contains(t, "picker", v, "pick the curve to show", "dsr1 · 1k1k · mi355x · sglang · fp4 · none  9 points · 2025-10-06 … 2026-02-27", "5 of 5")
	typeText(m, "sglang 1k1k")
	if v := m.View(); !strings.Contains(v, "2 of 5") {
		t.Errorf("filter sglang 1k1k:\n%s", v)
	}
	press(m, "esc")
	if m.curves.Picking() || m.State().Curve.Hardware != "mi355x" {
		t.Error("esc changed the curve or left the picker open")
	}
	press(m, "c")
	typeText(m, "h200")
	press(m, "enter")
	if st := m.State(); st.Curve.Hardware != "h200" || len(st.View()) != 3 || !st.InView(st.Selected) {
		t.Errorf("picked %s: %d points, selection %q", st.Curve, len(st.View()), st.Selected)
	}
}

// Overlays: a multi-select picker; each overlaid curve is a series of its
// own glyph, named in the legend; % gives the gain at the same x.
func TestOverlaysAndGains(t *testing.T) {
	m := multiCurveModel(t, 160, 48)
	press(m, "c")
	typeText(m, "trt")
	press(m, "enter", "o", "up", "tab", "down", "down", "tab", "enter") // the shown curve is not listed
	st := m.State()
	if len(st.Overlays) != 2 || st.Overlays[0].Framework != "sglang" || st.Overlays[1].Hardware != "mi355x" {
		t.Fatalf("overlays %v", st.Overlays)
	}
	v := m.View()
	testkit.Contains(t, "the plot", v, "● published  ▲ sglang · none  ▼ mi355x · sglang · none", "▲", "▼")
	press(m, "%")
	settle(m)
	v = m.View()
	// TRT MTP c64 (2,215.38 @ 94.95) against B200 SGLang's frontier at
	// 94.95: between c32 (1,246.75 @ 91.46) and c16 (786.89 @ 113.64).
	if !strings.Contains(v, "gain vs sglang · none at the same x: 1,174.36 there → +88.65 %") {
		t.Errorf("no gain in the readout:\n%s", v)
	}
	if !strings.Contains(m.panes[layout.Points].View(), "+88.65%") {
		t.Errorf("no gain column:\n%s", m.panes[layout.Points].View())
	}
	// The review measures gains against the comparable overlay.
	if r := m.panes[layout.Review].View(); !strings.Contains(r, "gain") {
		t.Errorf("review pane:\n%s", r)
	}
	press(m, "o", "enter")
	if len(m.State().Overlays) != 2 {
		t.Error("enter without changes dropped overlays")
	}
}

// y cycles the metrics that have data; the caption and the table follow;
// tput-per-mw comes from the dashboard's GPU power (MI355X: 2.65 kW).
func TestYMetrics(t *testing.T) {
	m := multiCurveModel(t, 160, 48)
	want := []string{"output-tput-per-gpu", "input-tput-per-gpu", "tput-per-mw", "cost-per-mtok", "tput-per-gpu"}
	for _, name := range want {
		press(m, "y")
		if m.State().Y.Name != name || !strings.Contains(m.View(), "y: "+name+" (") {
			t.Errorf("y: %s, want %s", m.State().Y.Name, name)
		}
	}
	press(m, "y", "y", "y")
	sel := m.State().Find(m.State().Selected)
	tput, _ := sel.Value(model.TputPerGPU)
	mw, _ := sel.Value(model.TputPerMW)
	if mw != tput*1000/2.65 {
		t.Errorf("tput-per-mw %v, want %v × 1000 / 2.65", mw, tput)
	}
	if !strings.Contains(m.panes[layout.Points].View(), "tok/s/MW▼") {
		t.Errorf("the table's y column:\n%s", m.panes[layout.Points].View())
	}
	press(m, "Y")
	if m.State().Y.Name != "input-tput-per-gpu" {
		t.Errorf("Y goes back: %s", m.State().Y.Name)
	}
}

// As of a date: each configuration's latest run on or before it, told
// apart by date in its ID; "every run" shows the history.
func TestAsOfDates(t *testing.T) {
	m := multiCurveModel(t, 160, 48)
	ids := func() map[string]bool {
		out := map[string]bool{}
		for _, p := range m.State().View() {
			out[p.ID] = true
		}
		return out
	}
	if got := ids(); len(got) != 6 || !got["agg-tp4-c8@2026-02-27"] || got["agg-tp4-c8@2025-10-06"] {
		t.Fatalf("latest view %v", got)
	}
	press(m, "@")
	if !strings.Contains(m.View(), "latest") || !strings.Contains(m.View(), "2026-02-27") {
		t.Fatalf("date picker:\n%s", m.View())
	}
	press(m, "down", "down", "enter")
	if got := ids(); len(got) != 5 || !got["agg-tp4-c8@2025-10-06"] || got["agg-tp4-c128"] {
		t.Errorf("as of 2025-10-06: %v", got)
	}
	if !strings.Contains(m.View(), "· as of 2025-10-06 ━") {
		t.Errorf("the title does not say as of:\n%s", firstLine(m.View()))
	}
	press(m, "@", "up", "enter")
	if got := ids(); len(got) != 9 {
		t.Errorf("every run: %d points, want 9", len(got))
	}
	press(m, "@")
	typeText(m, "latest")
	press(m, "enter")
	if len(ids()) != 6 || m.State().AsOf != "" {
		t.Error("latest did not come back")
	}
}

// H compares two dates: the later frontier against the earlier one at the
// same x, and what left it.
func TestCompareTwoDates(t *testing.T) {
	m := multiCurveModel(t, 160, 48)
	do(m, "H", "enter", "enter")
	v := m.View()
	testkit.Contains(t, "dates view", v,
		"curve as of 2025-10-06 → 2026-02-27",
		"agg-tp4-c64@2026-02-27           42.79      1,046.15              858.11   +21.91 %  re-run of agg-tp4-c64@2025-10-06",
		"left the frontier since 2025-10-06",
		"no perf-changelog loaded",
	)
	press(m, "esc")
	if m.curves.Comparing() {
		t.Error("esc left the dates view open")
	}
	press(m, "c")
	typeText(m, "h200")
	press(m, "enter", "H")
	if m.curves.Picking() || !strings.Contains(status(m), "fewer than two run dates") {
		t.Errorf("one date: %q", status(m))
	}
}

// e writes the shown and overlaid curves as CSV and the plot as text,
// never over an existing file.
func TestWriteViewCSV(t *testing.T) {
	dir := t.TempDir()
	m := New(Options{Theme: "none", Renderer: testkit.Renderer(), ViewDir: dir})
	resize(m, 160, 48)
	reloadData(m, multiCurveData(t))
	do(m, "c")
	typeText(m, "trt")
	do(m, "enter", "o", "up", "tab", "enter", "e")
	base := filepath.Join(dir, "sweeptune-dsr1-1k1k-b200-trt-fp4-mtp-tput-per-gpu")
	if m.bar.Text != "wrote "+base+".csv, "+base+".txt" {
		t.Fatalf("status %q", m.bar.Text)
	}
	csvText, _ := os.ReadFile(base + ".csv")
	rows := check.CSV(t, string(csvText))
	if len(rows) != 11 {
		t.Fatalf("%d rows, want a header and 5 + 5 points", len(rows))
	}
	if rows[1][0] != "dsr1 · 1k1k · b200 · trt · fp4 · mtp" || rows[1][1] != "agg-tp8-c4@trt-mtp" || rows[1][2] != "agg TP8 c4" ||
		rows[1][7] != "211.2245" || rows[1][8] != "327.2727" || rows[1][9] != "hull vertex" {
		t.Errorf("first row %q", rows[1])
	}
	if rows[6][0] != "dsr1 · 1k1k · b200 · sglang · fp4 · none" {
		t.Errorf("the overlay's rows: %q", rows[6])
	}
	text, _ := os.ReadFile(base + ".txt")
	for _, want := range []string{"dsr1 · 1k1k · b200 · trt · fp4 · mtp\n", "x: mean-intvty (linear", "frontier points: ● published  ▲ sglang · none"} {
		if !bytes.Contains(text, []byte(want)) {
			t.Errorf("text plot lacks %q:\n%s", want, text)
		}
	}
	do(m, "e")
	if m.bar.Text != "wrote "+base+"-2.csv, "+base+"-2.txt" {
		t.Errorf("a second write must not replace the first: %q", m.bar.Text)
	}
}

// The curve keys end to end, as a user types it: switch, pick,
// overlay, change y, go back in time, compare two dates, write the view.
func TestCurvesEndToEnd(t *testing.T) {
	data := multiCurveData(t)
	pkgDir, _ := os.Getwd()
	dir := t.TempDir()
	t.Chdir(dir) // a relative --out keeps the final frame independent of the temp dir
	m := New(Options{Theme: "none", Renderer: testkit.Renderer(), Data: data, ViewDir: "view"})
	r := newTerm(t, m, 160, 48)
	wait, keys := r.wait, r.keys
	wait("1 curve: dsr1 · 1k1k · mi355x · sglang · fp4 · none") // with "loaded 26 points"
	keys("]")
	wait("curve 5 of 5: dsr1 · 8k1k")
	keys("c")
	r.text("trt")
	keys("enter")
	wait("1 curve: dsr1 · 1k1k · b200 · trt · fp4 · mtp")
	keys("o", "up", "tab", "enter")
	wait("1 overlaid: sglang · none")
	keys("y")
	wait("y: output-tput-per-gpu (tok/s/GPU)")
	keys("Y", "c")
	r.text("mi355x 1k1k")
	keys("enter", "@", "down", "down", "enter")
	wait("· as of 2025-10-06")
	keys("H", "enter", "enter")
	wait("re-run of agg-tp4-c64@2025-10-06")
	keys("esc", "@")
	r.text("latest")
	keys("enter", "e")
	wait("wrote view/sweeptune-dsr1-1k1k-mi355x-sglang-fp4-none-tput-per-gpu.csv")
	keys("q")
	final := r.final()
	st := final.State()
	if st.Curve.Hardware != "mi355x" || st.AsOf != "" || len(st.Overlays) != 1 || st.Y.Name != "tput-per-gpu" {
		t.Fatalf("final state: %s as of %q, overlays %v, y %s", st.Curve, st.AsOf, st.Overlays, st.Y.Name)
	}
	if _, err := os.Stat(filepath.Join(dir, "view", "sweeptune-dsr1-1k1k-mi355x-sglang-fp4-none-tput-per-gpu.txt")); err != nil {
		t.Error(err)
	}
	os.Chdir(pkgDir) // the golden file is the package's
	golden.RequireEqual(t, []byte(final.View()))
}

// The full help lists the curve keys and the pickers' keys.
func TestHelpListsCurveKeys(t *testing.T) {
	m := multiCurveModel(t, 160, 48)
	press(m, "?")
	v := m.View()
	testkit.Contains(t, "help", v, "curves (everywhere)", "]            next curve", "c            pick curve", "o            overlay curves",
		"y            next y metric", "@            as of date", "H            history: 2 dates", "F            frontier only",
		"n            point labels", "%            gains vs overlay", "e            write CSV + plot", "pickers (c o @ H)",
	)
}

// F hides the points off the frontier; n writes shape and concurrency
// beside the frontier points.
func TestOptimalOnlyAndLabels(t *testing.T) {
	m := demoModel(t, 160, 50)
	plot := func() string { // the plot's rows, without the legend line
		lines := strings.Split(m.panes[layout.Curve].View(), "\n")
		return strings.Join(lines[1:], "\n")
	}
	if !strings.Contains(plot(), "○") {
		t.Fatal("the demo curve has dominated points: ○ expected")
	}
	press(m, "F")
	if strings.Contains(plot(), "○") || !strings.Contains(status(m), "frontier only (points off the frontier hidden): on") {
		t.Errorf("F: dominated points still drawn (%q):\n%s", status(m), plot())
	}
	press(m, "n")
	if !strings.Contains(plot(), "7P BS96 c5540") || !strings.Contains(plot(), "3P BS18 c700") {
		t.Errorf("n: no point labels:\n%s", plot())
	}
	press(m, "F", "n")
	if !strings.Contains(plot(), "○") || strings.Contains(plot(), "7P BS96 c5540") {
		t.Error("F and n do not toggle back")
	}
}

// A reload (--watch) that brings a result of another hardware beside the
// shown curve's keeps the shown curve: the newcomer is a curve of its own,
// never a point on this one's frontier.
func TestReloadWithAnotherCurveKeepsTheShownOne(t *testing.T) {
	m := demoModel(t, 160, 48)
	shown := m.State().Curve
	pts := testkit.Demo()
	h100 := pts[0]
	h100.Curve.Hardware, h100.ID = "h100", ""
	h100.Metrics.Set(model.TputPerGPU, 5e6) // would dominate every GB300 point
	pts = append(pts, h100)
	model.AssignIDs(pts)
	reload(m, pts, 5)
	st := m.State()
	if st.Curve != shown || len(st.Curves) != 3 {
		t.Fatalf("shown %s of %d curves", st.Curve, len(st.Curves))
	}
	for _, p := range st.View() {
		if p.Curve.Hardware == "h100" {
			t.Fatalf("%s of h100 on the GB300 curve", p.ID)
		}
	}
	if strings.Count(m.panes[layout.Points].View(), " dom ") != 2 { // table B's 1200 s 3P c700 is "short": on no frontier
		t.Errorf("the H100 point changed what is dominated on GB300:\n%s", m.panes[layout.Points].View())
	}
	if !strings.Contains(status(m), "3 curves (] [ c)") {
		t.Errorf("status %q", status(m))
	}
}
