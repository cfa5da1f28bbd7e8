package workbench

import (
	"slices"

	"github.com/sweeptune/sweeptune/model"
)

// Geometry is the shown view's points on the shown axes: their
// coordinates (model.Coords), frontier and hull vertices (model.Frontier,
// model.HullVertices), read and found once for the table's statuses, the
// plot's frontier and its x order. Never written once made.
type Geometry struct {
	Coords         []model.XYPoint
	Frontier, Hull []int
	// Rest are the values on x or y of the view's points Coords leaves
	// out, by index, when the pass that made the view read them (Partial;
	// ok false otherwise): with Coords, every view point's values on the
	// axes, which the table sorts by without reading the points.
	Rest  []Partial
	marks viewMarks // with Rest: every view point's ID and tag
	ok    bool
}

// Values are the view's values on the axes, coordinates and rest, when
// the pass that made the view read them; ok is false when it did not.
func (g *Geometry) Values() (coords []model.XYPoint, rest []Partial, ok bool) {
	return g.Coords, g.Rest, g.ok
}

// Marks are every view point's ID and tag (model.Tag), by view index,
// when the pass that made the view read them (ok as with Values): with
// Values, what the plot's markers are made of without reading a point.
func (g *Geometry) Marks() (ids []string, tags []model.Tag, ok bool) {
	return g.marks.ids, g.marks.tags, g.ok && g.marks.ids != nil
}

// geomEntry is the last geometry made: of one view on two axes.
type geomEntry struct {
	serial uint64
	x, y   string
	g      *Geometry
}

// Geometry is the shown view's geometry on the shown axes, made now or
// kept from the last call (only the last is kept: the panes keep what they
// derive from it); nil when the view has planned points, which are on no
// frontier (the measured points are then not the view).
func (s *State) Geometry() *Geometry {
	e := s.shown()
	if e.planned {
		e.coords, e.short, e.rest, e.marks = nil, nil, nil, viewMarks{} // a view with planned points has no geometry
		return nil
	}
	if g := s.geom; g != nil && g.serial == e.serial && g.x == s.X.Name && g.y == s.Y.Name {
		return g.g
	}
	var c []model.XYPoint
	var rest []Partial
	var marks viewMarks
	var f, h []int
	read, short, on := e.coords, e.short, e.coordsOn
	passed := read != nil && on == [2]string{s.X.Name, s.Y.Name}
	if passed {
		// Read by the pass that made the view: not the points again.
		c, rest, marks = read, e.rest, e.marks
		f, h = model.FrontierHullOfCoords(e.refs, c, short, s.X, s.Y)
	} else {
		c, f, h = model.FrontierHullRefs(e.refs, s.X, s.Y)
	}
	e.coords, e.short, e.rest, e.marks = nil, nil, nil, viewMarks{} // the geometry holds them now, or they are of other axes
	s.geom = &geomEntry{serial: e.serial, x: s.X.Name, y: s.Y.Name, g: &Geometry{Coords: c, Frontier: f, Hull: h, Rest: rest, marks: marks, ok: passed}}
	return s.geom.g
}

// AheadWork is a pane's work for a view off the UI goroutine (made ahead,
// or by the load): the view's points by reference (do not modify),
// projections, curve, and its geometry on the work's axes (GeometryOf).
type AheadWork func(view []*model.Point, projs []model.Projection, curve model.CurveKey, g *Geometry) any

// AheadPane is a pane that derives from views ahead.
type AheadPane interface {
	// Prefetch is the pane's work for a view (serial, 0 when not made
	// yet) on x, y, to run off the UI goroutine; nil when none is needed.
	Prefetch(serial uint64, x, y model.Axis) AheadWork
	// Adopt keeps what the work made, for the view of serial.
	Adopt(serial uint64, x, y model.Axis, data any)
}

// GeometryOf is the geometry of a view on x, y found from its points, as
// Geometry finds it for a view made without them: one for every pane's
// work ahead, where each pane found its own (a third of the work ahead's
// memory at 1M × 12); nil when some point is planned, as with Geometry.
func GeometryOf(refs []*model.Point, x, y model.Axis) *Geometry {
	if slices.ContainsFunc(refs, func(p *model.Point) bool { return p.Source == model.SourcePlanned }) {
		return nil
	}
	c, f, h := model.FrontierHullRefs(refs, x, y)
	return &Geometry{Coords: c, Frontier: f, Hull: h}
}
