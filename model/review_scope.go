package model

// ReviewReads reports whether Review of the curves (those of its removed
// and kept IDs) reads p, a shown point: a point of one of the curves, or a
// competitor on a curve's base (a rival, with the default rival rule). A
// review of a million shown points reads only these; the rest need not be
// copied (TestReviewOfItsPointsIsTheWholeView).
func ReviewReads(p *Point, curves []CurveKey) bool {
	for _, c := range curves {
		if p.Curve == c || p.Source == SourceCompetitor && SameBase(p.Curve, c) {
			return true
		}
	}
	return false
}
