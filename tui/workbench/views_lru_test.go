package workbench

import (
	"slices"
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
	if s.Room(keys[2]) { // not next to the shown keys[0]: dropped above
		t.Fatal("room for a view made ahead beyond the views in play")
	}
	s.SetCurve(keys[4])
	if !s.Room(keys[2]) {
		t.Fatal("no room once the views of earlier moves may go")
	}
}

// However few curves there are, every run of the shown curve and of the
// two ] and [ show fit the cache: the views made ahead of both
// neighbours are kept beside the shown one.
func TestNeighboursOfEveryRunFitTheCache(t *testing.T) {
	s := New()
	s.SetPoints(fixtures.SyntheticCurves(300000, 3)) // 100,000 points a curve: three past the bound of 200,000
	s.AllDates = true
	s.leaveView()
	s.SetCurve(s.Curves[0].Key)
	shown := s.shown()
	for _, k := range s.Neighbours() {
		if !s.Room(k) {
			t.Fatalf("no room for the view of %s, a neighbour", k)
		}
		adoptView(t, s, k)
	}
	for _, k := range append(s.Neighbours(), s.Curve) {
		if _, _, _, ok := s.Made(k); !ok {
			t.Errorf("the view of %s is not kept", k)
		}
	}
	if s.shown() != shown {
		t.Error("the shown view was made again")
	}
	if s.viewPoints != len(s.all) {
		t.Errorf("%d points in views, want every curve's %d", s.viewPoints, len(s.all))
	}
}

// Views made after a move but planned before it (of curves no longer
// next) leave the new neighbours room, and a neighbour's view made then
// drops those, never the shown view or the other neighbour's.
func TestNeighboursHaveRoomAfterAMove(t *testing.T) {
	// 70,000 points a curve, the bound holding three, but one curve a
	// little smaller: a view made after the move, as large as the others,
	// tipped the count of views in play over.
	pts := fixtures.SyntheticCurves(280000, 4)
	var fewer []model.Point
	for i, p := range pts {
		if p.Curve != pts[0].Curve || i%10000 != 0 {
			fewer = append(fewer, p)
		}
	}
	s := New()
	s.SetPoints(fewer)
	s.AllDates = true
	s.leaveView()
	at := slices.IndexFunc(s.Curves, func(c model.CurveSummary) bool { return c.Key == pts[0].Curve })
	c := make([]model.CurveKey, len(s.Curves)) // the smaller curve first
	for i := range c {
		c[i] = s.Curves[(at+i)%len(c)].Key
	}
	s.SetCurve(c[0])
	_ = s.shown()
	adoptView(t, s, c[1])
	s.SetCurve(c[1]) // ]: c[2] and c[0] are next
	shown := s.shown()
	adoptView(t, s, c[3]) // planned before the ], made after it
	if !s.Room(c[2]) {
		t.Fatal("no room for the next curve's view after a move")
	}
	adoptView(t, s, c[2])
	for _, k := range []model.CurveKey{c[0], c[1], c[2]} {
		if _, _, _, ok := s.Made(k); !ok {
			t.Errorf("the view of %s (shown or next) was dropped", k)
		}
	}
	if s.shown() != shown {
		t.Error("the shown view was made again")
	}
	if s.viewPoints > s.maxCachedPoints() {
		t.Errorf("%d points in views, over the bound %d", s.viewPoints, s.maxCachedPoints())
	}
}

// The views made ahead after each move, the nearest curves first as the
// work ahead makes them, settle: none is made twice at one place (the
// neighbours' views, never dropped, once went uncounted, and views two
// curves away dropped each other, made again and again).
func TestViewsMadeAheadSettle(t *testing.T) {
	s := New()
	s.SetPoints(fixtures.SyntheticCurves(300000, 12)) // 25,000 points a curve: the bound holds eight
	s.AllDates = true
	s.leaveView()
	n := len(s.Curves)
	for step := range 6 {
		s.SetCurve(s.Curves[step].Key)
		_ = s.shown()
		made := map[model.CurveKey]int{}
		for pass := 0; ; pass++ {
			if pass > 3*n {
				t.Fatalf("step %d: the views made ahead do not settle", step)
			}
			any := false
			for d := 1; d <= 6; d++ {
				for _, i := range []int{(step + d) % n, (step - d + n) % n} {
					k := s.Curves[i].Key
					if _, _, _, ok := s.Made(k); ok || !s.Room(k) {
						continue
					}
					adoptView(t, s, k)
					if made[k]++; made[k] > 1 {
						t.Fatalf("step %d: the view of %s made again: dropped by another made ahead", step, k)
					}
					any = true
				}
			}
			if !any {
				break
			}
		}
		if s.viewPoints > s.maxCachedPoints() {
			t.Fatalf("step %d: %d points in views, over the bound %d", step, s.viewPoints, s.maxCachedPoints())
		}
	}
}

// adoptView makes curve k's view as the work ahead does (a ViewJob run
// off the state) and adopts it.
func adoptView(t *testing.T, s *State, k model.CurveKey) {
	t.Helper()
	job, ok := s.ViewJob(k)
	if !ok {
		t.Fatalf("%s: made already", k)
	}
	if _, ok := s.Adopt(job.Run()); !ok {
		t.Fatalf("%s: not adopted", k)
	}
}
