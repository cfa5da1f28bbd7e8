// Package layout places the panes: a grid on wide terminals, one pane at a
// time with tabs on narrow ones, and a "too small" screen below 60×16.
package layout

// Pane IDs; the jump key of pane i is i+1.
const (
	Curve = iota
	Points
	Planner
	Review
	Export
	NumPanes
)

// Names are the panes' titles, indexed by ID.
var Names = [NumPanes]string{"curve", "points", "planner", "review", "export"}

// Minimum usable size and the size from which every pane shows at once.
const (
	MinW, MinH   = 60, 16 // a 60×20 ssh window still works, one pane at a time
	GridW, GridH = 120, 30
)

// Mode is how the screen is split.
type Mode uint8

const (
	TooSmall Mode = iota
	Grid
	Tabs
	Zoom // the focused pane alone on the whole screen
)

// Rect is a screen area in cells.
type Rect struct{ X, Y, W, H int }

// Slot is a pane and where it goes.
type Slot struct {
	Pane int
	Rect
}

// Layout is the whole screen: the visible panes (outer rects, border
// included), an optional tab row and the status line.
type Layout struct {
	Mode   Mode
	W, H   int
	Slots  []Slot
	TabRow int // -1 without tabs
	Status Rect
	// Rows groups Slots by screen row for the grid (indices into Slots).
	Rows [][]int
}

// Compute lays out the present panes (IDs in order) on a w×h screen with
// the focused pane shown in tab mode.
func Compute(w, h int, present []int, focus int) Layout {
	l := Layout{W: w, H: h, TabRow: -1}
	if w < MinW || h < MinH || len(present) == 0 {
		l.Mode = TooSmall
		return l
	}
	l.Status = Rect{0, h - 1, w, 1}
	body := h - 1
	if w < GridW || h < GridH {
		l.Mode = Tabs
		l.TabRow = 0
		l.Slots = []Slot{{focus, Rect{0, 1, w, body - 1}}}
		l.Rows = [][]int{{0}}
		return l
	}
	l.Mode = Grid
	var top, bottom []int
	for _, p := range present {
		if p == Curve || p == Points {
			top = append(top, p)
		} else {
			bottom = append(bottom, p)
		}
	}
	if len(top) == 0 {
		top, bottom = bottom, nil
	}
	topH := body
	if len(bottom) > 0 {
		topH = body * 3 / 5
	}
	l.addRow(top, 0, topH, w, 3)
	if len(bottom) > 0 {
		l.addRow(bottom, topH, body-topH, w, 0)
	}
	return l
}

// Zoomed gives the focused pane the whole screen above the status line
// (z); below the minimum size it is the too-small screen like any other.
func Zoomed(w, h, focus int) Layout {
	l := Layout{W: w, H: h, TabRow: -1}
	if w < MinW || h < MinH {
		l.Mode = TooSmall
		return l
	}
	l.Mode = Zoom
	l.Status = Rect{0, h - 1, w, 1}
	l.Slots = []Slot{{focus, Rect{0, 0, w, h - 1}}}
	l.Rows = [][]int{{0}}
	return l
}

// addRow splits a row among panes; firstShare (in fifths) gives the first
// pane a larger share, 0 splits evenly.
func (l *Layout) addRow(panes []int, y, h, w, firstShare int) {
	var idx []int
	x := 0
	for i, p := range panes {
		pw := (w - x) / (len(panes) - i)
		if firstShare > 0 && i == 0 && len(panes) > 1 {
			pw = w * firstShare / 5
		}
		if i == len(panes)-1 {
			pw = w - x
		}
		idx = append(idx, len(l.Slots))
		l.Slots = append(l.Slots, Slot{p, Rect{x, y, pw, h}})
		x += pw
	}
	l.Rows = append(l.Rows, idx)
}

// Inner is a pane's content size inside its border.
func (r Rect) Inner() (w, h int) { return max(r.W-2, 0), max(r.H-2, 0) }

// Visible reports whether the pane is on screen.
func (l Layout) Visible(pane int) bool {
	for _, s := range l.Slots {
		if s.Pane == pane {
			return true
		}
	}
	return false
}

// At returns the pane under a screen cell, or -1.
func (l Layout) At(x, y int) int {
	for _, s := range l.Slots {
		if x >= s.X && x < s.X+s.W && y >= s.Y && y < s.Y+s.H {
			return s.Pane
		}
	}
	return -1
}
