package frame

import (
	"strings"
	"testing"
)

// TabAt finds the tab under a column of the row Tabs draws:
// "[1 curve]  2 points  …", each label padded a cell a side.
func TestTabAt(t *testing.T) {
	names := []string{"curve", "points", "planner"}
	for _, c := range []struct{ x, want int }{{0, 0}, {8, 0}, {9, -1}, {10, 1}, {19, 1}, {20, -1}, {21, 2}, {31, 2}, {32, -1}} {
		if got := TabAt(names, c.x); got != c.want {
			t.Errorf("x %d: tab %d, want %d", c.x, got, c.want)
		}
	}
}

func TestTooSmallFillsTheScreen(t *testing.T) {
	got := strings.Split(TooSmall(30, 7, 60, 20), "\n")
	all := strings.Join(got, "\n")
	if len(got) != 7 || !strings.Contains(all, "terminal too small") || !strings.Contains(all, "30×7, need at least 60×20") {
		t.Errorf("%q", got)
	}
	for i, l := range got {
		if Width(l) != 30 {
			t.Errorf("line %d is %d cells", i, Width(l))
		}
	}
}

// TestTooSmallSaysItWhole: on a screen narrower than its lines the
// message is said in shorter lines, not cut ("or q to qu").
func TestTooSmallSaysItWhole(t *testing.T) {
	got := strings.Join(strings.Split(TooSmall(24, 9, 60, 16), "\n"), " ")
	if words := strings.Join(strings.Fields(got), " "); words != "terminal too small 24×9, need at least 60×16 enlarge the window, or q to quit" {
		t.Errorf("%q", words)
	}
}
