// Package workbench is the workbench's pure state, free of any terminal
// library: loaded points, planned points, removal marks, the selection and
// the axes. The Bubble Tea program in tui/ owns it and mutates it; panes read
// it and re-render when told what changed.
package workbench

import (
	"fmt"
	"slices"
	"sort"

	"github.com/sweeptune/sweeptune/internal/strindex"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/model/numbering"
)

// Change says what a mutation touched, so panes redo only what they must.
type Change uint16

const (
	ChangeSelection Change = 1 << iota
	ChangeMarks
	ChangeData // loaded or planned points
	ChangeAxis
	ChangePreview // the planner's unsaved point moved
	ChangeCurve   // another curve shown, or another "as of" date: the view changed
	ChangeOverlay // other curves overlaid (or no longer)
	ChangeDisplay // how the plot draws: optimal only, labels, gains
	ChangeAll     = ChangeSelection | ChangeMarks | ChangeData | ChangeAxis | ChangePreview | ChangeCurve | ChangeOverlay | ChangeDisplay
)

// State is the shared data. Mutate it through its methods so that Pending
// records the change.
type State struct {
	Points  []model.Point // loaded: published, local, competitor
	Planned []model.Point
	Marks   map[string]bool
	// Added are measured points put in the export as they are (a in the
	// points pane): their recipe override and master row are written from
	// the measurement, never from a prediction.
	Added    []string
	Selected string
	X, Y     model.Axis
	LogX     bool
	// WithPlanned lets planned points stand in the kept curve of the
	// review (and the export's review); off, removals are judged against
	// measured points only.
	WithPlanned bool
	// KeepFlips change the review's default kept curve point by point (K
	// in the review pane, the form of --keep): a flipped kept point leaves
	// it, a flipped left-out point joins it; the export judges the same.
	KeepFlips map[string]bool
	// Preview is the planner's current point, drawn on the curve but not
	// part of the plan (nor of the table) until added.
	Preview *model.Point
	// LoadRev counts loads, so panes that fit on measured points (the
	// planner's calibration) refit only when the data really changed.
	LoadRev int

	curves // the shown curve, overlays, as-of date, display toggles (curves.go)

	// Loop is the prediction ledger and its scorecard (loop.go).
	Loop Ledger
	// Accepted is the last selection accepted (A): its pairing, inside-noise
	// candidates and margin go to the export while its sets are the
	// export's own (select.go); nil when none was.
	Accepted *model.SelectionSet

	all     []model.Point
	index   *strindex.Index                       // ID → first index into all
	cfgs    map[model.CurveKey]*numbering.Configs // the curves' configurations as the load numbered them, or nil
	prep    *Loaded                               // the last load, its indexes (load.go)
	pending Change
	undo    []snapshot
	ranking *Ranking // the picker's order (ranking.go)
}

// New returns an empty state on the default x axis (the report's) ×
// throughput per GPU.
func New() *State {
	return &State{Marks: map[string]bool{}, X: model.DefaultXAxis, Y: model.AxisTputPerGPU,
		curves: curves{Specs: model.DefaultGPUSpecs()}}
}

// TakeChanges returns and clears the changes since the last call.
func (s *State) TakeChanges() Change {
	c := s.pending
	s.pending = 0
	return c
}

// All is the loaded points followed by the planned ones, every curve
// (cached). Panes show View, the shown curve's.
func (s *State) All() []model.Point {
	if s.all == nil {
		if l := s.prep; l != nil && len(s.Planned) == 0 && len(l.points) == len(s.Points) && (len(s.Points) == 0 || &l.points[0] == &s.Points[0]) {
			// The load's own indexes: nothing copied, nothing hashed again.
			s.all, s.index, s.byCurve, s.competitor = s.Points[:len(s.Points):len(s.Points)], l.index, l.byCurve, l.competitor
			s.cfgs = l.cfgs
			s.Curves = slices.Clone(l.curves)
			return s.all
		}
		s.all = make([]model.Point, 0, len(s.Points)+len(s.Planned))
		s.all = append(append(s.all, s.Points...), s.Planned...)
		s.index, s.cfgs = indexIDs(s.all), nil
		s.byCurve, s.Curves, s.competitor = group(s.all)
	}
	return s.all
}

// Find returns the point with the ID among all points, or nil.
func (s *State) Find(id string) *model.Point {
	all := s.All()
	if i, ok := findID(s.index, all, id); ok {
		return &all[i]
	}
	return nil
}

// findID is the first of pts with the ID, found by index when there is
// one (nil: not made yet, IndexJob), else by reading the IDs.
func findID(index *strindex.Index, pts []model.Point, id string) (int, bool) {
	if index != nil {
		return index.Find(id)
	}
	for i := range pts {
		if pts[i].ID == id {
			return i, true
		}
	}
	return 0, false
}

// IndexJob indexes the loaded points' IDs, off the UI goroutine, when the
// load left them unindexed (PrepareNumbered: after the first frame);
// until it lands an ID is looked for among the points.
func (s *State) IndexJob() (job func() *IndexMade, ok bool) {
	l := s.prep
	if l == nil || l.index != nil {
		return nil, false
	}
	return func() *IndexMade { return &IndexMade{l: l, index: indexIDs(l.points)} }, true
}

// IndexMade is what an IndexJob made, to AdoptIndex.
type IndexMade struct {
	l     *Loaded
	index *strindex.Index
}

// AdoptIndex keeps the index an IndexJob made, for the load it was made
// of (a newer load has its own).
func (s *State) AdoptIndex(m *IndexMade) {
	if m == nil || m.l != s.prep || m.l.index != nil {
		return
	}
	m.l.index = m.index
	if s.all != nil && s.index == nil { // the load's own points, unindexed (All)
		s.index = m.index
	}
}

// dataChanged drops what was derived from the points.
func (s *State) dataChanged() {
	s.all = nil
	s.dropViews()
	s.pending |= ChangeData
}

// SetPoints replaces the loaded points (their tput-per-mw and
// cost-per-mtok derived from the GPU specs), keeping the shown curve and
// the selection when they still exist.
func (s *State) SetPoints(pts []model.Point) { s.SetLoaded(Prepare(pts, s.Specs)) }

// firstID is the point to select when there is no selection: the best on
// y of the shown curve, where an engineer's eye goes first (the table's
// default order).
func (s *State) firstID() string {
	if j := slices.IndexFunc(model.YAxes, func(a model.Axis) bool { return a.Name == s.Y.Name }); j >= 0 && j < maxYAxes {
		// Found with the view: the first point best on y, unless its ID is
		// empty (the scan below then goes on past it).
		e := s.shown()
		if k := e.facts.best.at[j]; k >= 0 && e.refs[k].ID != "" {
			return e.refs[k].ID
		}
	}
	view := s.ViewRefs()
	best, id := 0.0, ""
	for _, p := range view {
		if v, ok := p.Value(s.Y.Metric); ok && (id == "" || s.Y.Better(v, best)) {
			best, id = v, p.ID
		}
	}
	if id == "" && len(view) > 0 {
		id = view[0].ID
	}
	return id
}

// Select makes id the selected point.
func (s *State) Select(id string) {
	if id != s.Selected {
		s.Selected = id
		s.pending |= ChangeSelection
	}
}

// ToggleMark marks or unmarks a loaded point for removal; a planned point
// is removed from the plan instead. It returns what happened, for the
// status line; u undoes it.
func (s *State) ToggleMark(id string) string {
	if id == "" {
		return "no point selected"
	}
	if i := model.FindID(s.Planned, id); i >= 0 {
		s.remember("removed planned point " + id)
		s.Planned = append(s.Planned[:i:i], s.Planned[i+1:]...)
		s.dataChanged()
		if s.Selected == id {
			s.Select(s.firstID())
		}
		return fmt.Sprintf("removed planned point %s · %s left (u undoes)", id, model.Plural(len(s.Planned), "planned point"))
	}
	if s.IsAdded(id) {
		return id + " is in the export as measured: a (points pane) takes it out before m marks it"
	}
	if s.Marks[id] {
		s.remember("unmarked " + id)
		delete(s.Marks, id)
		s.pending |= ChangeMarks
		return fmt.Sprintf("unmarked %s · %s", id, model.Plural(len(s.Marks), "mark"))
	}
	s.remember("marked " + id)
	s.Marks[id] = true
	s.pending |= ChangeMarks
	return fmt.Sprintf("marked %s for removal · %s (review pane: is it covered?)", id, model.Plural(len(s.Marks), "mark"))
}

// isLoaded reports whether a loaded point has the ID (the load's index).
func (s *State) isLoaded(id string) bool {
	if s.prep == nil {
		return false
	}
	_, ok := findID(s.prep.index, s.prep.points, id)
	return ok
}

// Orphans are the marks whose points are not in the loaded data (a
// --watch reload dropped them, or a restored session names them): kept,
// shown, and left out of the export.
func (s *State) Orphans() []string {
	var out []string
	for _, id := range s.MarkedIDs() {
		if !s.isLoaded(id) {
			out = append(out, id)
		}
	}
	return out
}

// DropOrphans unmarks the orphaned marks; u undoes it.
func (s *State) DropOrphans() string {
	orphans := s.Orphans()
	if len(orphans) == 0 {
		return "no orphaned marks"
	}
	s.remember("dropped " + model.Plural(len(orphans), "orphaned mark"))
	for _, id := range orphans {
		delete(s.Marks, id)
	}
	s.pending |= ChangeMarks
	return fmt.Sprintf("dropped %s (u undoes)", model.Plural(len(orphans), "orphaned mark"))
}

// MarkedIDs lists the marks in ID order.
func (s *State) MarkedIDs() []string {
	out := make([]string, 0, len(s.Marks))
	for id := range s.Marks {
		out = append(out, id)
	}
	sort.Strings(out)
	return out
}

// AddPlanned adds a planned point, replacing one with the same ID, and
// selects it.
func (s *State) AddPlanned(p model.Point) {
	s.remember("planned " + p.ID)
	p.Source = model.SourcePlanned
	model.DerivePoint(&p, s.Specs)
	// Copy on write: commands still running (review, export) hold the old slice.
	next := make([]model.Point, 0, len(s.Planned)+1)
	for _, q := range s.Planned {
		if q.ID != p.ID {
			next = append(next, q)
		}
	}
	s.Planned = append(next, p)
	s.dataChanged()
	s.Select(p.ID)
}

// SetPlanned replaces the plan (session restore).
func (s *State) SetPlanned(pts []model.Point) {
	model.Derive(pts, s.Specs)
	s.Planned = pts
	s.dataChanged()
}

// XAxesWithData are the x axes of model.XAxes on which at least one point
// has both coordinates (something to draw); all of them when none has.
func (s *State) XAxesWithData() []model.Axis {
	return orAll(s.withData(model.XAxes, s.hasXY), model.XAxes)
}

func (s *State) hasXY(pr *presence, a model.Axis) bool { return pr.hasBoth(a.Metric, s.Y.Metric) }

// HasXData says some point of the shown curve has the y metric and one of
// the x axes: false when XAxesWithData fell back to every axis.
func (s *State) HasXData() bool { return len(s.withData(model.XAxes, s.hasXY)) > 0 }

// HasYData says some point of the shown curve has one of the y metrics.
func (s *State) HasYData() bool { return len(s.withData(model.YAxes, hasMetric)) > 0 }

func hasMetric(pr *presence, a model.Axis) bool { return pr.has(a.Metric) }

// withData are the axes on which has holds for the shown curve's points
// (other curves may measure other things), nil when none; read from what
// the view's points measure, gathered when it was made.
func (s *State) withData(axes []model.Axis, has func(*presence, model.Axis) bool) []model.Axis {
	pr := &s.shown().facts.presence
	var out []model.Axis
	for _, a := range axes {
		if has(pr, a) {
			out = append(out, a)
		}
	}
	return out
}

// orAll is axes when out is empty.
func orAll(out, axes []model.Axis) []model.Axis {
	if len(out) == 0 {
		return axes
	}
	return out
}

// CycleX moves d steps (1 forward, -1 back) through the x axes that have
// data, and returns them (for the status line).
func (s *State) CycleX(d int) []model.Axis {
	axes := s.XAxesWithData()
	s.SetX(step(axes, s.X, d))
	return axes
}

// step is the axis d steps (1 forward, -1 back) from cur among axes,
// around; from an axis not among them, the first or the last.
func step(axes []model.Axis, cur model.Axis, d int) model.Axis {
	i := -1
	for j, a := range axes {
		if a.Name == cur.Name {
			i = j
		}
	}
	switch {
	case i < 0 && d < 0:
		i = len(axes) - 1
	case i < 0:
		i = 0
	default:
		i = (i + d%len(axes) + len(axes)) % len(axes)
	}
	return axes[i]
}

// SetX chooses the x axis.
func (s *State) SetX(a model.Axis) {
	s.X = a
	s.pending |= ChangeAxis
}

// ToggleLogX flips the log-scale x.
func (s *State) ToggleLogX() {
	s.LogX = !s.LogX
	s.pending |= ChangeAxis
}

// SetPreview moves the planner's preview point; nil hides it.
func (s *State) SetPreview(p *model.Point) {
	if p != nil {
		q := *p
		model.DerivePoint(&q, s.Specs)
		p = &q
	}
	s.Preview = p
	s.pending |= ChangePreview
}

// ToggleKept flips a point in or out of the review's kept curve and says
// what it did.
func (s *State) ToggleKept(id string) string {
	if id == "" {
		return "no point selected: select one (points pane) to put it in or out of the kept curve"
	}
	if s.KeepFlips == nil {
		s.KeepFlips = map[string]bool{}
	}
	s.pending |= ChangeMarks
	if s.KeepFlips[id] {
		delete(s.KeepFlips, id)
		return id + ": back to the default kept curve's choice"
	}
	s.KeepFlips[id] = true
	return id + ": flipped in or out of the kept curve (K again undoes)"
}

// KeptState is where a point stands in the review's kept curve, as the
// last review saw it.
type KeptState uint8

const (
	KeptUnknown KeptState = iota // no review yet
	KeptIn                       // in the kept curve
	KeptOut                      // left out of it (K can put it in)
	KeptNone                     // neither: marked for removal, or not of the shown curve
)

// ToggleKeptFrom is ToggleKept saying which way the point went, from
// where it stood; a point that is neither kept nor left out (marked for
// removal) is not toggled, since the flip would do nothing.
func (s *State) ToggleKeptFrom(id string, was KeptState) string {
	switch {
	case id == "" || was == KeptUnknown:
		return s.ToggleKept(id)
	case was == KeptNone && !s.KeepFlips[id]:
		if s.Marks[id] {
			return id + " is marked for removal: it is not a kept-curve candidate (m unmarks it)"
		}
		return id + " is not a kept-curve candidate of the shown curve: K leaves it as it is"
	}
	s.ToggleKept(id)
	if was == KeptIn {
		return id + ": taken out of the kept curve (K again puts it back)"
	}
	return id + ": put in the kept curve (K again takes it out)"
}

// ToggleWithPlanned lets planned points into the review's kept curve, or
// out of it; it reports the new setting.
func (s *State) ToggleWithPlanned() bool {
	s.WithPlanned = !s.WithPlanned
	s.pending |= ChangeMarks
	return s.WithPlanned
}
