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
	if len(got) != 7 || !strings.Contains(got[2], "terminal too small") || !strings.Contains(got[3], "30×7, need at least 60×20") {
		t.Errorf("%q", got)
	}
	for i, l := range got {
		if Width(l) != 30 {
			t.Errorf("line %d is %d cells", i, Width(l))
		}
	}
}
