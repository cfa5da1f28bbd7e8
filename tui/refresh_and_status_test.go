package tui

import (
	"strings"
	"testing"
)

// TestReviewSelectionToggleNotStale: s in the review pane shows the
// selection at once and s again the review, as the runtime runs the
// commands (no Sync): it showed "no selection" for good, both ways.
func TestReviewSelectionToggleNotStale(t *testing.T) {
	m := demoModel(t, 200, 60)
	settle(m)
	do(m, "4", "z")
	if !strings.Contains(m.View(), "removals · line test") {
		t.Fatalf("the review is not shown:\n%s", m.View())
	}
	do(m, "s")
	if v := m.View(); !strings.Contains(v, "Selection on deepseek-ai/DeepSeek-V4.1-Flash") {
		t.Errorf("s did not show the selection:\n%s", v)
	}
	do(m, "s")
	if v := m.View(); !strings.Contains(v, "removals · line test") || strings.Contains(v, "no selection") {
		t.Errorf("s again did not show the review:\n%s", v)
	}
}

// TestKeepSaysWhichWay: K says whether the selected point left the kept
// curve or joined it (it said "flipped in or out"), and on a point marked
// for removal, which no flip can move, it says so and changes nothing.
func TestKeepSaysWhichWay(t *testing.T) {
	m := demoModel(t, 200, 60)
	settle(m)
	m.st.Select("5p1d-dep2-dep16-b40-c2884")
	do(m, "4", "K")
	settle(m)
	if s := status(m); !strings.Contains(s, "5p1d-dep2-dep16-b40-c2884: taken out of the kept curve") {
		t.Errorf("K on a kept point: %q", s)
	}
	do(m, "K")
	settle(m)
	if s := status(m); !strings.Contains(s, "5p1d-dep2-dep16-b40-c2884: put in the kept curve") {
		t.Errorf("K again: %q", s)
	}
	m.st.Select("agg-tep2-c16")
	do(m, "2", "m", "4", "K")
	settle(m)
	if s := status(m); !strings.Contains(s, "agg-tep2-c16 is marked for removal") {
		t.Errorf("K on a marked point: %q", s)
	}
	if len(m.st.KeepFlips) != 0 {
		t.Errorf("flips left: %v", m.st.KeepFlips)
	}
}

// TestHelpShowsACutStatusWhole: a status line too long for the screen
// ends in …; ? then shows all of it (the session's notes at start were
// otherwise lost).
func TestHelpShowsACutStatusWhole(t *testing.T) {
	m := demoModel(t, 80, 24)
	settle(m)
	long := strings.Repeat("session: a note the user must read · ", 8) + "THE END"
	m.bar.Hold(long) // a held note: the key that opens the help drops it
	m.compose()
	if strings.Contains(m.View(), "THE END") {
		t.Fatalf("the status is not cut at 80×24; the test needs a longer one")
	}
	do(m, "?")
	if v := m.View(); !strings.Contains(v, "the status line, whole") || !strings.Contains(strings.Join(strings.Fields(v), " "), "THE END") {
		t.Errorf("? does not show the cut status whole:\n%s", v)
	}
	do(m, "?")
	m.info("short")
	do(m, "?")
	if strings.Contains(m.View(), "the status line, whole") {
		t.Errorf("a status that fits is repeated in the help")
	}
}

// TestHistoryViewFitsANarrowScreen: H at 80 columns words the frontier one
// point per block; the table's rows and rules wrapped into a jumble.
func TestHistoryViewFitsANarrowScreen(t *testing.T) {
	m := demoModel(t, 80, 24)
	settle(m)
	do(m, "H", "enter", "down", "down", "down", "down", "down", "enter")
	v := m.View()
	if !strings.Contains(v, "curve as of 2026-10-29 → 2026-11-06") {
		t.Fatalf("the dates view is not open:\n%s", v)
	}
	for _, l := range strings.Split(v, "\n") {
		if strings.Contains(l, "──  ──") || strings.HasPrefix(strings.TrimLeft(l, "┃ "), "──") {
			t.Errorf("a wrapped table rule: %q", l)
		}
	}
	if !strings.Contains(v, "9p1d-dep2-dep16-b160-c7480") || !strings.Contains(v, "old frontier there 1,094,347") {
		t.Errorf("the 9P BS160 point's block is missing:\n%s", v)
	}
	resize(m, 200, 50)
	if v := m.View(); !strings.Contains(v, "frontier as of 2026-11-06             mean-intvty  tput-per-gpu  old frontier there") {
		t.Errorf("wide again: not the table:\n%s", v)
	}
}
