package tui

import (
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/tui/termsafe"
)

// safeDataset is a copy of ds whose points are safe to show; ds itself
// (a test's fixed dataset, say) is left alone.
func safeDataset(ds *sources.Dataset) *sources.Dataset {
	if ds == nil {
		return nil
	}
	safe := *ds
	safe.Points = safePoints(ds.Points)
	return &safe
}

// safePoints is where data enters the workbench: every string of every
// point (labels, curve names, file names, images…) is escaped for the
// screen, so panes lay out what will be drawn. Points are copied only when
// one needs escaping; clean input is returned as it is.
func safePoints(pts []model.Point) []model.Point {
	var out []model.Point
	for i := range pts {
		if q, changed := safePoint(pts[i]); changed {
			if out == nil {
				out = append([]model.Point(nil), pts...)
			}
			out[i] = q
		}
	}
	if out == nil {
		return pts
	}
	return out
}

func safePoint(p model.Point) (model.Point, bool) {
	changed := false
	esc := func(s *string) {
		if t := termsafe.String(*s); t != *s {
			*s, changed = t, true
		}
	}
	esc(&p.ID)
	esc(&p.Label)
	esc(&p.Curve.Model)
	esc(&p.Curve.Scenario)
	esc(&p.Curve.Hardware)
	esc(&p.Curve.Framework)
	esc(&p.Curve.Precision)
	esc(&p.Curve.Spec)
	esc((*string)(&p.Source))
	esc((*string)(&p.Knobs.Mode))
	esc(&p.Knobs.Balance)
	esc(&p.Knobs.SpecDecoding)
	esc(&p.Prov.File)
	esc(&p.Prov.RunURL)
	esc(&p.Prov.Date)
	esc(&p.Prov.Image)
	esc(&p.Prov.Recipe)
	esc(&p.Prov.RecipeVariant)
	return p, changed
}
