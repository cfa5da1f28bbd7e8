package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/tui/layout"
	"github.com/sweeptune/sweeptune/tui/review"
)

const removed8P = "8p1d-dep2-dep16-c4096"

func TestFocusRingAndJumpKeys(t *testing.T) {
	m := demoModel(t, 160, 50)
	if m.Focus() != layout.Curve {
		t.Fatalf("starts on %d, want curve", m.Focus())
	}
	press(m, "tab")
	if m.Focus() != layout.Points {
		t.Errorf("tab: focus %d, want points", m.Focus())
	}
	press(m, "shift+tab", "shift+tab")
	if m.Focus() != layout.Export {
		t.Errorf("shift+tab twice from points: focus %d, want export (wraps)", m.Focus())
	}
	press(m, "3")
	if m.Focus() != layout.Planner {
		t.Errorf("3: focus %d, want planner", m.Focus())
	}
	if !strings.Contains(m.View(), "┏━ 3 planner") {
		t.Error("the focused pane is not drawn with a thick frame")
	}
}

func TestMarkInPointsPaneReachesReview(t *testing.T) {
	m := demoModel(t, 160, 50)
	press(m, "2", "/")
	typeText(m, "c4096")
	press(m, "enter")
	if m.State().Selected != removed8P {
		t.Fatalf("filter c4096 selected %q", m.State().Selected)
	}
	press(m, "m")
	if !m.State().Marks[removed8P] {
		t.Fatal("m did not mark the point")
	}
	settle(m)
	rv := m.panes[layout.Review].(*review.Model).Report()
	var found bool
	for _, v := range rv.Curves[0].Removed {
		if v.ID == removed8P {
			found = true
			if !v.Covered || v.Test != model.TestLine || v.GapPct >= 0 {
				t.Errorf("verdict %+v: want covered by the line, under it", v)
			}
		}
	}
	if !found {
		t.Fatal("the review has no verdict for the marked point")
	}
	press(m, "m")
	if m.State().Marks[removed8P] {
		t.Error("a second m should unmark")
	}
}

func TestStaleLoadIsDropped(t *testing.T) {
	m := demoModel(t, 160, 50)
	before := len(m.State().Points)
	m.load()
	old := m.gen
	m.load()
	m.Update(loadedMsg{gen: old, ds: &sources.Dataset{}})
	if len(m.State().Points) != before || !m.loading {
		t.Fatalf("a stale result was applied: %d points, loading=%v", len(m.State().Points), m.loading)
	}
	m.Update(loadedMsg{gen: m.gen, ds: &sources.Dataset{Points: m.State().Points[:3]}})
	if len(m.State().Points) != 3 || m.loading {
		t.Fatalf("the current result was not applied: %d points, loading=%v", len(m.State().Points), m.loading)
	}
}

func TestLoadErrorGoesToStatusLine(t *testing.T) {
	m := demoModel(t, 160, 50)
	m.load()
	m.Update(loadedMsg{gen: m.gen, err: errString("results/: permission denied")})
	if !m.bar.Err || !strings.Contains(lastLine(m.View()), "permission denied") {
		t.Fatalf("status line %q does not show the error", lastLine(m.View()))
	}
	if len(m.State().Points) != 21 {
		t.Errorf("a failed reload dropped the data: %d points", len(m.State().Points))
	}
}

type errString string

func (e errString) Error() string { return string(e) }

func TestResizeSwitchesLayout(t *testing.T) {
	m := demoModel(t, 200, 60)
	if m.Layout().Mode != layout.Grid || len(m.Layout().Slots) != 5 {
		t.Fatalf("200x60: mode %d with %d panes, want a grid of 5", m.Layout().Mode, len(m.Layout().Slots))
	}
	resize(m, 100, 30)
	if m.Layout().Mode != layout.Tabs || !strings.Contains(strings.Split(m.View(), "\n")[0], "[1 curve]") {
		t.Fatalf("100x30: want tabs with curve active, got first line %q", strings.Split(m.View(), "\n")[0])
	}
	press(m, "2")
	if !strings.Contains(strings.Split(m.View(), "\n")[0], "[2 points]") {
		t.Errorf("after 2 the tab row is %q", strings.Split(m.View(), "\n")[0])
	}
	resize(m, 60, 20)
	if m.Layout().Mode != layout.Tabs || !strings.Contains(strings.Split(m.View(), "\n")[0], "[2 points]") {
		t.Errorf("60x20 (an ssh window) is usable, one pane at a time:\n%s", m.View())
	}
	resize(m, 50, 14)
	if !strings.Contains(m.View(), "terminal too small") || !strings.Contains(m.View(), "50×14") {
		t.Errorf("50x14 view:\n%s", m.View())
	}
}

// TestViewFitsEverySize: from 20×5 to 300×100 the frame has exactly h
// lines of exactly w cells, and nothing panics.
func TestViewFitsEverySize(t *testing.T) {
	m := demoModel(t, 80, 24)
	press(m, "2", "m")
	for w := 20; w <= 300; w += 11 {
		for h := 5; h <= 100; h += 5 {
			resize(m, w, h)
			for _, f := range []string{"1", "3", "5"} {
				press(m, f)
				lines := strings.Split(m.View(), "\n")
				if len(lines) != h {
					t.Fatalf("%dx%d focus %s: %d lines", w, h, f, len(lines))
				}
				for i, l := range lines {
					if lw := ansi.StringWidth(l); lw != w {
						t.Fatalf("%dx%d focus %s: line %d is %d wide: %q", w, h, f, i, lw, l)
					}
				}
			}
		}
	}
}

func TestQuitAsksWhenWorkIsNotExported(t *testing.T) {
	m := demoModel(t, 160, 50)
	if cmd := press(m, "q"); cmd == nil || m.confirm != nil {
		t.Fatal("q with nothing to lose should quit at once")
	}
	press(m, "2", "m", "q")
	if m.confirm == nil || !strings.Contains(lastLine(m.View()), "not exported") {
		t.Fatalf("q with a mark did not ask; status %q", lastLine(m.View()))
	}
	press(m, "n")
	if m.confirm != nil {
		t.Fatal("n did not cancel")
	}
	press(m, "q")
	if cmd := press(m, "y"); cmd == nil {
		t.Fatal("y returned no quit command")
	}
}

func TestFilterCapturesGlobalKeys(t *testing.T) {
	m := demoModel(t, 160, 50)
	press(m, "2", "/", "q", "x", "3")
	if m.confirm != nil || m.Focus() != layout.Points || m.State().X.Name != model.AxisMeanIntvty.Name {
		t.Fatalf("keys leaked out of the filter: focus %d, x %s", m.Focus(), m.State().X.Name)
	}
	if !strings.Contains(m.View(), "/qx3") {
		t.Error("the filter does not show what was typed")
	}
	press(m, "esc", "x")
	if m.State().X.Name == model.AxisMeanIntvty.Name {
		t.Error("after esc, x should cycle the axis")
	}
}

func TestWatchDebounceReloadsOnce(t *testing.T) {
	m := demoModel(t, 160, 50)
	gen := m.gen
	m.Update(watchMsg{})
	first := m.watchSeq
	m.Update(watchMsg{})
	m.Update(reloadMsg{seq: first})
	if m.gen != gen {
		t.Fatal("a superseded reload ran")
	}
	m.Update(reloadMsg{seq: m.watchSeq})
	if m.gen != gen+1 || !m.loading {
		t.Fatalf("the last reload did not start: gen %d→%d", gen, m.gen)
	}
}

func TestAxisAndThemeKeys(t *testing.T) {
	m := demoModel(t, 160, 50)
	press(m, "x")
	if m.State().X.Name != model.AxisP90Intvty.Name {
		t.Errorf("x: axis %s, want p90-intvty (the demo has no median interactivity)", m.State().X.Name)
	}
	press(m, "L")
	if !m.State().LogX || !strings.Contains(m.View(), "log scale") {
		t.Error("L did not switch to a log-scale x")
	}
	press(m, "T")
	if m.theme != "dark" {
		t.Errorf("T from none: theme %q, want dark", m.theme)
	}
}

func lastLine(s string) string {
	lines := strings.Split(s, "\n")
	return lines[len(lines)-1]
}

func TestMouseClickFocusesThePane(t *testing.T) {
	m := demoModel(t, 160, 50)
	for _, s := range m.Layout().Slots {
		click(m, s.X+s.W/2, s.Y+1)
		if m.Focus() != s.Pane {
			t.Errorf("click in %s focused %d", layout.Names[s.Pane], m.Focus())
		}
	}
}

func TestPlannedPointsAreCopiedOnWrite(t *testing.T) {
	m := demoModel(t, 160, 50)
	p := m.State().Points[0]
	p.ID = "x@planned"
	m.State().AddPlanned(p)
	held := m.State().Planned // what a running export command holds
	p.Knobs.Concurrency = 12345
	m.State().AddPlanned(p) // same ID: replaces
	if held[0].Knobs.Concurrency == 12345 || len(m.State().Planned) != 1 || m.State().Planned[0].Knobs.Concurrency != 12345 {
		t.Fatal("re-planning an ID mutated a slice a command may still read, or did not replace")
	}
}
