package workbench

import (
	"cmp"
	"slices"
	"sync"

	"github.com/sweeptune/sweeptune/internal/mem"
	"github.com/sweeptune/sweeptune/internal/par"
	"github.com/sweeptune/sweeptune/model"
)

// A curve is the unit of the workbench: the plot, the table, the review,
// the planner and the export all show the one curve chosen, as of a date;
// other curves are only ever overlaid, each as its own line.

// curves is the curve part of State.
type curves struct {
	// Curves lists every curve of the loaded and planned points, in
	// model.GroupCurves order, with point counts and date ranges.
	Curves []model.CurveSummary
	// Curve is the shown curve.
	Curve model.CurveKey
	// Overlays are the other curves drawn with it, in the order chosen.
	Overlays []model.CurveKey
	// AsOf limits the view to runs on or before a date (YYYY-MM-DD); ""
	// shows each configuration's latest run.
	AsOf string
	// AllDates shows every run of a configuration (on or before AsOf), not
	// only its latest: the history.
	AllDates bool
	// OptimalOnly hides measured points off the frontier; Labels writes
	// shape and concurrency beside frontier points; ShowGains shows each
	// point's gain against the first overlay at the same x.
	OptimalOnly, Labels, ShowGains bool
	// IncludeSuspect brings suspect points (model/suspect.go) into the
	// frontiers, hulls, reviews and fits of the view; off, they are shown
	// and marked but kept out.
	IncludeSuspect bool
	// Specs are the GPUs' power and cost behind tput-per-mw and
	// cost-per-mtok.
	Specs model.GPUSpecs

	overlaysChosen bool                     // the user picked overlays (else: the competitor's)
	byCurve        map[model.CurveKey][]int // into all
	view           *viewEntry               // the shown curve's, nil until asked
	overlayCurves  []model.Curve
	// views keeps every curve's view computed since the data last changed,
	// by curve, as-of and suspect setting: switching back to a curve, or
	// overlaying one, computes nothing again.
	views      map[viewKey]*viewEntry
	viewPoints int    // points held in views, bounded (maxCachedPoints)
	viewUses   uint64 // counts the views' uses (viewEntry.used)
	leftAt     uint64 // viewUses when the shown view was last left
	serial     uint64 // the last view's serial
	dataGen    uint64 // counts data changes: a view made before one is stale
	dates      map[model.CurveKey][]string
	facts      map[model.CurveKey]*curveFacts // what every view of a curve shares (facts.go)
	competitor map[model.CurveKey]bool        // curves with a competitor's point, with byCurve (hasCompetitor)
	geom       *geomEntry                     // the last Geometry (geometry.go)
}

// viewKey is what a curve's view depends on beside the data.
type viewKey struct {
	curve    model.CurveKey
	asOf     string
	allDates bool
	suspect  bool
}

// viewEntry is one curve's view: its points (never written once made),
// projections, an ID index made when first asked, and a serial that no
// other view has, so panes can key their own caches by it.
//
// The view's points are refs: the loaded points themselves, or copies in
// own of the few the view changes (a suspect point admitted or held out,
// a short run projected). Its points as values (pts) are copied from them
// when first asked: a key that shows a view reads it through refs and
// copies nothing (a million points over 12 curves: 28 MB a view).
type viewEntry struct {
	refs    []*model.Point
	own     []model.Point // the points the view changed, refs point into it
	ptsOnce sync.Once
	pts     []model.Point // made by points()
	src     []int         // the points' indices into the data's points, ascending
	// planned: some point is planned (set by viewFrom; Geometry is nil)
	planned bool
	projs   []model.Projection
	index   map[string]int
	serial  uint64
	used    uint64        // viewUses at its last use: the least recent go first
	facts   viewFacts     // what the points measure, which are projected (viewFrom)
	projPts []model.Point // the projected points, in order (ViewProjected)
	// coords and short are the view's coordinates on the axes coordsOn
	// names and its raw short runs among them, read by the pass that made
	// it on the key; the geometry takes them (then nil).
	coords   []model.XYPoint
	short    []int
	rest     []Partial // the other points' values on the axes (coordsPart.rest)
	marks    viewMarks // every point's ID and tag, read with them
	coordsOn [2]string
}

// maxCachedPoints bounds the points the views hold: a quarter of the
// loaded points, and at least a few curves' worth. A view made ahead is
// a packed copy (664 bytes a point): at a million points the loaded
// points once more were 600 MB more live heap over a minute of keys,
// which the collector marked again and again, and whose growth a key
// paid for in fresh pages (docs/workbench-speed.md).
//
// It always leaves room for every run of the shown curve and of the two
// ] and [ show: at 1M × 12 three every-run views passed a quarter of the
// points, so the view ] showed next was made on the key (26 ms).
func (s *State) maxCachedPoints() int {
	inPlay := len(s.byCurve[s.Curve])
	for _, k := range s.Neighbours() {
		inPlay += len(s.byCurve[k])
	}
	return max(cachedPointsFor(len(s.all)), inPlay)
}

// cachedPointsFor is maxCachedPoints for n points.
func cachedPointsFor(n int) int { return max(n/4, 200000) }

// viewOf is curve k's view under the current as-of and suspect setting,
// from the cache or made and cached.
func (s *State) viewOf(k model.CurveKey) *viewEntry {
	s.All()
	key := viewKey{k, s.AsOf, s.AllDates, s.IncludeSuspect}
	if e, ok := s.views[key]; ok {
		s.viewUses++
		e.used = s.viewUses
		return e
	}
	return s.keepView(key, s.curvePoints(k))
}

// keepView gives e a serial and caches it under key, the views used
// least recently dropped to make room (never the shown one: panes hold
// it).
func (s *State) keepView(key viewKey, e *viewEntry) *viewEntry {
	s.serial++
	e.serial = s.serial
	s.viewUses++
	e.used = s.viewUses
	n := len(e.refs)
	if s.views == nil {
		s.views = map[viewKey]*viewEntry{}
	}
	if s.viewPoints+n > s.maxCachedPoints() {
		s.dropLeastUsed(s.viewPoints + n - s.maxCachedPoints())
	}
	s.views[key] = e
	s.viewPoints += n
	return e
}

// dropLeastUsed drops views, the least recently used first, until they
// held at least n points (or only the shown view and those ] and [ show
// are left).
func (s *State) dropLeastUsed(n int) {
	keys := make([]viewKey, 0, len(s.views))
	near := s.Neighbours()
	for k, e := range s.views {
		if !s.nearView(near, k, e) {
			keys = append(keys, k)
		}
	}
	slices.SortFunc(keys, func(a, b viewKey) int { return cmp.Compare(s.views[a].used, s.views[b].used) })
	for _, k := range keys {
		if n <= 0 {
			return
		}
		held := len(s.views[k].refs)
		delete(s.views, k)
		s.viewPoints -= held
		n -= held
	}
}

// nearView reports whether e, kept under k, is the shown view or the view
// of a curve ] or [ shows (near: Neighbours) under the shown settings:
// views never dropped for others.
func (s *State) nearView(near []model.CurveKey, k viewKey, e *viewEntry) bool {
	return e == s.view || slices.Contains(near, k.curve) && k.asOf == s.AsOf && k.allDates == s.AllDates && k.suspect == s.IncludeSuspect
}

// ids is the entry's ID → index, made once.
func (e *viewEntry) ids() map[string]int {
	if e.index == nil {
		e.index = make(map[string]int, len(e.refs))
		for i, p := range e.refs {
			e.index[p.ID] = i
		}
	}
	return e.index
}

// dropViews forgets every cached view (the data changed).
func (s *State) dropViews() {
	s.dataGen++
	s.view, s.views, s.viewPoints, s.dates, s.facts, s.geom = nil, nil, 0, nil, nil, nil
	s.overlayCurves = nil
}

// settleCurve keeps the shown curve and overlays when they still exist,
// else shows the curve with most points of its own (not a competitor's),
// and keeps the selection on the shown curve.
func (s *State) settleCurve() {
	s.All()
	if _, ok := s.byCurve[s.Curve]; !ok || len(s.Curves) == 0 {
		s.Curve = s.defaultCurve()
		s.leaveView()
		s.pending |= ChangeCurve
	}
	kept := s.Overlays[:0:0]
	for _, k := range s.Overlays {
		if _, ok := s.byCurve[k]; ok && k != s.Curve {
			kept = append(kept, k)
		}
	}
	s.Overlays = kept
	if !s.overlaysChosen {
		s.Overlays = s.competitorOverlays()
	}
	s.overlayCurves = nil
	if s.Selected == "" || !s.InView(s.Selected) {
		s.Select(s.firstID())
	}
}

func (s *State) defaultCurve() model.CurveKey {
	return defaultOf(s.all, s.byCurve, s.Curves, s.competitor)
}

// competitorOverlays are the curves of competitor points comparable with
// the shown one (model.SameBase): what the workbench overlays until the
// user chooses.
func (s *State) competitorOverlays() []model.CurveKey {
	var out []model.CurveKey
	for _, c := range s.Curves {
		if c.Key == s.Curve || !model.SameBase(c.Key, s.Curve) {
			continue
		}
		if s.hasCompetitor(c.Key) {
			out = append(out, c.Key)
		}
	}
	return out
}

// hasCompetitor reports whether some point of curve k is a competitor's:
// found for every curve when the points were grouped (each switch of curve
// asks it of every comparable curve: at 1,000 curves the first switch
// read most of the points for it).
func (s *State) hasCompetitor(k model.CurveKey) bool {
	s.All()
	return s.competitor[k]
}

// View is the shown curve's points as of AsOf: each configuration's
// latest measurement, planned points included, short runs projected where
// the curve has run-length factors (model.ProjectShown, as the CLI's view;
// cached; do not modify).
func (s *State) View() []model.Point { return s.shown().points() }

// ViewRefs is View by reference: the points themselves, nothing copied
// (do not modify them).
func (s *State) ViewRefs() []*model.Point { return s.shown().refs }

// ViewLater is View for a command: the points are copied when it is
// called, on the command's goroutine, not on the key's.
func (s *State) ViewLater() func() []model.Point { return s.shown().points }

// points is the view as values, copied from refs once (any goroutine).
func (e *viewEntry) points() []model.Point {
	e.ptsOnce.Do(func() {
		// Faulted in by one system call (mem.Fresh), not a page at a time
		// by the copy: a view of 83,000 points is 57 MB, 14,000 pages, and
		// on a heap with no free pages left by the load's garbage the copy
		// took 5 times its own time in faults.
		e.pts = mem.Fresh[model.Point](len(e.refs))
		par.Halves(len(e.refs), 8192, func(lo, hi int) {
			for k := lo; k < hi; k++ {
				e.pts[k] = *e.refs[k]
			}
		})
	})
	return e.pts
}

// leaveView stops showing the shown view; the coordinates its pass read
// for a geometry not asked for go with it (a view kept for later holds
// none: 1 MB at 41,700 points).
func (s *State) leaveView() {
	s.leftAt = s.viewUses
	if s.view != nil {
		s.view.coords, s.view.short, s.view.rest, s.view.marks = nil, nil, nil, viewMarks{}
	}
	s.view = nil
}

// shown is the shown view, made now when not made yet.
func (s *State) shown() *viewEntry {
	if s.view == nil {
		s.view = s.viewOf(s.Curve)
	}
	return s.view
}

// ViewSerial identifies the shown view: it changes when the view does (a
// curve, as-of, suspect setting or data change) and no other view has it,
// so a pane may key what it derives from the view by it.
func (s *State) ViewSerial() uint64 { return s.shown().serial }

// ViewProjected are the shown view's projected runs, in View's order:
// what the run-length legends read (do not modify).
func (s *State) ViewProjected() []model.Point {
	e := s.shown()
	if e.projPts == nil && len(e.facts.projected) > 0 {
		e.projPts = make([]model.Point, len(e.facts.projected))
		for j, k := range e.facts.projected {
			e.projPts[j] = *e.refs[k]
		}
	}
	return e.projPts
}

// CurveRunsLater is, for a command, every loaded point of the shown curve
// in the data's order (the review's runs), copied when it is called, on
// the command's goroutine.
func (s *State) CurveRunsLater() func() []model.Point {
	all, idx := s.All(), s.byCurve[s.Curve]
	return func() []model.Point { return pick(all, idx) }
}

// ViewFlags are the shown view's held-out points and short runs shown
// raw, found when it was made (do not modify).
func (s *State) ViewFlags() *ViewFlags { return &s.shown().facts.flags }

// ViewSources are the shown view's points' indices into All, ascending:
// View()[k] is a copy of All()[ViewSources()[k]] (do not modify).
func (s *State) ViewSources() []int { return s.shown().src }

// CurveSerial is ViewSerial for curve k's view as of the shown date (an
// overlay's).
func (s *State) CurveSerial(k model.CurveKey) uint64 { return s.viewOf(k).serial }

// ViewPos is the index in View of the point with the ID.
func (s *State) ViewPos(id string) (int, bool) {
	e := s.shown()
	if e.src != nil && s.index.Len() == len(s.all) {
		// No two points share an ID: the point's place in the data, looked
		// for among the view's (no index of the view's IDs to make).
		i, ok := s.index.Find(id)
		if !ok {
			return 0, false
		}
		if k, ok := slices.BinarySearch(e.src, i); ok {
			return k, true
		}
		return 0, false
	}
	i, ok := e.ids()[id]
	return i, ok
}

// Projections are the shown curve's run-length projections (factors from
// every loaded run of it), behind the view's projected runs.
func (s *State) Projections() []model.Projection { return s.shown().projs }

// curvePoints are a curve's points as of AsOf, never nil, with its short
// runs settled by model.ProjectShown (factors from every run of the curve),
// and the projections.
func (s *State) curvePoints(k model.CurveKey) *viewEntry {
	var axes *viewAxes // the shown curve's view: its geometry comes next
	if k == s.Curve {
		axes = &viewAxes{s.X, s.Y}
	}
	return viewFrom(s.All(), s.byCurve[k], viewKey{k, s.AsOf, s.AllDates, s.IncludeSuspect}, s.factsFor(k), axes)
}

// InView reports whether a point is on the shown curve's view.
func (s *State) InView(id string) bool {
	_, ok := s.ViewPos(id)
	return ok
}

// ShownCurve is the shown curve's view as a model.Curve.
func (s *State) ShownCurve() model.Curve { return model.Curve{Key: s.Curve, Points: s.View()} }

// OverlayCurves are the overlaid curves' views as of AsOf (cached).
func (s *State) OverlayCurves() []model.Curve {
	if s.overlayCurves == nil {
		s.overlayCurves = make([]model.Curve, 0, len(s.Overlays))
		for _, k := range s.Overlays {
			s.overlayCurves = append(s.overlayCurves, model.Curve{Key: k, Points: s.viewOf(k).points()})
		}
	}
	return s.overlayCurves
}

// HasCurve reports whether some loaded or planned point is on curve k.
func (s *State) HasCurve(k model.CurveKey) bool {
	s.All()
	_, ok := s.byCurve[k]
	return ok
}

// CurveIndex is the shown curve's place in Curves, or -1.
func (s *State) CurveIndex() int {
	for i, c := range s.Curves {
		if c.Key == s.Curve {
			return i
		}
	}
	return -1
}

// SetCurve shows another curve. The selection moves to its best point
// unless it is on it; an overlay of the curve itself is dropped.
func (s *State) SetCurve(k model.CurveKey) {
	if _, ok := s.byCurve[k]; !ok || k == s.Curve {
		return
	}
	s.Curve = k
	s.leaveView()
	s.pending |= ChangeCurve
	if s.overlaysChosen {
		s.Overlays = slices.DeleteFunc(slices.Clone(s.Overlays), func(o model.CurveKey) bool { return o == k })
	} else {
		s.Overlays = s.competitorOverlays()
	}
	s.overlayCurves = nil
	s.pending |= ChangeOverlay
	if !s.InView(s.Selected) {
		s.Select(s.firstID())
	}
}

// StepCurve shows the next (d = 1) or previous (d = −1) curve, around.
func (s *State) StepCurve(d int) {
	n := len(s.Curves)
	if n == 0 {
		return
	}
	i := max(s.CurveIndex(), 0)
	s.SetCurve(s.Curves[((i+d)%n+n)%n].Key)
}

// OverlaysChosen reports whether the user chose the overlays (else they
// are the competitors' curves, chosen again for each shown curve).
func (s *State) OverlaysChosen() bool { return s.overlaysChosen }

// SetOverlays overlays exactly these curves (the shown one is left out).
func (s *State) SetOverlays(keys []model.CurveKey) {
	s.overlaysChosen = true
	s.Overlays = slices.DeleteFunc(slices.Clone(keys), func(k model.CurveKey) bool { return k == s.Curve })
	s.overlayCurves = nil
	s.pending |= ChangeOverlay
}

// SetAsOf shows each configuration's latest run on or before date ("" for
// the latest of all), or every run of it when allDates.
func (s *State) SetAsOf(date string, allDates bool) {
	if date == s.AsOf && allDates == s.AllDates {
		return
	}
	s.AsOf, s.AllDates = date, allDates
	s.leaveView()
	s.overlayCurves = nil
	s.pending |= ChangeCurve | ChangeOverlay
	if !s.InView(s.Selected) {
		s.Select(s.firstID())
	}
}

// CurveDates are the run dates of the shown curve's points, any as-of.
func (s *State) CurveDates() []string {
	if d, ok := s.dates[s.Curve]; ok {
		return d
	}
	// The curve's facts numbered its run days (at a million rows the load
	// made them): no pass over its 83,000 points, a page apart each in a
	// dump whose curves interleave.
	d := s.factsFor(s.Curve).cfg.Days()
	if s.dates == nil {
		s.dates = map[model.CurveKey][]string{}
	}
	s.dates[s.Curve] = d
	return d
}

// CurveAllDates is the shown curve's every measurement (history view).
func (s *State) CurveAllDates() []model.Point { return pick(s.All(), s.byCurve[s.Curve]) }

// pick copies all[idx...], in idx's order.
func pick(all []model.Point, idx []int) []model.Point {
	pts := mem.Fresh[model.Point](len(idx)) // one fault for its pages: at 1M × 12, 57 MB
	for j, i := range idx {
		pts[j] = all[i]
	}
	return pts
}

// YAxesWithData are the y metrics some point of the shown curve has (a
// hardware without power or cost has no tput-per-mw or cost-per-mtok);
// every y metric when none has any.
func (s *State) YAxesWithData() []model.Axis {
	return orAll(s.withData(model.YAxes, hasMetric), model.YAxes)
}

// CycleY moves d steps (1 forward, -1 back) through the y metrics that
// have data, and returns them (for the status line).
func (s *State) CycleY(d int) []model.Axis {
	axes := s.YAxesWithData()
	s.SetY(step(axes, s.Y, d))
	return axes
}

// SetY chooses the y metric.
func (s *State) SetY(a model.Axis) {
	s.Y = a
	s.pending |= ChangeAxis
}

// SetSpecs replaces the GPU power and cost table and derives again.
func (s *State) SetSpecs(specs model.GPUSpecs) {
	s.Specs = specs
	model.Derive(s.Points, specs)
	model.Derive(s.Planned, specs)
	s.dataChanged()
}

// ToggleIncludeSuspect brings suspect points into the view's geometry or
// keeps them out, and reports the new value.
func (s *State) ToggleIncludeSuspect() bool {
	s.IncludeSuspect = !s.IncludeSuspect
	s.leaveView()
	s.overlayCurves = nil
	s.pending |= ChangeCurve | ChangeOverlay
	return s.IncludeSuspect
}

// SuspectCount is how many points of the shown curve are suspect.
func (s *State) SuspectCount() int {
	n := 0
	for _, p := range s.ViewRefs() {
		if p.SuspectRule() != "" {
			n++
		}
	}
	return n
}

// ToggleOptimalOnly, ToggleLabels and ToggleGains flip a display setting
// and report the new value.
func (s *State) ToggleOptimalOnly() bool {
	s.OptimalOnly = !s.OptimalOnly
	s.pending |= ChangeDisplay
	return s.OptimalOnly
}

func (s *State) ToggleLabels() bool {
	s.Labels = !s.Labels
	s.pending |= ChangeDisplay
	return s.Labels
}

func (s *State) ToggleGains() bool {
	s.ShowGains = !s.ShowGains
	s.pending |= ChangeDisplay
	return s.ShowGains
}

// Gains are the shown curve's points against the first overlay at the same
// x (model.CompareCurve, as compare computes them); nil without overlays.
func (s *State) Gains() (model.CurveGains, bool) {
	ov := s.OverlayCurves()
	if len(ov) == 0 {
		return model.CurveGains{}, false
	}
	g := []model.CurveGains{model.CompareCurve(s.ShownCurve(), ov[0].Points, s.X, s.Y)}
	model.MarkGainRuns(g, s.View(), s.Projections())
	model.MarkGainsWithinNoise(g, map[model.CurveKey]model.Noise{s.Curve: s.Noise()}, s.Y.Metric)
	return g[0], true
}

// FitX moves x to the first axis the shown curve has data on when the
// current one has none (API history rows give median interactivity only);
// it returns the axis left, or "" when x stayed.
func (s *State) FitX() string {
	axes := s.XAxesWithData()
	for _, a := range axes {
		if a.Name == s.X.Name {
			return ""
		}
	}
	if len(axes) == 0 || len(axes) == len(model.XAxes) && !s.hasAnyX() {
		return ""
	}
	was := s.X.Name
	s.SetX(axes[0])
	return was
}

// hasAnyX reports whether some point of the view has some x axis with y.
func (s *State) hasAnyX() bool {
	pr := &s.shown().facts.presence
	for _, a := range model.XAxes {
		if pr.hasBoth(a.Metric, s.Y.Metric) {
			return true
		}
	}
	return false
}
