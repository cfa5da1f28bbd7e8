package tui

import (
	"testing"

	"github.com/sweeptune/sweeptune/tui/internal/testkit"
)

// derivedPair is two workbenches on the same curves of 25,000 points (a
// view of 12,500: large enough to be read in halves), one of them with
// deriveSideBySide off.
func derivedPair(t *testing.T) (side, alone *Model) {
	t.Helper()
	pts := testkit.SyntheticCurves(75000, 3)
	// Unprepared: no view is made ahead, so each curve's first is new.
	side = loadedAs(240, 60, append(pts[:0:0], pts...), false)
	alone = loadedAs(240, 60, append(pts[:0:0], pts...), false)
	alone.oneByOne = true
	side.sideBySide, alone.sideBySide = 0, 0 // the load's first frame made some
	return side, alone
}

// A key's frame is the same whether the plot's and the table's work on a
// new view ran side by side or each in its own Refresh: new curves, axes,
// an as-of date, overlays, gains, frontier only, sorts, a filter, marks.
func TestDerivedSideBySideFramesAreTheSame(t *testing.T) {
	side, alone := derivedPair(t)
	keys := []string{"]", "y", "x", "]", "[", "Y", "@", "down", "enter", "o", "down", "tab", "enter",
		"%", "%", "F", "]", "F", "2", "s", "s", "S", "]", "m", "down", "m", "/", "g", "b", "enter", "]", "1", "!", "]", "@", "up", "enter"}
	for i, k := range keys {
		press(side, k)
		press(alone, k)
		if got, want := side.View(), alone.View(); got != want {
			t.Fatalf("after key %d (%q) the frames differ:\n--- side by side\n%s\n--- one by one\n%s", i, k, got, want)
		}
	}
	if side.sideBySide < 8 || alone.sideBySide != 0 {
		t.Fatalf("%d works made side by side (%d with it off): the keys did not test it", side.sideBySide, alone.sideBySide)
	}
}

// A new curve's view gets both panes' work made side by side, once: the
// panes then have it kept (their Derive asks for nothing more), and an
// axis shown before asks for nothing either.
func TestDerivedSideBySideMakesBothOnce(t *testing.T) {
	side, _ := derivedPair(t)
	side.st.StepCurve(1)
	c := side.st.TakeChanges()
	if n := side.deriveSideBySide(c); n != 2 {
		t.Fatalf("%d panes' work made side by side on a new curve, want 2 (the plot's and the table's)", n)
	}
	for _, p := range side.panes {
		if d, ok := p.(deriver); ok {
			if work, _ := d.Derive(c); work != nil {
				t.Fatalf("%T still asks for work on a view whose work was made", p)
			}
		}
	}
	if n := side.deriveSideBySide(c); n != 0 {
		t.Fatalf("%d panes' work made again on the same view", n)
	}
	for _, p := range side.panes {
		p.Refresh(c)
	}
	side.compose()
	press(side, "[")
	if n := side.deriveSideBySide(side.st.TakeChanges()); n != 0 {
		t.Fatalf("%d panes' work made for a curve shown before", n)
	}
}
