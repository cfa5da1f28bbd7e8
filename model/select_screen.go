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
	s, in, bands, outsideKept, err := selectBands(req, true)
	if err != nil {
		return nil, err
	}
	if s.Merges > 0 && !mergesKeepCoverage(req, s, in, bands, outsideKept) {
		// As Select: a merge must not cost the dashboard a frontier point.
		if s, in, bands, outsideKept, err = selectBands(req, false); err != nil {
			return nil, err
		}
	}
	var ids []string // keptAndRemoved's removals, no point copied
	for _, bd := range bands {
		for _, i := range bd.ri {
			ids = append(ids, in[i].p.ID)
		}
	}
	if shown == nil && len(ids) > 0 {
		shown = LatestIndex(req.Points, req.AsOf)
	}
	verdicts := ruleVerdicts(req.Points, shown, s.Curve, ids, req.AsOf)
	for i := range verdicts {
		if verdicts[i].Test == TestNone {
			kept, removed := keptAndRemoved(in, bands, outsideKept)
			sortByX(kept, req.X)
			onBandAxes(verdicts, kept, removed, req.X, req.Y)
			break
		}
	}
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
	// Each removed ID as the view shows it (shownID), found once (pointsOf):
	// the first of its ID in the view, an ID given twice judged once.
	index := make(map[string]int, len(shown))
	for k := len(shown) - 1; k >= 0; k-- {
		index[shown[k].ID] = k
	}
	removed := make([]*Point, 0, len(remove))
	seen := make(map[int]bool, len(remove))
	for _, id := range remove {
		if _, ok := index[id]; !ok {
			id = shownIDAt(len(shown), refsAt(shown), points, id)
		}
		k, ok := index[id]
		if !ok {
			return nil // an unknown ID: the review refuses
		}
		if !seen[k] {
			seen[k] = true
			removed = append(removed, shown[k])
		}
	}
	for _, p := range removed {
		if p.Curve != curve {
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

// mergesKeepCoverage is Select's CoverageHolds for the bands chosen, counted
// as finish counts it (the added points, the implied removals) and no more.
func mergesKeepCoverage(req SelectRequest, s *Selection, in []cand, bands []Band, outsideKept []Point) bool {
	probe := Selection{Curve: s.Curve, X: s.X, Y: s.Y}
	kept, removed := keptAndRemoved(in, bands, outsideKept)
	for i := range kept {
		if kept[i].Source != SourcePublished && !isIncumbent(in, kept[i].ID) {
			probe.Add = append(probe.Add, kept[i].ID)
		}
	}
	probe.coverage(req, removed)
	return probe.CoverageHolds
}
