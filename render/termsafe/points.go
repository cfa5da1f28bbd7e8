package termsafe

import (
	"unsafe"

	"github.com/sweeptune/sweeptune/model"
)

// Points is where data enters the workbench: every string of every point
// (labels, curve names, file names, images…) escaped for the screen, so
// panes lay out what will be drawn. Points are copied only when one needs
// escaping; clean input is returned as it is.
func Points(pts []model.Point) []model.Point {
	var out []model.Point
	var seen cleanSeen
	for i := range pts {
		if seen.clean(&pts[i]) {
			continue // nothing to escape: point would return it as it is
		}
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
		&pr.File, &pr.RunURL, &pr.Branch, &pr.Date, &pr.Image, &pr.Recipe, &pr.RecipeVariant} {
		esc(s)
	}
	return p, changed
}

// cleanSeen remembers, per field, strings found clean: the loaders share
// a curve's, a file's or a date's strings between thousands of points, so
// each is read once, not once a point (nor the point copied). A field
// keeps a few, placed by their address: points of curves interleaved (a
// dump's rows) take turns among a curve's strings, and one remembered
// string a field read them all again each turn (at a million points, half
// of the check's 110 ms).
type cleanSeen [numFields][seenSlots]struct {
	at *byte
	n  int
}

// seenSlots is how many strings a field remembers (a power of two).
const seenSlots = 16

const numFields = 21

// clean reports whether none of p's strings needs escaping.
func (c *cleanSeen) clean(p *model.Point) bool {
	cu, k, pr := &p.Curve, &p.Knobs, &p.Prov
	ok := c.str(0, p.ID) && c.str(1, p.Label) && c.str(2, string(p.Source)) &&
		c.str(3, cu.Model) && c.str(4, cu.Scenario) && c.str(5, cu.Hardware) && c.str(6, cu.Framework) &&
		c.str(7, cu.Precision) && c.str(8, cu.Spec) && c.str(9, string(k.Mode)) && c.str(10, k.Balance) &&
		c.str(11, k.SpecDecoding) && c.str(12, pr.File) && c.str(13, pr.RunURL) && c.str(14, pr.Date) &&
		c.str(15, pr.Image) && c.str(16, pr.Recipe) && c.str(17, pr.RecipeVariant) && c.str(20, pr.Branch)
	if s := p.Suspicion; ok && s != nil {
		ok = c.str(18, s.Rule) && c.str(19, s.Why)
	}
	return ok
}

// str reports whether String(s) is s, remembering s for field f.
func (c *cleanSeen) str(f int, s string) bool {
	if len(s) == 0 {
		return true
	}
	at := unsafe.StringData(s)
	slot := &c[f][(uintptr(unsafe.Pointer(at))>>4^uintptr(len(s)))&(seenSlots-1)]
	if slot.at == at && slot.n == len(s) {
		return true
	}
	if firstUnsafe(s, false) >= 0 {
		return false
	}
	slot.at, slot.n = at, len(s)
	return true
}

// Checker tells points that need no escaping, remembering the strings it
// found clean as Points does: for a load that checks the points it shows
// first and leaves the rest to Points later.
type Checker struct{ seen cleanSeen }

// Clean reports whether Points would return p as it is.
func (c *Checker) Clean(p *model.Point) bool { return c.seen.clean(p) }

// ProjectionClean reports whether no string of p needs escaping: its
// curve, factors, projected runs (their points too) and the runs it left
// out, which a view's legend and rows show.
func (c *Checker) ProjectionClean(p *model.Projection) bool {
	strs := []string{p.Curve.Model, p.Curve.Scenario, p.Curve.Hardware, p.Curve.Framework, p.Curve.Precision, p.Curve.Spec}
	strs = append(strs, p.Superseded...)
	for _, f := range p.Factors {
		strs = append(append(strs, f.Name), f.Configs...)
	}
	for i := range p.Projected {
		r := &p.Projected[i]
		if !c.Clean(&r.Point) {
			return false
		}
		strs = append(append(strs, r.ID), r.Dropped...)
	}
	for _, u := range p.Unprojected {
		strs = append(strs, u.ID, u.Reason)
	}
	for _, s := range strs {
		if firstUnsafe(s, false) >= 0 {
			return false
		}
	}
	return true
}
