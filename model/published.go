package model

import "strconv"

// The curve as the dashboard publishes it (docs/dashboard.md): per curve
// group, the published points of the latest date only. A sweep ingested
// later replaces the whole group, whatever it ran, unless its changelog
// entry was append-only (its points then join the curve they append to).

// PublishedGroup is the group the dashboard takes the latest date of. An
// AgentX curve is one curve per hardware (agg and disagg together); on a
// fixed-length scenario the dashboard keeps aggregated and disaggregated
// apart (InferenceX-app useChartData.ts: hardware, framework, spec method,
// disagg, precision, per sequence).
func PublishedGroup(p *Point) string {
	k := p.Curve.String()
	if IsAgentX(p.Curve) {
		return k
	}
	return k + " · " + strconv.FormatBool(p.Knobs.Mode == ModeDisagg)
}

// PublishedCurve returns the indices of the points the dashboard shows as
// of asOf ("" the latest) for the group of points[at]: the published points
// of the group's latest date on or before asOf, with the points of every
// later append-only date (appendOnly, nil: none) joined to them. date is
// the latest date ("" when the group has no published point by then).
func PublishedCurve(points []Point, group string, asOf string, appendOnly func(date string) bool) (idx []int, date string) {
	base := ""
	for i := range points {
		p := &points[i]
		d := p.Prov.Date
		if p.Source != SourcePublished || PublishedGroup(p) != group || (asOf != "" && d > asOf) {
			continue
		}
		if appendOnly != nil && appendOnly(d) {
			continue
		}
		if d > base {
			base = d
		}
	}
	for i := range points {
		p := &points[i]
		d := p.Prov.Date
		if p.Source != SourcePublished || PublishedGroup(p) != group || (asOf != "" && d > asOf) {
			continue
		}
		if d == base || (d > base && appendOnly != nil && appendOnly(d)) {
			idx = append(idx, i)
			date = max(date, d)
		}
	}
	return idx, date
}

// PublishedView is the indices of the points the dashboard shows as of
// asOf ("" the latest), every group at once: for each PublishedGroup the
// published points of its latest date on or before asOf (what
// PublishedCurve gives one group without append-only dates). Local,
// planned and competitor-tagged points the dashboard does not publish are
// left out; so is a published point of an earlier date. One pass finds
// each group's date, one keeps its points.
func PublishedView(points []Point, asOf string) []int {
	groups := make([]string, len(points))
	latest := map[string]string{}
	groupOf := publishedGroups()
	for i := range points {
		p := &points[i]
		d := p.Prov.Date
		if (p.Source != SourcePublished && p.Source != SourceCompetitor) || (asOf != "" && d > asOf) {
			continue
		}
		g := groupOf(p)
		groups[i] = g
		if d > latest[g] || latest[g] == "" {
			latest[g] = d
		}
	}
	var idx []int
	for i := range points {
		if g := groups[i]; g != "" && points[i].Prov.Date == latest[g] {
			idx = append(idx, i)
		}
	}
	return idx
}
