package model

import (
	"cmp"
	"fmt"
	"slices"
)

// Holes: what a removal leaves thinner than the coverage rule asks
// (docs/review.md). They are said beside the verdict and never change it:
// the line test alone clears a removal.
//   - Too few points: fewer kept points with both metrics than
//     RecommendedFrontierPoints.
//   - A gap: two kept points adjacent in x with a removed point between
//     them, farther apart than HoleSpacingFactor times the median spacing
//     in x of the curve before the removal (kept and removed points).

// HoleSpacingFactor is how many median spacings make a gap a hole.
const HoleSpacingFactor = 3.0

// Hole is one place where the kept curve is thin.
type Hole struct {
	Kind string `json:"kind"` // "few-points" or "gap"
	// Gap: the kept points on either side, their x, and the spacing it is
	// measured against.
	From          string   `json:"from,omitempty"`
	To            string   `json:"to,omitempty"`
	FromX         float64  `json:"from_x,omitempty"`
	ToX           float64  `json:"to_x,omitempty"`
	MedianSpacing float64  `json:"median_spacing,omitempty"`
	Removed       []string `json:"removed,omitempty"` // removed points inside the gap
	// Few points: how many are kept and how many the rule asks.
	Kept int    `json:"kept,omitempty"`
	Want int    `json:"want,omitempty"`
	Text string `json:"text"` // the sentence the text, JSON and PR body say
}

// Holes finds the holes a removal leaves in the kept curve on axes x, y.
func Holes(kept, removed []Point, x, y Axis) []Hole {
	type xp struct {
		x  float64
		id string
	}
	var ks, all []xp
	for i := range kept {
		if px, _, ok := kept[i].XY(x, y); ok {
			ks = append(ks, xp{px, kept[i].ID})
		}
	}
	var rs []xp
	for i := range removed {
		if px, _, ok := removed[i].XY(x, y); ok {
			rs = append(rs, xp{px, removed[i].ID})
		}
	}
	var out []Hole
	if len(removed) > 0 && len(ks) < RecommendedFrontierPoints {
		out = append(out, Hole{Kind: "few-points", Kept: len(ks), Want: RecommendedFrontierPoints,
			Text: fmt.Sprintf("only %s with %s and %s are left; the coverage rule asks for at least %d",
				Plural(len(ks), "kept point"), x.Name, y.Name, RecommendedFrontierPoints)})
	}
	byX := func(a, b xp) int { return cmp.Compare(a.x, b.x) }
	slices.SortFunc(ks, byX)
	all = append(append(all, ks...), rs...)
	slices.SortFunc(all, byX)
	var gaps []float64
	for i := 1; i < len(all); i++ {
		gaps = append(gaps, all[i].x-all[i-1].x)
	}
	if len(gaps) == 0 || len(rs) == 0 {
		return out
	}
	slices.Sort(gaps)
	med := gaps[len(gaps)/2]
	if len(gaps)%2 == 0 {
		med = (gaps[len(gaps)/2-1] + gaps[len(gaps)/2]) / 2
	}
	if med <= 0 {
		return out
	}
	for i := 1; i < len(ks); i++ {
		a, b := ks[i-1], ks[i]
		var inside []string
		for _, r := range rs {
			if r.x > a.x && r.x < b.x {
				inside = append(inside, r.id)
			}
		}
		if len(inside) == 0 || b.x-a.x <= HoleSpacingFactor*med {
			continue
		}
		out = append(out, Hole{Kind: "gap", From: a.id, To: b.id, FromX: a.x, ToX: b.x, MedianSpacing: med, Removed: inside,
			Text: fmt.Sprintf("a gap in %s from %s (%s) to %s (%s): %.1f× the curve's median spacing %s",
				x.Name, FormatValue(x.Metric, a.x), a.id, FormatValue(x.Metric, b.x), b.id, (b.x-a.x)/med, FormatValue(x.Metric, med))})
	}
	return out
}
