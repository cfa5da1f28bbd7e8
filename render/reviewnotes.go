package render

import "github.com/sweeptune/sweeptune/model"

// ReviewNotes says what a review's kept curve leaves out and why, and the
// holes the removal leaves (docs/review.md): the same sentences the
// review's JSON carries.
func ReviewNotes(r model.CurveReview) Doc {
	d := ReviewLeftOut(r)
	if h := ReviewHoles(r); len(h.Lines) > 0 {
		d.Blank()
		d.Append(h)
	}
	return d
}

// ReviewLeftOut is the date judged as of and every point the kept curve
// leaves out, with its reason.
func ReviewLeftOut(r model.CurveReview) Doc { return reviewLeftOut(r, 0) }

// reviewLeftOut is ReviewLeftOut with at most max points listed (0: all).
func reviewLeftOut(r model.CurveReview, max int) Doc {
	var d Doc
	if r.AsOf != "" {
		d.Addf(Muted, "Judged against the curve as of %s.", r.AsOf)
	}
	shown := r.LeftOut[:listed(len(r.LeftOut), max)]
	for _, l := range shown {
		d.Add(S(Muted, "left out of the kept curve: "), P(l.ID), S(Muted, " ("+l.Reason+")"))
	}
	moreRows(&d, len(r.LeftOut), len(shown))
	return d
}

// ReviewHoles names the holes the removal leaves; the verdict stands.
func ReviewHoles(r model.CurveReview) Doc {
	var d Doc
	if len(r.Holes) == 0 {
		return d
	}
	d.Addf(Warn, "Holes the removal leaves (the verdict stands; it is the line test's):")
	for _, h := range r.Holes {
		d.Add(S(Warn, "  ! "), P(h.Text))
	}
	return d
}
