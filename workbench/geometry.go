package workbench

import "github.com/sweeptune/sweeptune/model"

// Geometry is the shown view's points on the shown axes: their
// coordinates (model.Coords), frontier and hull vertices (model.Frontier,
// model.HullVertices), read and found once for the table's statuses, the
// plot's frontier and its x order. Never written once made.
type Geometry struct {
	Coords         []model.XYPoint
	Frontier, Hull []int
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
		e.coords, e.short = nil, nil // a view with planned points has no geometry
		return nil
	}
	if g := s.geom; g != nil && g.serial == e.serial && g.x == s.X.Name && g.y == s.Y.Name {
		return g.g
	}
	var c []model.XYPoint
	var f, h []int
	read, short, on := e.coords, e.short, e.coordsOn
	e.coords, e.short = nil, nil // the geometry holds them now, or they are of other axes
	if read != nil && on == [2]string{s.X.Name, s.Y.Name} {
		// Read by the pass that made the view: not the points again.
		c = read
		f, h = model.FrontierHullOfCoords(e.refs, c, short, s.X, s.Y)
	} else {
		c, f, h = model.FrontierHullRefs(e.refs, s.X, s.Y)
	}
	s.geom = &geomEntry{serial: e.serial, x: s.X.Name, y: s.Y.Name, g: &Geometry{Coords: c, Frontier: f, Hull: h}}
	return s.geom.g
}
