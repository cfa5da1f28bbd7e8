package layout

import "testing"

var all = []int{Curve, Points, Planner, Review, Export}

// TestLayoutInvariants: from 20×5 to 300×100 every layout tiles its
// screen: rows add up to the width, rows and status to the height.
func TestLayoutInvariants(t *testing.T) {
	for w := 20; w <= 300; w += 7 {
		for h := 5; h <= 100; h += 3 {
			for _, present := range [][]int{all, {Curve, Points}, {Curve, Points, Review}} {
				l := Compute(w, h, present, Points)
				check(t, l, w, h, present)
			}
		}
	}
}

func check(t *testing.T, l Layout, w, h int, present []int) {
	t.Helper()
	switch {
	case w < MinW || h < MinH:
		if l.Mode != TooSmall || len(l.Slots) != 0 {
			t.Fatalf("%dx%d: mode %d with %d slots, want too small", w, h, l.Mode, len(l.Slots))
		}
		return
	case w < GridW || h < GridH:
		if l.Mode != Tabs || len(l.Slots) != 1 || l.Slots[0].Pane != Points {
			t.Fatalf("%dx%d: want tabs showing the focused pane, got %+v", w, h, l)
		}
		if s := l.Slots[0]; s.W != w || s.Y != 1 || s.H != h-2 {
			t.Fatalf("%dx%d: tab pane %+v, want full width between tab row and status", w, h, s)
		}
	default:
		if l.Mode != Grid || len(l.Slots) != len(present) {
			t.Fatalf("%dx%d: grid with %d slots, want %d", w, h, len(l.Slots), len(present))
		}
		y := 0
		for _, row := range l.Rows {
			x := 0
			rh := l.Slots[row[0]].H
			for _, i := range row {
				s := l.Slots[i]
				if s.X != x || s.Y != y || s.H != rh || s.W < 20 || s.H < 8 {
					t.Fatalf("%dx%d: slot %+v at x=%d y=%d h=%d", w, h, s, x, y, rh)
				}
				x += s.W
			}
			if x != w {
				t.Fatalf("%dx%d: row widths add to %d", w, h, x)
			}
			y += rh
		}
		if y != h-1 {
			t.Fatalf("%dx%d: rows add to %d, want %d (status line)", w, h, y, h-1)
		}
	}
	if l.Status != (Rect{0, h - 1, w, 1}) {
		t.Fatalf("%dx%d: status %+v", w, h, l.Status)
	}
}

func TestAtFindsThePaneUnderACell(t *testing.T) {
	l := Compute(160, 50, all, Curve)
	for _, s := range l.Slots {
		if got := l.At(s.X+s.W/2, s.Y+s.H/2); got != s.Pane {
			t.Errorf("At centre of %s = %d", Names[s.Pane], got)
		}
	}
	if got := l.At(5, 49); got != -1 {
		t.Errorf("At status line = %d, want -1", got)
	}
}
