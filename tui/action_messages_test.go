package tui

import (
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
	"github.com/sweeptune/sweeptune/tui/layout"
	"github.com/sweeptune/sweeptune/tui/plan"
	"github.com/sweeptune/sweeptune/tui/workbench/session"
)

const best = "9p1d-dep2-dep16-b192-c7480" // the demo's first row and selection

func TestMarkingAndUnmarkingAnswer(t *testing.T) {
	m := demoModel(t, 160, 45)
	do(m, "2", "m")
	if m.bar.Text != "marked "+best+" for removal · 1 mark (review pane: is it covered?)" {
		t.Errorf("after m: status %q", m.bar.Text)
	}
	do(m, "j", "m")
	if !strings.HasPrefix(m.bar.Text, "marked 9p1d-dep2-dep16-b192-c7480@published for removal · 2 marks") {
		t.Errorf("second mark: status %q", m.bar.Text)
	}
	do(m, "m")
	if m.bar.Text != "unmarked 9p1d-dep2-dep16-b192-c7480@published · 1 mark" {
		t.Errorf("unmark: status %q", m.bar.Text)
	}
	do(m, "1", "m") // the curve pane marks the selection too
	if !strings.HasPrefix(m.bar.Text, "marked 9p1d-dep2-dep16-b192-c7480@published for removal · 2 marks") {
		t.Errorf("m in the curve pane: status %q", m.bar.Text)
	}
}

func TestUndoTakesBackMarksAndPlans(t *testing.T) {
	m := demoModel(t, 160, 45)
	do(m, "2", "m", "j", "m")
	do(m, "u")
	if m.State().Marks[best+"@published"] || !m.State().Marks[best] {
		t.Fatalf("u did not take back the last mark: %v", m.State().Marks)
	}
	if m.bar.Text != "undone: marked "+best+"@published (1 change left to undo)" {
		t.Errorf("u: status %q", m.bar.Text)
	}
	do(m, "u")
	if len(m.State().Marks) != 0 {
		t.Fatalf("second u: marks %v", m.State().Marks)
	}
	do(m, "u")
	if m.bar.Text != "nothing to undo" {
		t.Errorf("third u: status %q", m.bar.Text)
	}
}

// TestMOnAPlannedPointRemovesItAloud: m on a planned point deletes it from
// the plan, says so, and u brings it back.
func TestMOnAPlannedPointRemovesItAloud(t *testing.T) {
	m := demoModel(t, 160, 45)
	do(m, "3", "right", "right", "a") // 5 prefill workers: no measured twin
	if len(m.State().Planned) != 1 {
		t.Fatalf("a did not plan: %v (status %q)", m.State().Planned, m.bar.Text)
	}
	id := m.State().Planned[0].ID
	do(m, "2", "/")
	typeText(m, "src:planned")
	do(m, "enter", "m")
	if len(m.State().Planned) != 0 {
		t.Fatalf("m on the planned point left it in the plan")
	}
	if m.bar.Text != "removed planned point "+id+" · 0 planned points left (u undoes)" {
		t.Errorf("status %q", m.bar.Text)
	}
	do(m, "u")
	if len(m.State().Planned) != 1 || m.State().Planned[0].ID != id {
		t.Fatalf("u did not restore the planned point: %v", m.State().Planned)
	}
	if m.bar.Text != "undone: removed planned point "+id+" (1 change left to undo)" {
		t.Errorf("u: status %q", m.bar.Text)
	}
}

func TestSessionRestoreSaysWhatCameBack(t *testing.T) {
	f := session.File{
		Version: session.Version, XAxis: "p90-intvty",
		Marks: []string{best, "8p1d-dep2-dep16-c4096", "agg-tp4-c1"},
		Planned: []session.Planned{{ID: "6p1d-dep2-dep16-b80-c4096@planned", Curve: testkit.Demo()[0].Curve,
			Knobs:   model.Knobs{Mode: model.ModeDisagg, Concurrency: 4096, Prefill: model.Role{Workers: 6, GPUs: 2}, Decode: model.Role{Workers: 1, GPUs: 16}},
			Metrics: map[string]float64{"tput-per-gpu": 900000, "mean-intvty": 170}}},
	}
	m := start(Options{Session: f}, 160, 45, testkit.Demo(), 4)
	want := "loaded 21 points from 4 files · 2 curves (] [ c) · session restored: 3 marks, 1 planned point, axis p90-intvty"
	if m.bar.Text != want {
		t.Errorf("status %q\nwant   %q", m.bar.Text, want)
	}
}

// TestOrphanedMarksAreShown: a reload that drops a marked point (--watch)
// says so, the review pane lists it, D drops it.
func TestOrphanedMarksAreShown(t *testing.T) {
	m := demoModel(t, 160, 45)
	do(m, "2", "m")
	var rest []model.Point
	for _, p := range testkit.Demo() {
		if p.ID != best {
			rest = append(rest, p)
		}
	}
	reload(m, rest, 4)
	if want := "loaded 20 points from 4 files · 2 curves (] [ c) · 1 mark orphaned: " + best + " not in the data (review pane; D drops)"; m.bar.Text != want {
		t.Errorf("status %q\nwant   %q", m.bar.Text, want)
	}
	settle(m)
	if v := paneText(m.panes[layout.Review].View()); !strings.Contains(v, "1 orphaned mark: their points are not in the loaded data") || !strings.Contains(v, "? "+best) {
		t.Errorf("the review pane does not show the orphan:\n%s", m.panes[layout.Review].View())
	}
	if v := m.panes[layout.Points].View(); !strings.Contains(v, "1 marked, 1 orphaned") {
		t.Errorf("the points footer does not count the orphan:\n%s", v)
	}
	do(m, "4", "D")
	if len(m.State().Marks) != 0 || m.bar.Text != "dropped 1 orphaned mark (u undoes)" {
		t.Errorf("D: marks %v, status %q", m.State().Marks, m.bar.Text)
	}
}

// TestTypedValuesAreValidatedAloud: BS 100 becomes 104 and says why; 0
// and letters are refused with a message and change nothing.
func TestTypedValuesAreValidatedAloud(t *testing.T) {
	m := demoModel(t, 160, 45)
	pl := m.panes[layout.Planner].(*plan.Model)
	do(m, "3", "down", "enter", "1", "0", "0", "enter")
	if bs := pl.Knobs().DecodeBS; bs != 104 {
		t.Fatalf("BS 100: cap %d, want 104", bs)
	}
	if want := "decode cap 100 → 104: CUDA graphs are captured at …, 96, 104, 112, …, and a cap between two pads to the larger"; m.bar.Text != want || m.bar.Err {
		t.Errorf("status %q\nwant   %q", m.bar.Text, want)
	}
	do(m, "enter", "0", "enter")
	if pl.Knobs().DecodeBS != 104 || m.bar.Text != "decode cap (BS) must be at least 1: stays 104" || !m.bar.Err {
		t.Errorf("0: cap %d, status %q (err %v)", pl.Knobs().DecodeBS, m.bar.Text, m.bar.Err)
	}
	do(m, "enter", "x")
	if m.bar.Text != `decode cap (BS) takes a whole number: "x" ignored (enter sets, esc cancels)` || !m.bar.Err {
		t.Errorf("x: status %q", m.bar.Text)
	}
	do(m, "enter")
	if pl.Knobs().DecodeBS != 104 || m.bar.Text != "no value typed: decode cap (BS) stays 104" {
		t.Errorf("empty: cap %d, status %q", pl.Knobs().DecodeBS, m.bar.Text)
	}
	do(m, "down", "enter", "5", "5", "4", "0", "enter")
	if pl.Knobs().Concurrency != 5540 || m.bar.Text != "concurrency set to 5,540" {
		t.Errorf("5540: concurrency %d, status %q", pl.Knobs().Concurrency, m.bar.Text)
	}
	do(m, "up", "up", "enter", "9", "9", "enter")
	if pl.Knobs().Prefill.Workers != 64 || m.bar.Text != "prefill workers 99 → 64: at most 64" {
		t.Errorf("99 workers: %d, status %q", pl.Knobs().Prefill.Workers, m.bar.Text)
	}
}
