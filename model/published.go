package model

import (
	"slices"
	"strconv"
)

// The curve as the dashboard publishes it (docs/dashboard.md): per curve
// group, the published points of the latest date only. A sweep ingested
// later replaces the whole group, whatever it ran, unless its changelog
// entry was append-only (its points then join the curve they append to).
// One rule (publishedIndex) serves report --as-published and the
// after-merge preview alike.

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

// AppendOnlyDates reports whether the published points of a curve dated
// date came from a sweep whose changelog entry was append-only: they join
// the curve of the latest regular date before them instead of replacing
// it. nil knows no append-only date (every date replaces).
type AppendOnlyDates func(curve CurveKey, date string) bool

// PublishedDates is what the rule found for one group: the regular date
// whose points the dashboard shows and the later append-only dates joined
// to it, oldest first.
type PublishedDates struct {
	Base     string
	Appended []string
}

// PublishedCurve returns the indices of the published points the dashboard
// shows as of asOf ("" the latest) for group (a PublishedGroup): those of
// the group's latest regular date on or before asOf, with the points of
// every later append-only date joined to them.
func PublishedCurve(points []Point, group string, asOf string, appendOnly AppendOnlyDates) ([]int, PublishedDates) {
	idx, dates := publishedIndex(points, asOf, appendOnly, func(p *Point) string {
		if p.Source != SourcePublished {
			return ""
		}
		if g := PublishedGroup(p); g == group {
			return g
		}
		return ""
	})
	return idx, dates[group]
}

// PublishedView is the indices of the points the dashboard shows as of
// asOf ("" the latest), every group at once (PublishedCurve of each):
// published and competitor-tagged points (a competitor's curve is
// published too); local runs and planned points are left out, and so is a
// published point of an earlier date than its group's. appendedDates are
// the append-only dates joined to some group's curve, oldest first.
func PublishedView(points []Point, asOf string, appendOnly AppendOnlyDates) (idx []int, appendedDates []string) {
	idx, dates := publishedIndex(points, asOf, appendOnly, func(p *Point) string {
		if p.Source != SourcePublished && p.Source != SourceCompetitor {
			return ""
		}
		return PublishedGroup(p)
	})
	for _, pd := range dates {
		for _, d := range pd.Appended {
			if !slices.Contains(appendedDates, d) {
				appendedDates = append(appendedDates, d)
			}
		}
	}
	slices.Sort(appendedDates)
	return idx, appendedDates
}

// publishedIndex is the rule: group gives a point's group ("" for a point
// the view does not take). One pass finds each group's latest regular date
// and the append-only dates after it, one keeps their points, in order.
func publishedIndex(points []Point, asOf string, appendOnly AppendOnlyDates, group func(*Point) string) ([]int, map[string]PublishedDates) {
	groups := make([]string, len(points))
	curves := map[string]CurveKey{}
	seen := map[string]map[string]bool{} // each group's dates
	for i := range points {
		p := &points[i]
		if asOf != "" && p.Prov.Date > asOf {
			continue
		}
		g := group(p)
		if g == "" {
			continue
		}
		groups[i] = g
		if seen[g] == nil {
			seen[g] = map[string]bool{}
			curves[g] = p.Curve
		}
		seen[g][p.Prov.Date] = true
	}
	dates := make(map[string]PublishedDates, len(seen))
	kept := make(map[string]map[string]bool, len(seen))
	for g, ds := range seen {
		var pd PublishedDates
		joins := map[string]bool{}
		for d := range ds {
			if appendOnly != nil && appendOnly(curves[g], d) {
				joins[d] = true
			} else if d > pd.Base || pd.Base == "" {
				pd.Base = d
			}
		}
		keep := map[string]bool{pd.Base: true}
		for d := range joins {
			if d > pd.Base {
				keep[d] = true
				pd.Appended = append(pd.Appended, d)
			}
		}
		if len(ds) == len(joins) {
			delete(keep, "") // only append-only dates: no regular curve under them
			pd.Base = ""
		}
		slices.Sort(pd.Appended)
		dates[g], kept[g] = pd, keep
	}
	var idx []int
	for i := range points {
		if g := groups[i]; g != "" && kept[g][points[i].Prov.Date] {
			idx = append(idx, i)
		}
	}
	return idx, dates
}
