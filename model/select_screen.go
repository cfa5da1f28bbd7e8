package model

// A screen of a selection: what the fleet audit asks of every curve (the
// bands left empty, the removals the line test covers) without what only a
// full selection shows (the kept and added lists, coverage before and
// after, the noise flags, the weak bands, the review's hull, gains, holes
// and re-tunes). Same choice, same verdicts: Select's own steps, the rule
// review's own kept curve (docs/audit.md).

// SelectScreen is a selection's bands and the rule's verdict on each
// implied removal.
type SelectScreen struct {
	// Bands are Select's bands and choices (Weak and Target left unset).
	Bands []Band
	// Removed are Selection.Review.Removed: rule 18(g)'s verdicts, a
	// removal without the rule's axes judged on the band axes.
	Removed []RemovalVerdict
}

// ScreenSelect chooses as Select does and judges the implied removals as
// its review does, and no more. shown are LatestIndex(req.Points,
// req.AsOf) when the caller has them (nil: they are found).
func ScreenSelect(req SelectRequest, shown []int) (*SelectScreen, error) {
	s, in, bands, outsideKept, err := selectBands(req)
	if err != nil {
		return nil, err
	}
	kept, removed := keptAndRemoved(in, bands, outsideKept)
	sortByX(kept, req.X)
	ids := make([]string, len(removed))
	for i := range removed {
		ids[i] = removed[i].ID
	}
	if shown == nil && len(ids) > 0 {
		shown = LatestIndex(req.Points, req.AsOf)
	}
	verdicts := ruleVerdicts(req.Points, shown, s.Curve, ids, req.AsOf)
	onBandAxes(verdicts, kept, removed, req.X, req.Y)
	return &SelectScreen{Bands: bands, Removed: verdicts}, nil
}

// RuleVerdicts are RuleReview(points, curve, remove, asOf).Removed without
// the rest of the review: the removals against the same kept curve, by the
// same line test; none where the review would refuse (an unknown ID).
// WithinNoise, Twins and the planned points are left unset.
func RuleVerdicts(points []Point, curve CurveKey, remove []string, asOf string) []RemovalVerdict {
	if len(remove) == 0 {
		return nil
	}
	return ruleVerdicts(points, LatestIndex(points, asOf), curve, remove, asOf)
}

// ruleVerdicts is RuleVerdicts with the view's points (LatestIndex) given:
// it reads them where they lie, copying only a projected run to take it
// back to what was measured (as Review does).
func ruleVerdicts(points []Point, shownAt []int, curve CurveKey, remove []string, asOf string) []RemovalVerdict {
	if len(remove) == 0 {
		return nil
	}
	shown := make([]*Point, len(shownAt))
	for k, i := range shownAt {
		shown[k] = &points[i]
		if shown[k].Prov.Raw != nil {
			p := points[i]
			unproject(&p)
			shown[k] = &p
		}
	}
	view := refsAt(shown)
	ids := make([]string, 0, len(remove))
	for _, id := range remove {
		ids = append(ids, shownIDAt(len(shown), view, points, id))
	}
	at, unknown := indexOfIDs(len(shown), view, ids)
	if len(unknown) > 0 {
		return nil
	}
	removed := make([]*Point, len(at))
	for k, i := range at {
		if removed[k] = shown[i]; removed[k].Curve != curve {
			return nil
		}
	}
	x, y := AxisMeanIntvty, AxisTputPerGPU
	sc := newRemovalScopeAt(ReviewRequest{AsOf: asOf}, curve, len(removed), refsAt(removed))
	var rest []*Point
	for _, p := range shown {
		if sc.of(p) == stands {
			rest = append(rest, p)
		}
	}
	keptAt, _ := keptCurveAt(len(rest), refsAt(rest), x, y, false)
	kept := make([]*Point, len(keptAt))
	for k, i := range keptAt {
		kept[k] = rest[i]
	}
	out := reviewRemovalsAt(len(kept), refsAt(kept), len(removed), refsAt(removed), x, y)
	for i := range out {
		out[i].ID = remove[i]
	}
	return out
}
