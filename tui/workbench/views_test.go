package workbench

import (
	"reflect"
	"slices"
	"testing"

	"github.com/sweeptune/sweeptune/internal/fixtures"
	"github.com/sweeptune/sweeptune/model"
)

// fresh is the shown view made now, from nothing kept.
func fresh(s *State) []model.Point {
	pts, _ := viewRef(s.All(), s.byCurve[s.Curve], viewKey{s.Curve, s.AsOf, s.AllDates, s.IncludeSuspect})
	return pts
}

// viewRef is a curve's view made from nothing, as the workbench made it
// before views read the curve's facts: model.LatestIndexOf, then
// model.ProjectShown over the curve's every run.
func viewRef(all []model.Point, idx []int, key viewKey) ([]model.Point, []model.Projection) {
	var runs []model.Point
	for _, i := range idx {
		if d := all[i].Prov.DurationS; d > 0 && d < model.SteadyStateS || d > model.SteadyStateS {
			runs = make([]model.Point, len(idx))
			for j, i := range idx {
				runs[j] = all[i]
			}
			break
		}
	}
	pts := make([]model.Point, 0, len(idx))
	if key.allDates {
		for _, i := range idx {
			if d := all[i].Prov.Date; key.asOf == "" || d == "" || d[:min(len(d), 10)] <= key.asOf {
				pts = append(pts, all[i])
			}
		}
	} else {
		for _, i := range model.LatestIndexOf(all, idx, key.asOf) {
			pts = append(pts, all[i])
		}
	}
	model.AdmitSuspect(pts, key.suspect)
	if runs == nil {
		return pts, nil
	}
	return pts, model.ProjectShown(pts, runs)
}

// Every view made from a curve's kept facts (its configurations and
// projections, made with its first view) is the view made from nothing:
// every curve, as of each date and every run, suspects in and out, with
// and without a planned point, the facts made first by one view or
// another, by a job ahead or on the key.
func TestViewsFromFactsAreViewsFromNothing(t *testing.T) {
	pts := fixtures.SyntheticCurves(6000, 5)
	for i := range pts {
		if i%7 == 0 {
			pts[i].Prov.DurationS = model.SteadyStateS / 2 // short runs: projections
		}
		if i%13 == 0 && i%7 != 0 {
			pts[i].Prov.DurationS = model.SteadyStateS / 3 // some no factor covers: shown raw
		}
		// Metrics some points lack: the axes with data differ by curve
		// and date.
		if i%5 == 0 || pts[i].Curve == pts[0].Curve {
			pts[i].Metrics.Clear(model.XAxes[i%len(model.XAxes)].Metric)
		}
		if i%3 == 0 && pts[i].Curve == pts[len(pts)-1].Curve {
			pts[i].Metrics.Clear(model.YAxes[i%len(model.YAxes)].Metric)
		}
	}
	s := New()
	s.SetPoints(pts)
	projected, raw := 0, 0 // across the views checked: both kinds of short run
	check := func(what string, onKey bool) {
		t.Helper()
		for _, c := range s.Curves {
			for _, asOf := range append([]string{""}, s.datesOf(c.Key)...) {
				for _, all := range []bool{false, true} {
					s.SetCurve(c.Key)
					s.SetAsOf(asOf, all)
					want, wantProjs := viewRef(s.All(), s.byCurve[c.Key], viewKey{c.Key, asOf, all, s.IncludeSuspect})
					if !reflect.DeepEqual(s.View(), want) || !reflect.DeepEqual(s.Projections(), wantProjs) {
						t.Fatalf("%s: curve %v as of %q (every run %v): the view is not the one made from nothing", what, c.Key, asOf, all)
					}
					checkViewFacts(t, s, want, onKey)
					for i := range want {
						switch {
						case want[i].Prov.Projected():
							projected++
						case want[i].Prov.RawShort():
							raw++
						}
					}
					pos := map[string]int{} // ViewPos made from nothing
					for i := range want {
						pos[want[i].ID] = i
					}
					for i := range s.All() {
						id := s.All()[i].ID
						got, ok := s.ViewPos(id)
						if w, wok := pos[id]; got != w || ok != wok {
							t.Fatalf("%s: %s at %d %v in the view of %v, want %d %v", what, id, got, ok, c.Key, w, wok)
						}
					}
				}
			}
		}
	}
	check("on the keys", true)
	s.ToggleIncludeSuspect()
	check("suspects in", true)
	// Every curve's facts made after the load (FactsJob), then the views
	// from them; facts made before a data change are not kept.
	s.SetPoints(pts)
	job, ok := s.FactsJob(func() {})
	if !ok {
		t.Fatal("no facts to make after a load")
	}
	s.AdoptFacts(job())
	if _, again := s.FactsJob(func() {}); again {
		t.Fatal("the facts made after the load were not kept")
	}
	check("facts made after the load", true)
	s.SetPoints(pts)
	stale, _ := s.FactsJob(func() {})
	made := stale()
	s.SetPoints(pts)
	s.AdoptFacts(made)
	if _, again := s.FactsJob(func() {}); !again {
		t.Fatal("facts made before a data change were kept")
	}
	for _, k := range s.Neighbours() {
		if job, ok := s.ViewJob(k); ok {
			s.Adopt(job.Run())
		}
	}
	// A view made ahead refers to a copy of its own, made off the key.
	was := s.Curve
	for _, k := range s.Neighbours() {
		s.SetCurve(k)
		if refs, src := s.ViewRefs(), s.ViewSources(); len(refs) > 0 && refs[0] == &s.All()[src[0]] {
			t.Fatalf("%v: the view made ahead refers to the loaded points", k)
		}
	}
	s.SetCurve(was)
	check("ahead first", false)
	p := s.View()[0]
	p.ID, p.Source = "planned-1", model.SourcePlanned
	s.AddPlanned(p)
	check("with a planned point", true)
	p = s.View()[1]
	p.Source = model.SourcePlanned // the ID of a loaded point: two points share it
	s.AddPlanned(p)
	check("with a planned point of a loaded point's ID", true)
	if projected == 0 || raw == 0 {
		t.Fatalf("%d projected short runs and %d raw ones seen: the views did not test both", projected, raw)
	}
}

// checkViewFacts: what the state reads of the shown view without its
// points (the axes with data on every y, the projected runs, the points'
// sources) is what the view made from nothing, want, says.
func checkViewFacts(t *testing.T, s *State, want []model.Point, onKey bool) {
	t.Helper()
	var projected []model.Point
	for i := range want {
		if want[i].Prov.Projected() {
			projected = append(projected, want[i])
		}
	}
	if got := s.ViewProjected(); !reflect.DeepEqual(got, projected) {
		t.Fatalf("%v: %d projected runs, want %d", s.Curve, len(got), len(projected))
	}
	src, refs := s.ViewSources(), s.ViewRefs()
	shared := 0
	for k := range want {
		if s.All()[src[k]].ID != want[k].ID {
			t.Fatalf("%v: point %d is not from %d", s.Curve, k, src[k])
		}
		if !reflect.DeepEqual(*refs[k], want[k]) {
			t.Fatalf("%v: point %d by reference is not the view's", s.Curve, k)
		}
		if refs[k] == &s.All()[src[k]] {
			shared++
		}
	}
	if onKey && len(want) > 0 && shared == 0 {
		t.Fatalf("%v: no point of a view made on the key is the loaded one", s.Curve)
	}
	scan := func(axes []model.Axis, has func(p *model.Point, a model.Axis) bool) []model.Axis {
		var out []model.Axis
		for _, a := range axes {
			if slices.ContainsFunc(want, func(p model.Point) bool { return has(&p, a) }) {
				out = append(out, a)
			}
		}
		return out
	}
	y := s.Y
	defer s.SetY(y)
	for _, ya := range model.YAxes {
		s.SetY(ya)
		if got, w := s.firstID(), firstIDRef(want, ya); got != w {
			t.Fatalf("%v on y %s: the first selection is %s, want %s", s.Curve, ya.Name, got, w)
		}
	}
	if got, w := s.HasYData(), len(scan(model.YAxes, func(p *model.Point, a model.Axis) bool { return p.Metrics.Has(a.Metric) })) > 0; got != w {
		t.Fatalf("%v: HasYData %v", s.Curve, got)
	}
	for _, ya := range model.YAxes {
		s.SetY(ya)
		w := scan(model.XAxes, func(p *model.Point, a model.Axis) bool { _, _, ok := p.XY(a, ya); return ok })
		if got := s.XAxesWithData(); len(w) > 0 && !reflect.DeepEqual(got, w) || len(w) == 0 && !reflect.DeepEqual(got, model.XAxes) || s.HasXData() != (len(w) > 0) {
			t.Fatalf("%v on y %s: x axes with data %v, want %v", s.Curve, ya.Name, names(got), names(w))
		}
	}
}

// firstIDRef is the first point of view best on y, by a scan (the point
// a new curve starts from).
func firstIDRef(view []model.Point, y model.Axis) string {
	best, id := 0.0, ""
	for i := range view {
		if v, ok := view[i].Value(y.Metric); ok && (id == "" || y.Better(v, best)) {
			best, id = v, view[i].ID
		}
	}
	if id == "" && len(view) > 0 {
		id = view[0].ID
	}
	return id
}

// The first selection of a view large enough to be made on both cores,
// with ties at the best on y in both halves and among the points the
// view copies: the first best, as a scan finds it.
func TestFirstSelectionIsTheFirstBest(t *testing.T) {
	pts := fixtures.SyntheticCurves(60000, 2)
	for i := range pts {
		if i%997 < 4 {
			for _, a := range model.YAxes {
				if a.HigherBetter {
					pts[i].Metrics.Set(a.Metric, 1e12)
				} else {
					pts[i].Metrics.Set(a.Metric, 1e-12)
				}
			}
		}
		if i%997 < 2 || i%13 == 0 {
			// Copied by a view that holds suspects out: ties at the best
			// offered after the points before them.
			pts[i].Suspicion = &model.Suspicion{Rule: model.RuleImplausible, Admitted: true}
		}
	}
	s := New()
	s.SetPoints(pts)
	for _, c := range s.Curves {
		s.SetCurve(c.Key)
		if len(s.View()) < 8192 {
			t.Fatalf("%v: %d points, not on both cores", c.Key, len(s.View()))
		}
		for _, ya := range model.YAxes {
			s.SetY(ya)
			if got, want := s.firstID(), firstIDRef(s.View(), ya); got != want {
				t.Fatalf("%v on y %s: %s, want %s", c.Key, ya.Name, got, want)
			}
		}
	}
}

// The first-selection bests are kept for every y axis.
func TestBestOnYCoversTheYAxes(t *testing.T) {
	if len(model.YAxes) > maxYAxes {
		t.Fatalf("%d y axes, bestOnY holds %d", len(model.YAxes), maxYAxes)
	}
}

func names(axes []model.Axis) []string {
	var out []string
	for _, a := range axes {
		out = append(out, a.Name)
	}
	return out
}

// datesOf are curve k's run dates (as CurveDates for the shown one).
func (s *State) datesOf(k model.CurveKey) []string {
	was := s.Curve
	s.SetCurve(k)
	d := s.CurveDates()
	s.SetCurve(was)
	return d
}

// A curve shown again is its kept view (the same serial, the same
// points); a reload, a plan, an as-of date or the suspect setting give a
// view made again, never a stale one.
func TestViewsKeptAndDropped(t *testing.T) {
	s := New()
	s.SetPoints(fixtures.SyntheticCurves(3000, 4))
	first, serial := s.Curve, s.ViewSerial()
	s.StepCurve(1)
	if s.Curve == first || s.ViewSerial() == serial {
		t.Fatalf("another curve, serial %d", s.ViewSerial())
	}
	s.StepCurve(-1)
	if s.ViewSerial() != serial || !reflect.DeepEqual(s.View(), fresh(s)) {
		t.Errorf("back on the first curve: serial %d, want %d kept", s.ViewSerial(), serial)
	}

	// A reload with other values: the view is the new data's.
	pts := fixtures.SyntheticCurves(3000, 4)
	for i := range pts {
		v, _ := pts[i].Metrics.Get(model.TputPerGPU)
		pts[i].Metrics.Set(model.TputPerGPU, v*2)
	}
	s.SetPoints(pts)
	if s.ViewSerial() == serial || !reflect.DeepEqual(s.View(), fresh(s)) {
		t.Errorf("after a reload: serial %d (was %d), view kept from the old data", s.ViewSerial(), serial)
	}
	want, _ := s.View()[0].Metrics.Get(model.TputPerGPU)
	if p := s.Find(s.View()[0].ID); p == nil {
		t.Fatal("the shown point is not found")
	} else if got, _ := p.Metrics.Get(model.TputPerGPU); got != want {
		t.Errorf("view %v, loaded %v", want, got)
	}

	// A planned point on the curve is in its view at once.
	reloaded := s.ViewSerial()
	p := s.View()[0]
	p.ID, p.Source = "planned-1", model.SourcePlanned
	s.AddPlanned(p)
	if !s.InView("planned-1") || s.ViewSerial() == reloaded {
		t.Errorf("the planned point is not in the view (serial %d)", s.ViewSerial())
	}

	// As of a date, then back: made for the date, kept for the latest.
	latest, n := s.ViewSerial(), len(s.View())
	s.SetAsOf("2026-01-10", false)
	if s.ViewSerial() == latest || !reflect.DeepEqual(s.View(), fresh(s)) {
		t.Errorf("as of 2026-01-10: serial %d, view not made for the date", s.ViewSerial())
	}
	s.SetAsOf("", true)
	if len(s.View()) <= n || !reflect.DeepEqual(s.View(), fresh(s)) {
		t.Errorf("every run: %d points, latest %d", len(s.View()), n)
	}
	s.SetAsOf("", false)
	if s.ViewSerial() != latest {
		t.Errorf("back to the latest runs: serial %d, want %d kept", s.ViewSerial(), latest)
	}
	s.ToggleIncludeSuspect()
	if s.ViewSerial() == latest || !reflect.DeepEqual(s.View(), fresh(s)) {
		t.Error("the suspect setting did not make the view again")
	}
}

// A view made ahead is the view made on the key; one whose job was taken
// before a data change is dropped.
func TestPreparedViews(t *testing.T) {
	s := New()
	s.SetPoints(fixtures.SyntheticCurves(3000, 4))
	next := s.Neighbours()[0]
	job, ok := s.ViewJob(next)
	if !ok {
		t.Fatal("no job for the next curve")
	}
	stale, _ := s.ViewJob(s.Neighbours()[1])
	made := job.Run()
	serial, ok := s.Adopt(made)
	if !ok {
		t.Fatal("the prepared view was not adopted")
	}
	if _, again := s.ViewJob(next); again {
		t.Error("a job for a view made already")
	}
	s.SetCurve(next)
	if s.ViewSerial() != serial || !reflect.DeepEqual(s.View(), fresh(s)) {
		t.Errorf("the prepared view is not the view: serial %d, want %d", s.ViewSerial(), serial)
	}
	s.SetPoints(fixtures.SyntheticCurves(2000, 4))
	if _, ok := s.Adopt(stale.Run()); ok {
		t.Error("a view prepared before the reload was adopted")
	}
	if _, ok := s.Adopt(made); ok {
		t.Error("an old prepared view was adopted after the reload")
	}
}

// The competitors' curves overlaid by default are found from what is
// kept per curve as from nothing: every curve of the demo shown in turn,
// after a reload and after a competitor's point planned on a curve.
func TestCompetitorOverlaysKeptAreMadeFromNothing(t *testing.T) {
	ref := func(s *State) []model.CurveKey {
		var out []model.CurveKey
		for _, c := range s.Curves {
			if c.Key == s.Curve || !model.SameBase(c.Key, s.Curve) {
				continue
			}
			for _, p := range s.All() {
				if p.Curve == c.Key && p.Source == model.SourceCompetitor {
					out = append(out, c.Key)
					break
				}
			}
		}
		return out
	}
	s := New()
	s.SetPoints(fixtures.Demo())
	check := func(what string) {
		t.Helper()
		for _, c := range s.Curves {
			s.SetCurve(c.Key)
			if got, want := s.Overlays, ref(s); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s, curve %v: overlays %v, want %v", what, c.Key, got, want)
			}
		}
	}
	check("loaded")
	s.SetPoints(fixtures.Demo())
	check("reloaded")
	for _, p := range s.All() {
		if p.Source != model.SourceCompetitor {
			p.ID, p.Source = "rival-planned", model.SourceCompetitor
			s.AddPlanned(p)
			break
		}
	}
	check("a competitor's point planned")
}

// The geometry kept is the shown view's on the shown axes as made from
// nothing, after a change of curve, y, x, date or data; none with a
// planned point in the view.
func TestGeometryIsTheViewsOnTheAxes(t *testing.T) {
	s := New()
	s.SetPoints(fixtures.SyntheticCurves(4000, 3))
	check := func(what string) {
		t.Helper()
		_ = s.Geometry() // kept, then asked again
		geometryIsTheViews(t, s, what)
		// The work ahead's, found from the view's points, is the same.
		g, of := s.Geometry(), GeometryOf(s.ViewRefs(), s.X, s.Y)
		if of == nil || !reflect.DeepEqual(Geometry{Coords: g.Coords, Frontier: g.Frontier, Hull: g.Hull}, *of) {
			t.Fatalf("%s: GeometryOf the view is not its geometry on %s × %s", what, s.X.Name, s.Y.Name)
		}
	}
	check("loaded")
	s.StepCurve(1)
	check("next curve")
	s.CycleY(1)
	check("next y")
	s.CycleX(1)
	check("next x")
	s.SetAsOf(s.CurveDates()[0], false)
	check("as of the first date")
	s.SetPoints(fixtures.SyntheticCurves(3000, 3))
	check("reloaded")
	p := s.View()[0]
	p.ID, p.Source = "planned-1", model.SourcePlanned
	s.AddPlanned(p)
	if s.Geometry() != nil {
		t.Error("a geometry of a view with a planned point")
	}
	if GeometryOf(s.ViewRefs(), s.X, s.Y) != nil {
		t.Error("GeometryOf a view with a planned point")
	}
}

// The coordinates the pass that makes the shown view reads on the key
// make the geometry found from the points: on views large enough to be
// read in halves, with suspects held out and admitted (copied), short runs
// projected (copied) and shown raw, points missing a metric, every x and
// y, and as of each date and every run. The geometry took them (the view
// keeps none) and only the shown curve's view has them.
func TestGeometryFromTheViewsPassIsFromThePoints(t *testing.T) {
	pts := fixtures.SyntheticCurves(60000, 3)
	for i := range pts {
		switch i % 17 {
		case 1:
			pts[i].Prov.DurationS = model.SteadyStateS / 2
		case 2:
			pts[i].Prov.DurationS = model.SteadyStateS / 3
		case 3:
			pts[i].Metrics.Clear(model.XAxes[i%len(model.XAxes)].Metric)
		case 4:
			pts[i].Metrics.Clear(model.TputPerGPU)
		case 5:
			pts[i].Suspicion = &model.Suspicion{Rule: model.RuleImplausible}
		}
	}
	s := New()
	s.SetPoints(pts)
	read, restRead := 0, 0
	check := func(what string) {
		t.Helper()
		if s.shown().coords != nil {
			read++
		}
		for _, k := range s.Curves {
			if k.Key != s.Curve && s.viewOf(k.Key).coords != nil {
				t.Fatalf("%s: the view of %v, not shown, read coordinates", what, k.Key)
			}
		}
		if geometryIsTheViews(t, s, what) {
			restRead++
		}
		if s.shown().coords != nil || s.shown().short != nil || s.shown().marks.ids != nil {
			t.Fatalf("%s: the view kept its coordinates (or IDs) after the geometry took them", what)
		}
	}
	for range s.Curves {
		s.StepCurve(1)
		check("next curve")
		for range model.YAxes {
			s.CycleY(1)
			check("next y")
		}
		for range model.XAxes { // past the views' column too (columns.Hot)
			s.CycleX(1)
			check("next x")
		}
		for _, d := range s.CurveDates() {
			s.SetAsOf(d, false)
			check("as of " + d)
		}
		s.SetAsOf("", true)
		check("every run")
		s.ToggleIncludeSuspect()
		s.SetAsOf("", false)
		check("suspects in")
	}
	if read < 10 || restRead < 10 {
		t.Fatalf("%d geometries from the view's pass, %d with the other points' values: the checks did not test them", read, restRead)
	}
}

// geometryIsTheViews fails t unless s's geometry is the one found from
// nothing on the shown view, with the values on the axes of the points
// its coordinates leave out when the view's pass read them (which it
// reports).
func geometryIsTheViews(t *testing.T, s *State, what string) bool {
	t.Helper()
	view := fresh(s)
	c, f, h := model.FrontierHull(view, s.X, s.Y)
	g := s.Geometry()
	if g == nil || !reflect.DeepEqual(Geometry{Coords: g.Coords, Frontier: g.Frontier, Hull: g.Hull}, Geometry{Coords: c, Frontier: f, Hull: h}) {
		t.Fatalf("%s: the geometry is not the view's on %s × %s", what, s.X.Name, s.Y.Name)
	}
	coords, rest, ok := g.Values()
	if !ok {
		return false
	}
	var want []Partial
	in := map[int]bool{}
	for _, p := range coords {
		in[p.Index] = true
	}
	for i := range view {
		x, hasX := view[i].Value(s.X.Metric)
		y, hasY := view[i].Value(s.Y.Metric)
		if !in[i] && (hasX || hasY) {
			want = append(want, Partial{X: x, Y: y, Index: i, HasX: hasX, HasY: hasY})
		}
	}
	if !reflect.DeepEqual(rest, want) {
		t.Fatalf("%s: the other points' values are not the view's (%d, want %d)", what, len(rest), len(want))
	}
	ids, tags, ok := g.Marks()
	if !ok || len(ids) != len(view) || len(tags) != len(view) {
		t.Fatalf("%s: %d IDs and %d tags (read: %v) for a view of %d points", what, len(ids), len(tags), ok, len(view))
	}
	for i := range view {
		if ids[i] != view[i].ID || tags[i] != model.TagOf(&view[i]) {
			t.Fatalf("%s: point %d's ID and tag %q %#x, want %q %#x", what, i, ids[i], tags[i], view[i].ID, model.TagOf(&view[i]))
		}
	}
	return true
}

// An empty load has no facts to make.
func TestFactsJobOfNoPoints(t *testing.T) {
	s := New()
	s.SetPoints(nil)
	if job, ok := s.FactsJob(func() {}); ok || job != nil {
		t.Fatal("facts to make without a point")
	}
}
