package termsafe

import "github.com/sweeptune/sweeptune/model"

// Points is where data enters the workbench: every string of every point
// (labels, curve names, file names, images…) escaped for the screen, so
// panes lay out what will be drawn. Points are copied only when one needs
// escaping; clean input is returned as it is.
func Points(pts []model.Point) []model.Point {
	var out []model.Point
	for i := range pts {
		if q, changed := point(pts[i]); changed {
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

func point(p model.Point) (model.Point, bool) {
	changed := false
	esc := func(s *string) {
		if t := String(*s); t != *s {
			*s, changed = t, true
		}
	}
	c, k, pr := &p.Curve, &p.Knobs, &p.Prov
	if p.Suspicion != nil {
		sus := *p.Suspicion // shared with the dataset's copy
		p.Suspicion = &sus
		esc(&sus.Rule)
		esc(&sus.Why)
	}
	for _, s := range []*string{&p.ID, &p.Label, (*string)(&p.Source),
		&c.Model, &c.Scenario, &c.Hardware, &c.Framework, &c.Precision, &c.Spec,
		(*string)(&k.Mode), &k.Balance, &k.SpecDecoding,
		&pr.File, &pr.RunURL, &pr.Date, &pr.Image, &pr.Recipe, &pr.RecipeVariant} {
		esc(s)
	}
	return p, changed
}
