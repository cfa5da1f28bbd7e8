package plot

import "github.com/sweeptune/sweeptune/model"

// SourceClass is the series class of a source tag (1-based, display order).
func SourceClass(s model.Source) uint8 {
	for i, src := range model.Sources {
		if src == s {
			return uint8(i + 1)
		}
	}
	return uint8(len(model.Sources) + 1)
}

// SourceGlyph is the frontier marker of a source's series, so series stay
// apart without colour: ● published, ■ local, ◇ planned, ▲ competitor.
func SourceGlyph(s model.Source) rune {
	switch s {
	case model.SourceLocal:
		return '■'
	case model.SourcePlanned:
		return MarkPlanned.Glyph()
	case model.SourceCompetitor:
		return '▲'
	default:
		return MarkFrontier.Glyph()
	}
}

// SeriesBySource builds one series per source present, with each series'
// own frontier marked, in the drawing order competitor, published, local,
// planned (planned on top). marks, when non-nil, overrides a point's marker
// (removal marks); planned points always show as planned.
func SeriesBySource(points []model.Point, x, y model.Axis, marks func(id string) (MarkKind, bool)) []Series {
	order := []model.Source{model.SourceCompetitor, model.SourcePublished, model.SourceLocal, model.SourcePlanned}
	var out []Series
	for _, src := range order {
		pts := model.WithSource(points, src)
		if len(pts) == 0 {
			continue
		}
		s := seriesOf(string(src), SourceClass(src), pts, x, y, marks)
		s.Glyph = SourceGlyph(src)
		out = append(out, s)
	}
	return out
}

func seriesOf(name string, class uint8, pts []model.Point, x, y model.Axis, marks func(string) (MarkKind, bool)) Series {
	onFrontier := make(map[int]bool)
	for _, i := range model.Frontier(pts, x, y) {
		onFrontier[i] = true
	}
	s := Series{Name: name, Class: class}
	for i := range pts {
		xv, yv, ok := pts[i].XY(x, y)
		if !ok {
			continue
		}
		kind := MarkDominated
		if onFrontier[i] {
			kind = MarkFrontier
		}
		if pts[i].Source == model.SourcePlanned {
			kind = MarkPlanned
		}
		if marks != nil {
			if k, ok := marks(pts[i].ID); ok {
				kind = k
			}
		}
		s.Points = append(s.Points, PlotPoint{X: xv, Y: yv, ID: pts[i].ID, Kind: kind, Frontier: onFrontier[i]})
	}
	return s
}
