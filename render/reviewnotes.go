package render

import (
	"fmt"

	"github.com/sweeptune/sweeptune/model"
)

// ReviewNotes says what a review's kept curve leaves out and why, and the
// holes the removal leaves (docs/review.md): the same sentences the
// review's JSON carries.
func ReviewNotes(r model.CurveReview) Doc {
	var d Doc
	if r.AsOf != "" {
		d.Addf(Muted, "Judged against the curve as of %s.", r.AsOf)
	}
	if len(r.LeftOut) > 0 {
		d.Addf(Plain, "Left out of the kept curve (%d):", len(r.LeftOut))
		for _, l := range r.LeftOut {
			d.Add(P("  "+l.ID+": "), S(Muted, "left out: "+l.Reason))
		}
	}
	if len(r.Holes) > 0 {
		d.Blank()
		d.Addf(Warn, "Holes the removal leaves (the verdict stands; it is the line test's):")
		for _, h := range r.Holes {
			d.Add(S(Warn, "  ! "), P(h.Text))
		}
	}
	return d
}

// ReviewAxisLine names the axis a verdict is judged on, and the view's
// axis beside it when they differ: "verdicts on rule 18(g)'s axis: mean-intvty ×
// tput-per-gpu (the view shows p90-intvty)".
func ReviewAxisLine(rule, view model.Axis, y model.Axis) Line {
	l := Line{P(fmt.Sprintf("verdicts on rule 18(g)'s axis: %s × %s", rule.Name, y.Name))}
	if view.Name != rule.Name {
		l = append(l, S(Muted, fmt.Sprintf(" (the view shows %s)", view.Name)))
	}
	return l
}
