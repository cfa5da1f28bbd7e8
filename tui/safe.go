package tui

import (
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/render/termsafe"
	"github.com/sweeptune/sweeptune/sources"
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
	c, k, pr := &p.Curve, &p.Knobs, &p.Prov
	for _, s := range []*string{&p.ID, &p.Label, (*string)(&p.Source),
		&c.Model, &c.Scenario, &c.Hardware, &c.Framework, &c.Precision, &c.Spec,
		(*string)(&k.Mode), &k.Balance, &k.SpecDecoding,
		&pr.File, &pr.RunURL, &pr.Date, &pr.Image, &pr.Recipe, &pr.RecipeVariant} {
		esc(s)
	}
	return p, changed
}
