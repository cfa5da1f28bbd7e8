package tui

import (
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/sources/demo"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
)

// TestLoadingFramesRedrawOnlyTheStatusLine: while the first load runs,
// each spinner tick changes the status line's spinner and nothing else;
// no box is drawn again and no row joined again.
func TestLoadingFramesRedrawOnlyTheStatusLine(t *testing.T) {
	m := New(Options{Theme: "none", Renderer: testkit.Renderer(), Data: demo.Load()})
	m.Init() // its load command is not run: the load stays under way
	resize(m, 160, 48)
	first := m.View()
	boxes := m.boxes
	rows := map[int]string{}
	for k, r := range m.rows {
		rows[k] = r.joined
	}
	if len(rows) == 0 {
		t.Fatal("no grid row joined")
	}
	changed := 0
	prev := first
	for range 12 {
		m.Update(m.spin.Tick())
		v := m.View()
		if v != prev {
			changed++
		}
		if !sameLines(strings.Split(v, "\n"), strings.Split(prev, "\n"), 1) {
			t.Fatalf("a tick changed more than the status line:\n%s\n----\n%s", prev, v)
		}
		prev = v
	}
	if changed == 0 {
		t.Fatal("the spinner never turned")
	}
	for i := range boxes {
		if a, b := boxes[i].lines, m.boxes[i].lines; len(a) != len(b) || (len(a) > 0 && &a[0] != &b[0]) {
			t.Errorf("pane %d's box was drawn again on a tick", i)
		}
	}
	for k, joined := range rows {
		if r := m.rows[k]; r.joined != joined || !sameBoxes(r.boxes, m.rowsBoxes(k)) {
			t.Errorf("row %d was joined again on a tick", k)
		}
	}
	if !strings.Contains(prev, "loading…") {
		t.Fatalf("loading frame:\n%s", prev)
	}
}

// rowsBoxes are the cached lines of the boxes of the grid row keyed k.
func (m *Model) rowsBoxes(k int) [][]string {
	for _, r := range m.lay.Rows {
		if r[0] != k {
			continue
		}
		var out [][]string
		for _, i := range r {
			out = append(out, m.boxes[m.lay.Slots[i].Pane].lines)
		}
		return out
	}
	return nil
}

// sameLines reports whether a and b differ in at most n lines.
func sameLines(a, b []string, n int) bool {
	if len(a) != len(b) {
		return false
	}
	diff := 0
	for i := range a {
		if a[i] != b[i] {
			diff++
		}
	}
	return diff <= n
}

// TestJoinedRowFollowsItsBoxes: a row whose box was drawn again is
// joined again, with the new box.
func TestJoinedRowFollowsItsBoxes(t *testing.T) {
	m := demoModel(t, 160, 48)
	before := m.View()
	m.boxes = [len(m.boxes)]boxCache{} // every box drawn again, as after a theme change
	m.compose()
	if m.View() != before {
		t.Fatal("the frame changed with its boxes drawn again")
	}
	for _, r := range m.lay.Rows {
		if got := m.rows[r[0]]; !sameBoxes(got.boxes, m.rowsBoxes(r[0])) {
			t.Fatalf("row %d kept the old boxes' join", r[0])
		}
	}
}
