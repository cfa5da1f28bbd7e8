package workbench

import (
	"testing"

	"github.com/sweeptune/sweeptune/internal/fixtures"
	"github.com/sweeptune/sweeptune/model"
)

// Past the cache's bound the views used least recently go, never the
// shown one; views made ahead replace only views of earlier moves.
func TestViewsUsedLeastRecentlyGoFirst(t *testing.T) {
	s := New()
	s.SetPoints(fixtures.SyntheticCurves(300000, 6)) // 50,000 points a curve
	s.AllDates = true                                // every run: a view holds its curve's 50,000
	s.leaveView()
	keys := make([]model.CurveKey, len(s.Curves))
	for i, c := range s.Curves {
		keys[i] = c.Key
	}
	s.SetCurve(keys[0])
	shown := s.shown()
	for _, k := range keys[1:4] {
		s.viewOf(k) // 200,000 points with the shown view: the bound
	}
	if got := s.viewPoints; got != cachedPointsFor(len(s.all)) {
		t.Fatalf("%d points in views, want the bound %d", got, cachedPointsFor(len(s.all)))
	}
	s.viewOf(keys[1]) // used again: keys[2] is now the least recent
	s.viewOf(keys[4])
	held := func(k model.CurveKey) bool {
		_, ok := s.views[viewKey{k, s.AsOf, s.AllDates, s.IncludeSuspect}]
		return ok
	}
	if held(keys[2]) || !held(keys[1]) || !held(keys[3]) || !held(keys[4]) || s.shown() != shown || !held(keys[0]) {
		t.Fatalf("after a fifth view: held %v %v %v %v %v, want all but the third", held(keys[0]), held(keys[1]), held(keys[2]), held(keys[3]), held(keys[4]))
	}
	if s.viewPoints > cachedPointsFor(len(s.all)) {
		t.Fatalf("%d points in views, over the bound", s.viewPoints)
	}
	// Made ahead of the shown view, views stop at the bound; once it is
	// left, the earlier ones may be replaced.
	if s.Room(keys[5]) {
		t.Fatal("room for a view made ahead beyond the views in play")
	}
	s.SetCurve(keys[4])
	if !s.Room(keys[5]) {
		t.Fatal("no room once the views of earlier moves may go")
	}
}
