package plan

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/sweeptune/sweeptune/themes"
	"github.com/sweeptune/sweeptune/tui/frame"
)

// window is the planner's scroll position: the text is usually taller than
// the pane, so the pane shows a window of it that follows the cursor (the
// "› " row) and scrolls by page on f/b.
type window struct {
	off    int
	follow bool // move to the cursor on the next draw
}

// show fits the wrapped lines into w×h: the part at the offset, with a
// row saying what is above or below when there is more.
func (win *window) show(lines []string, st themes.Styles, w, h int) string {
	if len(lines) <= h {
		win.off = 0
		return strings.Join(frame.Fit(strings.Join(lines, "\n"), w, h), "\n")
	}
	if win.follow {
		if c := cursorLine(lines); c >= 0 {
			switch {
			case c < win.off+1:
				win.off = max(c-1, 0)
			case c > win.off+h-2:
				win.off = c - h + 2
			}
		}
		win.follow = false
	}
	win.off = min(max(win.off, 0), len(lines)-h+1)
	shown := append([]string(nil), lines[win.off:min(win.off+h, len(lines))]...)
	if win.off > 0 {
		shown[0] = st.Muted.Render(fmt.Sprintf("↑ %d more lines (b/pgup)", win.off))
	}
	if below := len(lines) - (win.off + h - 1); below > 0 && len(shown) == h {
		shown[h-1] = st.Muted.Render(fmt.Sprintf("↓ %d more lines (f/pgdn, z zooms)", below))
	}
	return strings.Join(frame.Fit(strings.Join(shown, "\n"), w, h), "\n")
}

// page scrolls by a page (d = ±1).
func (win *window) page(d, h int) {
	win.off += d * max(h-2, 1)
	win.follow = false
}

// cursorLine is the index of the first line that starts with the cursor.
func cursorLine(lines []string) int {
	for i, l := range lines {
		if strings.HasPrefix(ansi.Strip(l), "› ") {
			return i
		}
	}
	return -1
}
